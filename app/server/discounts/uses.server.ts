import { sql, type Kysely, type Transaction } from "kysely";
import type { DiscountCode } from "~/lib/discounts/codes";
import { discountRefusal, type DiscountLine } from "~/lib/discounts/arithmetic";
import { DISCOUNT_ALREADY_USED, DISCOUNT_UNKNOWN, DISCOUNT_USED_UP } from "~/lib/messages/discounts-shopper";
import type { Database } from "#db/schema";
import { toDiscount } from "./codes.server";
import { db, newId, now } from "~/server/database/db.server";
import { lockKey, lockRows } from "~/server/database/locks.server";
import { log } from "~/server/platform/log.server";
import { caughtRefusal, Refusal } from "~/server/platform/refusal.server";

// The uses of discount codes (issue 33, docs/decisions/0043-discount-codes.md). A use is `held`
// from the moment the PayPal order is created (in the transaction that writes the order), `used`
// once paid, `released` when the attempt is cancelled, fails or is abandoned. `discounts.taken`
// counts held and used rows; every change of a row's status changes it in the same transaction,
// by a conditional update on the row's status, so each change happens once however many
// processes try it. The limit is never passed: a hold raises `taken` only while it is below
// `usage_limit`, which PostgreSQL re-checks on the newest row version and SQLite's one writer
// decides alone, and a database check keeps `taken <= usage_limit` besides.

type Executor = Transaction<Database> | Kysely<Database>;

/** An unpaid attempt not touched for this long is abandoned: its use goes back (PayPal voids unapproved orders after 3 hours). */
export const ABANDONED_AFTER_MS = 3 * 60 * 60_000;

/** The code by its name, whatever its case; null when there is none. */
export async function findCode(executor: Executor, code: string): Promise<DiscountCode | null> {
  const row = await executor.selectFrom("discounts").selectAll().where("code", "=", code.trim().toUpperCase()).executeTakeFirst();
  return row ? toDiscount(row) : null;
}

export type CodeCheck = { discount: DiscountCode | null; refusal: string | null };

/**
 * Why the shopper cannot use `code` for these lines now (null: they can), with the code found.
 * A use of theirs counts when it is paid or its payment is under way (stock taken for the
 * capture). A hold on an unpaid attempt that their next checkout cancels (or one already
 * cancelled, which the sweep has not given back yet) is not held against them, neither as
 * "already used by you" nor as a use taken: checking out again gives it back first.
 */
export async function checkCode(
  executor: Executor,
  userId: string,
  code: string,
  lines: DiscountLine[],
  at = now(),
  email: string | null = null,
): Promise<CodeCheck> {
  const discount = await findCode(executor, code);
  if (!discount) return { discount: null, refusal: DISCOUNT_UNKNOWN };
  const mine = await executor
    .selectFrom("discount_uses")
    .innerJoin("orders", "orders.id", "discount_uses.order_id")
    .select(["discount_uses.status", "orders.payment_status", "orders.stock_reserved"])
    .where("discount_uses.discount_id", "=", discount.id)
    .where("discount_uses.user_id", "=", userId)
    .where("discount_uses.status", "in", ["held", "used"])
    .execute();
  const live = mine.filter(
    (u) => u.status === "used" || u.payment_status === "paid" || (u.payment_status === "pending" && u.stock_reserved === 1),
  );
  const replaced = mine.length - live.length;
  // With `email` (checkout, issue 51): a use on any order placed with that address counts as theirs
  // too, a guest's or an account's, so a new guest's record (a new cart, another browser) or
  // signing out does not give a "once per customer" code again.
  const usedAtAddress =
    email !== null &&
    (await executor
      .selectFrom("discount_uses")
      .innerJoin("orders", "orders.id", "discount_uses.order_id")
      .select("discount_uses.id")
      .where("discount_uses.discount_id", "=", discount.id)
      .where("discount_uses.user_id", "!=", userId)
      .where(sql<string>`lower(orders.customer_email)`, "=", email.trim().toLowerCase())
      .where((eb) =>
        eb.or([
          eb("discount_uses.status", "=", "used"),
          eb.and([
            eb("discount_uses.status", "=", "held"),
            eb.or([
              eb("orders.payment_status", "=", "paid"),
              eb.and([eb("orders.payment_status", "=", "pending"), eb("orders.stock_reserved", "=", 1)]),
            ]),
          ]),
        ]),
      )
      .executeTakeFirst()) !== undefined;
  const subtotalCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
  const refusal = discountRefusal(
    { ...discount, taken: discount.taken - replaced },
    { at, subtotalCents, lines, usedByYou: live.length > 0 || usedAtAddress },
  );
  return { discount, refusal };
}

/**
 * Holds a use of the code for a new order, inside the transaction that writes it. False when the
 * code has no use left: the caller rolls the order back and tells the shopper it is used up.
 */
export async function holdUse(
  trx: Transaction<Database>,
  use: { discountId: string; orderId: string; userId: string; amountCents: number },
): Promise<boolean> {
  if (!(await takeOne(trx, use.discountId))) return false;
  const stamp = now();
  await trx
    .insertInto("discount_uses")
    .values({
      id: newId(),
      discount_id: use.discountId,
      order_id: use.orderId,
      user_id: use.userId,
      status: "held",
      amount_cents: use.amountCents,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return true;
}

/** `taken + 1` while below the limit, in one statement; false when the code is used up. */
async function takeOne(trx: Transaction<Database>, discountId: string): Promise<boolean> {
  const taken = await trx
    .updateTable("discounts")
    .set({ taken: sql`taken + 1` })
    .where("id", "=", discountId)
    .where((eb) => eb.or([eb("usage_limit", "is", null), eb("taken", "<", eb.ref("usage_limit"))]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

/** The order's use, if it is `from`, becomes `released` and the code's `taken` goes down, once. */
async function releaseFrom(trx: Transaction<Database>, orderId: string, from: "held" | "used"): Promise<boolean> {
  const released = await trx
    .updateTable("discount_uses")
    .set({ status: "released", updated_at: now() })
    .where("order_id", "=", orderId)
    .where("status", "=", from)
    .returning("discount_id")
    .executeTakeFirst();
  if (!released) return false;
  await trx
    .updateTable("discounts")
    .set({ taken: sql`taken - 1` })
    .where("id", "=", released.discount_id)
    .execute();
  return true;
}

/**
 * The order's use goes back, once: `held` becomes `released` and the code's `taken` goes down,
 * only if the row is still held. True when this call released it.
 */
export const releaseUse = (trx: Transaction<Database>, orderId: string) => releaseFrom(trx, orderId, "held");

/**
 * The owner gives a refunded order's spent use back (issue 33, point 5): `used` becomes `released`
 * and the code's `taken` goes down, only if the row is still used, so once whoever asks. True
 * when this call gave it back.
 */
export const releaseSpentUse = (trx: Transaction<Database>, orderId: string) => releaseFrom(trx, orderId, "used");

/** `releaseUse` in a transaction of its own. */
export const releaseUseOf = (orderId: string) => db.transaction().execute((trx) => releaseUse(trx, orderId));

/**
 * The order is paid: its use is spent (`held` becomes `used`), in recordPayment's transaction.
 * A use released meanwhile (the sweep gave back an abandoned attempt's hold just as it was paid)
 * is taken again; the money is taken already, so past the limit it is still recorded, and logged.
 */
export async function markUsed(trx: Transaction<Database>, orderId: string): Promise<void> {
  const stamp = now();
  const used = await trx
    .updateTable("discount_uses")
    .set({ status: "used", updated_at: stamp })
    .where("order_id", "=", orderId)
    .where("status", "=", "held")
    .executeTakeFirst();
  if (Number(used.numUpdatedRows)) return;
  const again = await trx
    .updateTable("discount_uses")
    .set({ status: "used", updated_at: stamp })
    .where("order_id", "=", orderId)
    .where("status", "=", "released")
    .returning("discount_id")
    .executeTakeFirst();
  if (!again) return;
  if (!(await takeOne(trx, again.discount_id))) {
    log("error", "a discount code was paid for past its total uses", { orderId, discountId: again.discount_id });
  }
}

/**
 * Before an attempt's capture: its use must be held. One the sweep released (the attempt lay
 * abandoned, then the shopper came back to pay it) is held again if the code still allows it.
 * Returns why not (used up, already used by this shopper on another order), or null.
 */
export async function holdAgain(orderId: string): Promise<string | null> {
  const use = await db
    .selectFrom("discount_uses")
    .select(["discount_id", "user_id", "status"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  if (!use || use.status !== "released") return null;
  return db
    .transaction()
    .execute(async (trx) => {
      // The shopper's checkouts take this key too: "once per customer" is decided one at a time.
      await lockKey(trx, "checkout", use.user_id);
      const back = await trx
        .updateTable("discount_uses")
        .set({ status: "held", updated_at: now() })
        .where("order_id", "=", orderId)
        .where("status", "=", "released")
        .executeTakeFirst();
      if (!Number(back.numUpdatedRows)) return null;
      const discount = await trx.selectFrom("discounts").select("once_per_customer").where("id", "=", use.discount_id).executeTakeFirst();
      if (discount?.once_per_customer) {
        const other = await trx
          .selectFrom("discount_uses")
          .select("id")
          .where("discount_id", "=", use.discount_id)
          .where("user_id", "=", use.user_id)
          .where("order_id", "!=", orderId)
          .where("status", "in", ["held", "used"])
          .executeTakeFirst();
        if (other) throw new Refusal(409, DISCOUNT_ALREADY_USED);
      }
      if (!(await takeOne(trx, use.discount_id))) throw new Refusal(409, DISCOUNT_USED_UP);
      return null;
    })
    .catch((error: unknown) => caughtRefusal(error).message);
}

/**
 * Gives back the uses of `userId`'s attempts that can no longer be paid (cancelled or failed), in
 * the transaction of their next checkout, which has just cancelled the older ones.
 */
export async function releaseClosedUses(trx: Transaction<Database>, userId: string): Promise<void> {
  const closed = await trx
    .selectFrom("discount_uses")
    .innerJoin("orders", "orders.id", "discount_uses.order_id")
    .select("discount_uses.order_id")
    .where("discount_uses.user_id", "=", userId)
    .where("discount_uses.status", "=", "held")
    .where("orders.payment_status", "in", ["cancelled", "failed"])
    .orderBy("discount_uses.order_id")
    .execute();
  for (const { order_id } of closed) await releaseUse(trx, order_id);
}

/**
 * The recovery sweep's part: gives back the uses held by attempts that will not be paid: cancelled
 * or failed ones whose release was missed (a crash in between), and unpaid ones with no payment
 * under way that nobody touched for ABANDONED_AFTER_MS. Each order is locked and checked again
 * before its use goes back, so a capture starting meanwhile (which takes the order's stock first)
 * keeps it; a shopper who comes back later to pay gets it again if the code allows (holdAgain).
 * Returns how many uses went back.
 */
export async function releaseAbandonedUses(at = Date.now()): Promise<number> {
  const cutoff = new Date(at - ABANDONED_AFTER_MS).toISOString();
  const gone = (executor: Executor) =>
    executor
      .selectFrom("orders")
      .select("orders.id")
      .where((eb) =>
        eb.or([
          eb("orders.payment_status", "in", ["cancelled", "failed"]),
          eb.and([
            eb("orders.payment_status", "=", "pending"),
            eb("orders.stock_reserved", "=", 0),
            eb("orders.order_update_date", "<", cutoff),
          ]),
        ]),
      );
  const candidates = await gone(db)
    .where("orders.id", "in", (eb) => eb.selectFrom("discount_uses").select("order_id").where("status", "=", "held"))
    .execute();
  let released = 0;
  for (const { id } of candidates) {
    const done = await db.transaction().execute(async (trx) => {
      const still = await lockRows(trx, gone(trx).where("orders.id", "=", id)).executeTakeFirst();
      return still ? releaseUse(trx, id) : false;
    });
    if (done) released++;
  }
  return released;
}
