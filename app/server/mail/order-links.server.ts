import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema";
import { db, now } from "~/server/database/db.server";

// The links to a guest's order page that its e-mails carry (issue 51, migration 0033): 32 random bytes, of which only the
// SHA-256 is kept, so a copy of the database opens no order. Every e-mail about a guest's order
// carries a new one (the token cannot be read back to mail it again); each works until the order
// joins an account (accounts/order-claims.server.ts deletes them), after which the account's page shows it.

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A token is 43 base64url characters; anything else is refused before the database is asked. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The page a guest's order link opens. */
export const guestOrderPath = (token: string) => `/shop/orders/${token}`;

/** Writes a new link to the order's page, in the caller's transaction, and returns its token. */
export async function newOrderLink(trx: Kysely<Database>, orderId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await trx
    .insertInto("order_links")
    .values({ token_hash: hashOf(token), order_id: orderId, created_at: now() })
    .execute();
  return token;
}

/**
 * The order a link opens, with its guest's record: only a guest's order (one claimed into an
 * account has no links left, and never answers here), else null. No difference between a token
 * never issued and one deleted.
 */
export async function guestOrderOfLink(token: string): Promise<{ orderId: string; guestId: string } | null> {
  if (!TOKEN.test(token)) return null;
  const row = await db
    .selectFrom("order_links")
    .innerJoin("orders", "orders.id", "order_links.order_id")
    .innerJoin("users", "users.id", "orders.user_id")
    .select(["orders.id", "orders.user_id"])
    .where("order_links.token_hash", "=", hashOf(token))
    .where("users.guest_email", "is not", null)
    .executeTakeFirst();
  return row ? { orderId: row.id, guestId: row.user_id } : null;
}
