import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { AccountTokensTable, Database } from "#db/schema";
import { newId, now } from "~/server/database/db.server";

// Links e-mailed to an account holder (migration 0015): a forgotten password's reset link
// ("reset") and the confirmation of a new e-mail address ("email"). Only the SHA-256 of a link's
// token is stored; a link works once and until it expires, a newer link of the same kind replaces
// the older ones, and no link of a blocked or closed account works (issue 38).

type Kind = AccountTokensTable["kind"];

export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** Writes a new link of `kind` for the account (older unused ones of that kind stop working) and returns its token. */
export async function newAccountToken(
  trx: Kysely<Database>,
  userId: string,
  kind: Kind,
  minutes: number,
  newEmail: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const stamp = now();
  await spendAccountTokens(trx, userId, kind, stamp);
  await trx
    .insertInto("account_tokens")
    .values({
      id: newId(),
      user_id: userId,
      kind,
      token_hash: tokenHash(token),
      new_email: newEmail,
      expires_at: new Date(Date.parse(stamp) + minutes * 60_000).toISOString(),
      used_at: null,
      created_at: stamp,
    })
    .execute();
  return token;
}

/** Every unused link of `kind` (or of every kind, with "all") of the account stops working; answers how many did. */
export async function spendAccountTokens(trx: Kysely<Database>, userId: string, kind: Kind | "all", stamp = now()): Promise<number> {
  let spent = trx.updateTable("account_tokens").set({ used_at: stamp }).where("user_id", "=", userId).where("used_at", "is", null);
  if (kind !== "all") spent = spent.where("kind", "=", kind);
  return Number((await spent.executeTakeFirst()).numUpdatedRows);
}

/** The unused, unexpired link of `kind` a token opens, with its account (open, unblocked accounts only), or undefined. */
export function usableToken(trx: Kysely<Database>, token: string, kind: Kind) {
  return trx
    .selectFrom("account_tokens")
    .innerJoin("users", "users.id", "account_tokens.user_id")
    .select(["account_tokens.id", "account_tokens.new_email", "users.id as user_id", "users.user_name", "users.email"])
    .where("account_tokens.token_hash", "=", tokenHash(token))
    .where("account_tokens.kind", "=", kind)
    .where("account_tokens.used_at", "is", null)
    .where("account_tokens.expires_at", ">", new Date().toISOString())
    .where("users.closed_at", "is", null)
    .where("users.blocked_at", "is", null)
    .executeTakeFirst();
}

/** Marks a link used, once: of two uses at the same time, only one gets true. */
export async function useToken(trx: Kysely<Database>, id: string, stamp = now()): Promise<boolean> {
  const used = await trx
    .updateTable("account_tokens")
    .set({ used_at: stamp })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
