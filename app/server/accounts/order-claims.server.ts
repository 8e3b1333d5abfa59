import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { SessionUser } from "~/lib/access";
import { CLAIM_LINK_INVALID, CLAIM_OTHER_ACCOUNT } from "~/lib/messages/order-claims";
import type { Database } from "#db/schema";
import { db, now } from "~/server/database/db.server";
import { lockKey, lockRows } from "~/server/database/locks.server";
import { orderClaimMessage } from "~/server/mail/messages.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { config } from "~/server/platform/config.server";

// Orders placed as a guest join an account (issue 51, item 3; migration 0033's order_claims;
// docs/decisions/0078-guest-checkout.md). When someone registers or signs in with an address that
// guest orders were placed with, a link goes to that address, and only its button moves the
// orders: never the e-mail alone, since anyone may register with anyone's address. Only the
// SHA-256 of a link's token is kept, as account-tokens.server.ts keeps its own.
//
// The orders a claim moves are the paid ones (a payment still pending stays the guest's, whose
// PayPal return and success page know it by the visitor's cart cookie; an abandoned attempt is no
// order) of guest records, whose recorded e-mail is the account's, case aside.

/** How long a claim link works. */
export const CLAIM_HOURS = 24;
/** A new sign-in within this long of the last link sent (still unused) sends no other. */
const RESEND_MINUTES = CLAIM_HOURS * 60;
/** A token is 43 base64url characters; anything else is refused before the database is asked. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const hoursFrom = (stamp: string, hours: number) => new Date(Date.parse(stamp) + hours * 3_600_000).toISOString();

/** The paid guest orders placed with `email` (lower-cased), as a query of `orders` alone, so a lock takes only their rows. */
function guestOrders(trx: Kysely<Database>, email: string) {
  return trx
    .selectFrom("orders")
    .where("orders.user_id", "in", (eb) => eb.selectFrom("users").select("users.id").where("users.guest_email", "is not", null))
    .where((eb) => eb(eb.fn("lower", ["orders.customer_email"]), "=", email))
    .where("orders.payment_status", "=", "paid");
}

async function countGuestOrders(trx: Kysely<Database>, email: string): Promise<number> {
  const { total } = await guestOrders(trx, email)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * After a registration or a sign-in: when guest orders were placed with the account's address, a
 * link to add them goes to that address (at most one an hour while the last is unused), in the
 * transaction that records it. Answers how many orders wait (0: none, nothing sent). Admins are no
 * shoppers: they are offered nothing.
 */
export async function offerGuestOrders(user: SessionUser): Promise<number> {
  if (user.role !== "user") return 0;
  const email = user.email.trim().toLowerCase();
  const count = await countGuestOrders(db, email);
  if (!count) return 0;
  await db.transaction().execute(async (trx) => {
    // Two sign-ins at once send one link.
    await lockKey(trx, "order-claim", user.id);
    const stamp = now();
    const recent = await trx
      .selectFrom("order_claims")
      .select("token_hash")
      .where("user_id", "=", user.id)
      .where("email", "=", email)
      .where("used_at", "is", null)
      .where("expires_at", ">", stamp)
      .where("created_at", ">", new Date(Date.parse(stamp) - RESEND_MINUTES * 60_000).toISOString())
      .executeTakeFirst();
    if (recent) return;
    const token = randomBytes(32).toString("base64url");
    await trx
      .insertInto("order_claims")
      .values({
        token_hash: hashOf(token),
        user_id: user.id,
        email,
        created_at: stamp,
        expires_at: hoursFrom(stamp, CLAIM_HOURS),
        used_at: null,
      })
      .execute();
    const link = `${config.publicUrl}/auth/claim-orders?token=${encodeURIComponent(token)}`;
    await enqueueMail(trx, orderClaimMessage({ userName: user.userName, email }, count, link, CLAIM_HOURS));
  });
  return count;
}

/**
 * The claim a token opens, if it can still be used: unused, unexpired, its account open, unblocked
 * and still at the address the link was sent to.
 */
function usableClaim(trx: Kysely<Database>, token: string, stamp: string) {
  return trx
    .selectFrom("order_claims")
    .innerJoin("users", "users.id", "order_claims.user_id")
    .select(["order_claims.user_id", "order_claims.email"])
    .where("order_claims.token_hash", "=", hashOf(token))
    .where("order_claims.used_at", "is", null)
    .where("order_claims.expires_at", ">", stamp)
    .where("users.closed_at", "is", null)
    .where("users.blocked_at", "is", null)
    .where("users.guest_email", "is", null)
    .whereRef("users.email", "=", "order_claims.email");
}

/**
 * What the link's page offers: the address, how many orders would join the account now, and
 * whether `userId` (the signed-in account, if any) is the account the link was sent for; null when
 * the link does not work.
 */
export async function claimTarget(token: string, userId: string | null): Promise<{ email: string; count: number; forYou: boolean } | null> {
  if (!TOKEN.test(token)) return null;
  const claim = await usableClaim(db, token, now()).executeTakeFirst();
  return claim ? { email: claim.email, count: await countGuestOrders(db, claim.email), forYou: claim.user_id === userId } : null;
}

export type ClaimResult = { ok: true; userId: string; count: number } | { ok: false; status: 403 | 410; message: string };

/**
 * The link's button, pressed by `userId` (the signed-in account): in one transaction, the claim is
 * checked (see usableClaim; refused unless it was sent for that account) and used, every
 * paid guest order placed with its address becomes the account's (with its discount-code uses, so
 * "once per customer" counts them), and their order links are deleted, so the guest's page no
 * longer opens them. Once only: the claim's row is locked, and its use is a conditional update, so
 * of two processes pressing it at once one moves the orders and the other is refused.
 */
export async function claimGuestOrders(token: string, userId: string): Promise<ClaimResult> {
  const refused = { ok: false as const, status: 410 as const, message: CLAIM_LINK_INVALID };
  if (!TOKEN.test(token)) return refused;
  const tokenHash = hashOf(token);
  return db.transaction().execute(async (trx): Promise<ClaimResult> => {
    const stamp = now();
    const locked = await lockRows(
      trx,
      trx.selectFrom("order_claims").select("token_hash").where("token_hash", "=", tokenHash).where("used_at", "is", null),
    ).executeTakeFirst();
    if (!locked) return refused;
    // The account too, so that blocking it or changing its address waits for the claim, or the claim for them.
    const claim = await lockRows(trx, usableClaim(trx, token, stamp)).executeTakeFirst();
    if (!claim) return refused;
    // Only the account's holder, signed in: the link proves the address, the password the account.
    // (Someone who registered with another person's address gets nothing when that person presses it.)
    if (claim.user_id !== userId) return { ok: false, status: 403, message: CLAIM_OTHER_ACCOUNT };
    const used = await trx
      .updateTable("order_claims")
      .set({ used_at: stamp })
      .where("token_hash", "=", tokenHash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return refused;
    const ids = (await lockRows(trx, guestOrders(trx, claim.email).select("orders.id").orderBy("orders.id")).execute()).map((r) => r.id);
    if (ids.length) {
      await trx.updateTable("orders").set({ user_id: claim.user_id }).where("id", "in", ids).execute();
      await trx.updateTable("discount_uses").set({ user_id: claim.user_id }).where("order_id", "in", ids).execute();
      await trx.deleteFrom("order_links").where("order_id", "in", ids).execute();
    }
    return { ok: true, userId: claim.user_id, count: ids.length };
  });
}
