import { sql, type Kysely, type Transaction } from "kysely";
import { CANCELLABLE_STATUSES, type OrderStatus } from "~/lib/constants";
import {
  ALREADY_CANCELLED,
  CANNOT_CANCEL_SHIPPED,
  FREE_ORDER_NO_MONEY,
  NO_SUCH_LINE,
  NOT_PAID,
  NOTHING_TO_REFUND,
  REFUND_REFUSED,
  tooManyUnits,
  tooMuchRefund,
} from "~/lib/messages/refunds";
import { ORDER_NOT_FOUND } from "~/lib/messages/checkout";
import { ORDER_BUSY } from "~/lib/messages/refunds";
import { lineName } from "~/lib/variants";
import { paidForUnits } from "~/lib/discounts/arithmetic";
import type { Database, RefundsTable } from "#db/schema";
import { db, newId, now } from "~/server/database/db.server";
import { lockRows, lockStockOf } from "~/server/database/locks.server";
import { log } from "~/server/platform/log.server";
import { orderForMail, refundMessage } from "~/server/mail/messages.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { forEachFreeOrder, OrderBusy, oneAtATime } from "~/server/checkout/payment-lock.server";
import { getRefund, PayPalError, refundCapture, type RefundResult } from "~/server/payments/paypal.server";
import { recordStatusChange } from "./timeline.server";
import { releaseSpentUse } from "~/server/discounts/uses.server";

// Money going back (docs/decisions/0037-refunds.md). Every refund is first a row (with its lines
// and the amount added to the order's refunded_cents, which the database keeps at or below what
// was paid), then a PayPal call whose PayPal-Request-Id is the row's id, then the row settled.
// What a refund does to the order (units back in stock, the order cancelled or rejected, the
// e-mail) happens once, in the transaction that records PayPal's acceptance. A crash or a lost
// answer leaves the row `requested`: the recovery sweep sends the same request again (PayPal
// answers a repeated id with its stored answer) and settles it. All of it runs under the order's
// payment lease, so two refunds of one order, or a refund and the sweep, never interleave.

export type RefundLine = { variantId: string; quantity: number };

/** What the admin asks for: lines (their unit prices) or an amount, or both (the amount then wins). */
export type RefundRequest = {
  items?: RefundLine[];
  amountCents?: number;
  restock: boolean;
  reason: string;
  /** The owner gives the order's discount-code use back if this refund leaves nothing paid (default: it stays spent). */
  releaseDiscountUse?: boolean;
};

export type RefundOutcome =
  // refundId null: a free order (nothing paid) closed without a refund row or PayPal.
  | { ok: true; refundId: string | null; status: "completed" | "pending" | "requested" }
  | { ok: false; status: 400 | 404 | 409 | 502; message: string };

export type Plan = {
  by: "shopper" | "admin";
  /** `all`: every unit not refunded yet, and all the money left. A line by its size (variant) or by the order's line itself. */
  lines: Array<{ variantId?: string; orderItemId?: string; quantity: number }> | "all";
  amountCents?: number;
  /** The lines' value, but never more than is left to refund (a return's receipt). */
  atMostLeft?: boolean;
  /** `unlessShipped`: back in stock only if the order has not left the shop (a rejection). */
  restock: boolean | "unlessShipped";
  reason: string;
  orderStatusAfter: "cancelled" | "rejected" | null;
  /** The owner's choice: once the order is refunded in full, its discount code's use goes back (decision 0043). */
  releaseDiscountUse?: boolean;
  /** A return being received, whose money lines this refund is for: not yet counted by it (unitsLeft). */
  returnId?: string;
  /** Only the order's owner (the shopper's own cancellation). */
  userId?: string;
  /** The order must be in one of these. */
  allowed?: { statuses: readonly OrderStatus[]; message: (status: OrderStatus) => string };
};

export class Refusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** The shopper cancels an order that has not shipped: everything refunded, every unit back in stock. */
export function cancelOrder(userId: string, orderId: string): Promise<RefundOutcome> {
  return refund(orderId, {
    by: "shopper",
    lines: "all",
    restock: true,
    reason: "Cancelled by the shopper",
    orderStatusAfter: "cancelled",
    userId,
    allowed: {
      statuses: CANCELLABLE_STATUSES,
      message: (status) => (status === "cancelled" || status === "rejected" ? ALREADY_CANCELLED : CANNOT_CANCEL_SHIPPED),
    },
  });
}

/**
 * The admin rejects a paid order: everything left refunded, then the order is rejected. Its units
 * go back in stock unless it has shipped (the shopper may still have them; a return brings them back).
 */
export function rejectPaidOrder(orderId: string, { releaseDiscountUse = false } = {}): Promise<RefundOutcome> {
  return refund(orderId, {
    by: "admin",
    lines: "all",
    restock: "unlessShipped",
    reason: "Rejected by the shop",
    orderStatusAfter: "rejected",
    releaseDiscountUse,
  });
}

/** The admin refunds lines and/or an amount. */
export function refundByAdmin(orderId: string, request: RefundRequest): Promise<RefundOutcome> {
  const items = request.items?.filter((line) => line.quantity > 0);
  if (!items?.length && !request.amountCents) return Promise.resolve({ ok: false, status: 400, message: NOTHING_TO_REFUND });
  return refund(orderId, {
    by: "admin",
    lines: items ?? [],
    amountCents: request.amountCents,
    restock: request.restock,
    reason: request.reason,
    orderStatusAfter: null,
    releaseDiscountUse: request.releaseDiscountUse ?? false,
  });
}

function refund(orderId: string, plan: Plan): Promise<RefundOutcome> {
  return whileHoldingOrder(orderId, async () => {
    const written = await db.transaction().execute(async (trx) => {
      const order = await trx.selectFrom("orders").select(["payment_method", "total_cents"]).where("id", "=", orderId).executeTakeFirst();
      return order && isFree(order) ? closeFreeOrder(trx, orderId, plan) : writeRefund(trx, orderId, plan);
    });
    return "captureId" in written ? send(written) : written;
  });
}

/** An order its discount code paid in full: nothing was taken through PayPal (decision 0043). */
const isFree = (order: { payment_method: string; total_cents: number }) => order.payment_method === "none" && order.total_cents === 0;

/**
 * A free order cancelled by the shopper or rejected by the owner: no money to give back and no
 * PayPal, so the order's new status, its units back in stock (once: the order's stock claim goes
 * 1 → 0 conditionally; units returned already stay counted) and the e-mail happen here, in one
 * transaction, with the owner's choice of giving the code's use back. Line or amount refunds of
 * a free order are refused: there is no money.
 */
async function closeFreeOrder(trx: Transaction<Database>, orderId: string, plan: Plan): Promise<RefundOutcome> {
  let query = trx
    .selectFrom("orders")
    .select(["order_status", "payment_status"])
    .where("id", "=", orderId)
    .where("payment_status", "not in", ["cancelled", "failed"]);
  if (plan.userId) query = query.where("user_id", "=", plan.userId);
  const order = await lockRows(trx, query).executeTakeFirst();
  if (!order) throw new Refusal(404, ORDER_NOT_FOUND);
  if (plan.allowed && !plan.allowed.statuses.includes(order.order_status)) throw new Refusal(409, plan.allowed.message(order.order_status));
  if (order.payment_status !== "paid") throw new Refusal(409, NOT_PAID);
  if (plan.lines !== "all" || !plan.orderStatusAfter) throw new Refusal(409, FREE_ORDER_NO_MONEY);
  if (order.order_status === "cancelled" || order.order_status === "rejected") throw new Refusal(409, ALREADY_CANCELLED);
  const stamp = now();
  const restock = plan.restock === "unlessShipped" ? CANCELLABLE_STATUSES.includes(order.order_status) : plan.restock;
  // Closing it settles its stock once, restocked or not (a shipped order's units are with the
  // shopper): a later rejection is a plain status change, as for a paid order refunded in full,
  // and nothing of it can be returned or refunded any more (unitsLeft).
  // The code's row before the stock, as every other path that touches both takes them.
  if (plan.releaseDiscountUse) await releaseSpentUse(trx, orderId);
  // What is still out (not in an open return, not received back already), read before the claim
  // below closes the order, after which nothing of it is left (unitsLeft).
  const left = await unitsLeft(trx, orderId);
  const claimed = await trx
    .updateTable("orders")
    .set({ stock_reserved: 0 })
    .where("id", "=", orderId)
    .where("stock_reserved", "=", 1)
    .executeTakeFirst();
  if (restock && Number(claimed.numUpdatedRows) === 1) {
    const items = await trx.selectFrom("order_items").select(["id", "variant_id"]).where("order_id", "=", orderId).execute();
    await lockStockOf(
      trx,
      items.map((i) => i.variant_id),
    );
    for (const item of items) {
      const units = left.get(item.id) ?? 0;
      if (item.variant_id && units > 0)
        await trx
          .updateTable("product_variants")
          .set({ stock: sql`stock + ${units}` })
          .where("id", "=", item.variant_id)
          .execute();
    }
  }
  await trx
    .updateTable("orders")
    .set({ order_status: plan.orderStatusAfter, order_update_date: stamp })
    .where("id", "=", orderId)
    .execute();
  await recordStatusChange(trx, orderId, order.order_status, plan.orderStatusAfter, plan.by, stamp);
  await enqueueMail(trx, refundMessage(await orderForMail(trx, orderId), plan.orderStatusAfter, 0, plan.reason));
  return { ok: true, refundId: null, status: "completed" };
}

/**
 * Runs `work` holding the order's payment lease (one change of its money at a time, across
 * processes), turning a Refusal thrown inside into the outcome it names.
 */
export type Refused = { ok: false; status: 400 | 404 | 409; message: string };
export async function whileHoldingOrder<T>(orderId: string, work: () => Promise<T>): Promise<T | Refused> {
  try {
    return await oneAtATime(orderId, work);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, status: error.status, message: error.message };
    if (error instanceof OrderBusy) return { ok: false, status: 409, message: ORDER_BUSY };
    throw error;
  }
}

export type Written = { id: string; orderId: string; captureId: string; amountCents: number; reason: string };

/**
 * Step one: the refund's row and lines, and its amount counted on the order, in the caller's
 * transaction (a return's receipt writes its refund with it). Throws a Refusal for what the order
 * does not allow.
 */
export async function writeRefund(trx: Transaction<Database>, orderId: string, plan: Plan): Promise<Written> {
  {
    let query = trx
      .selectFrom("orders")
      .select(["id", "order_status", "payment_status", "total_cents", "refunded_cents", "capture_id"])
      .where("id", "=", orderId)
      .where("payment_status", "not in", ["cancelled", "failed"]);
    if (plan.userId) query = query.where("user_id", "=", plan.userId);
    const order = await lockRows(trx, query).executeTakeFirst();
    if (!order) throw new Refusal(404, ORDER_NOT_FOUND);
    if (plan.allowed && !plan.allowed.statuses.includes(order.order_status))
      throw new Refusal(409, plan.allowed.message(order.order_status));
    if (order.payment_status !== "paid" || !order.capture_id) throw new Refusal(409, NOT_PAID);
    const left = order.total_cents - order.refunded_cents;

    const items = await trx
      .selectFrom("order_items")
      .select(["id", "variant_id", "title", "size", "color", "unit_price_cents", "quantity", "discount_cents"])
      .where("order_id", "=", orderId)
      .orderBy("id")
      .execute();
    const { left: unitsLeftOf, refunded } = await unitsOf(trx, orderId, plan.returnId);
    const lines: Array<{ itemId: string; quantity: number; cents: number }> = [];
    const paidFor = refundPricer(refunded);
    if (plan.lines === "all") {
      for (const item of items) {
        const quantity = unitsLeftOf.get(item.id) ?? 0;
        if (quantity > 0) lines.push({ itemId: item.id, quantity, cents: paidFor(item, quantity) });
      }
    } else {
      for (const line of plan.lines) {
        const item = items.find((i) => (line.orderItemId ? i.id === line.orderItemId : i.variant_id === line.variantId));
        if (!item) throw new Refusal(400, NO_SUCH_LINE);
        const leftUnits = (unitsLeftOf.get(item.id) ?? 0) - lines.filter((l) => l.itemId === item.id).reduce((n, l) => n + l.quantity, 0);
        if (line.quantity > leftUnits) throw new Refusal(409, tooManyUnits(lineName(item.title, item.size, item.color), leftUnits));
        lines.push({ itemId: item.id, quantity: line.quantity, cents: paidFor(item, line.quantity) });
      }
    }
    const linesCents = lines.reduce((sum, l) => sum + l.cents, 0);
    // A return's lines refund what is left at most (an earlier goodwill amount may have taken part of it).
    const amountCents = plan.lines === "all" ? left : (plan.amountCents ?? (plan.atMostLeft ? Math.min(linesCents, left) : linesCents));
    if (amountCents <= 0) throw new Refusal(409, plan.lines === "all" ? tooMuchRefund(0) : NOTHING_TO_REFUND);
    if (amountCents > left) throw new Refusal(409, tooMuchRefund(left));

    // Conditional, so whatever else counts refunds on this order, the total never passes what was paid.
    const stamp = now();
    const counted = await trx
      .updateTable("orders")
      .set({ refunded_cents: sql`refunded_cents + ${amountCents}`, order_update_date: stamp })
      .where("id", "=", orderId)
      .where(sql<boolean>`refunded_cents + ${amountCents} <= total_cents`)
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) !== 1) throw new Refusal(409, tooMuchRefund(left));
    const id = newId();
    await trx
      .insertInto("refunds")
      .values({
        id,
        order_id: orderId,
        amount_cents: amountCents,
        status: "requested",
        reason: plan.reason,
        restock: (plan.restock === "unlessShipped" ? CANCELLABLE_STATUSES.includes(order.order_status) : plan.restock) ? 1 : 0,
        order_status_after: plan.orderStatusAfter,
        by: plan.by,
        release_discount_use: plan.releaseDiscountUse ? 1 : 0,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    if (lines.length) {
      await trx
        .insertInto("refund_items")
        .values(lines.map((l) => ({ id: newId(), refund_id: id, order_item_id: l.itemId, quantity: l.quantity })))
        .execute();
    }
    return { id, orderId, captureId: order.capture_id, amountCents, reason: plan.reason };
  }
}

/**
 * The one rule for what is left of each line of an order (issue 38, point 6), which a refund of
 * lines, a return and the closing of a free order all count with: the units bought, less those
 * refunded (a refund not failed, or one PayPal took and failed later: its units went back then),
 * exchanged, asked for in a return not decided yet, or received back in a return without a refund
 * (its money had gone back already, or a code made the line free); and none at all once a free
 * order is closed (cancelled or rejected: its units went back or stayed with the shopper then).
 */
export async function unitsLeft(trx: Kysely<Database>, orderId: string): Promise<Map<string, number>> {
  return (await unitsOf(trx, orderId)).left;
}

/**
 * What `lines` of the order cost after its discount, as a refund of them would give back now
 * (after the units refunded in money before): 0 for lines a discount code made free.
 */
export async function paidForLines(
  trx: Kysely<Database>,
  orderId: string,
  lines: Array<{ orderItemId: string; quantity: number }>,
): Promise<number> {
  const items = await trx
    .selectFrom("order_items")
    .select(["id", "unit_price_cents", "quantity", "discount_cents"])
    .where("order_id", "=", orderId)
    .execute();
  const paidFor = refundPricer((await unitsOf(trx, orderId)).refunded);
  let cents = 0;
  for (const line of lines) {
    const item = items.find((i) => i.id === line.orderItemId);
    if (item) cents += paidFor(item, line.quantity);
  }
  return cents;
}

type PricedItem = { id: string; unit_price_cents: number; quantity: number; discount_cents: number };

/**
 * Prices units of an order's lines as a refund gives them back: what they cost after the discount
 * (paidForUnits), after the units refunded in money before (`refunded`) and those this pricer
 * priced already, so every unit refunded, in any steps, gives back exactly what the line cost.
 */
function refundPricer(refunded: Map<string, number>): (item: PricedItem, quantity: number) => number {
  const priced = new Map<string, number>();
  return (item, quantity) => {
    const before = (refunded.get(item.id) ?? 0) + (priced.get(item.id) ?? 0);
    priced.set(item.id, (priced.get(item.id) ?? 0) + quantity);
    const line = { totalCents: item.unit_price_cents * item.quantity, discountCents: item.discount_cents, quantity: item.quantity };
    return paidForUnits(line, before, quantity);
  };
}

/**
 * `left`: as unitsLeft; `refunded`: only the units refunded in money, which decide a line's next
 * refund amount (paidForUnits). `receiving`: a return being received, whose refund is being
 * written: its units are counted by that refund, not yet linked to it.
 */
async function unitsOf(trx: Kysely<Database>, orderId: string, receiving?: string) {
  const [order, items, refunded, returning] = await Promise.all([
    trx
      .selectFrom("orders")
      .select(["payment_method", "payment_status", "total_cents", "stock_reserved"])
      .where("id", "=", orderId)
      .executeTakeFirst(),
    trx.selectFrom("order_items").select(["id", "quantity"]).where("order_id", "=", orderId).execute(),
    trx
      .selectFrom("refund_items")
      .innerJoin("refunds", "refunds.id", "refund_items.refund_id")
      .select(["refund_items.order_item_id as id", (eb) => eb.fn.sum<number>("refund_items.quantity").as("n")])
      .where("refunds.order_id", "=", orderId)
      .where((eb) => eb.or([eb("refunds.status", "!=", "failed"), eb("refunds.paypal_refund_id", "is not", null)]))
      .groupBy("refund_items.order_item_id")
      .execute(),
    // A received return's money lines are counted by its refund (above); those received without
    // one, and exchanged ones, by the return.
    trx
      .selectFrom("return_items")
      .innerJoin("returns", "returns.id", "return_items.return_id")
      .select(["return_items.order_item_id as id", (eb) => eb.fn.sum<number>("return_items.quantity").as("n")])
      .where("returns.order_id", "=", orderId)
      .where((eb) =>
        eb.or([
          eb("returns.status", "=", "requested"),
          eb("return_items.outcome", "=", "exchanged"),
          eb.and([eb("returns.status", "=", "received"), eb("returns.refund_id", "is", null), eb("returns.id", "!=", receiving ?? "")]),
        ]),
      )
      .groupBy("return_items.order_item_id")
      .execute(),
  ]);
  const used = new Map<string, number>();
  for (const row of [...refunded, ...returning]) used.set(row.id, (used.get(row.id) ?? 0) + Number(row.n));
  const closed = !!order && order.payment_status === "paid" && isFree(order) && order.stock_reserved === 0;
  const left = new Map(items.map((i) => [i.id, closed ? 0 : Math.max(0, i.quantity - (used.get(i.id) ?? 0))]));
  return { left, refunded: new Map(refunded.map((row) => [row.id, Number(row.n)])) };
}

/** Step two: PayPal, then the row settled. An unknown outcome leaves it `requested` for the sweep. */
export async function send(refund: Written): Promise<RefundOutcome> {
  let answer: RefundResult;
  try {
    answer = await refundCapture(refund.captureId, refund.id, refund.amountCents, refund.reason.slice(0, 255));
  } catch (error) {
    if (refusedForGood(error)) {
      await markFailed(refund.id, error.message);
      log("error", "PayPal refused a refund", { orderId: refund.orderId, refundId: refund.id, error });
      return { ok: false, status: 502, message: REFUND_REFUSED };
    }
    log("warn", "refund outcome unknown; the recovery sweep will ask PayPal again", {
      orderId: refund.orderId,
      refundId: refund.id,
      error,
    });
    return { ok: true, refundId: refund.id, status: "requested" };
  }
  const status = await settle(refund.id, answer);
  if (status === "failed") return { ok: false, status: 502, message: REFUND_REFUSED };
  return { ok: true, refundId: refund.id, status };
}

/** A 4xx that names what was wrong: PayPal did not and will not make this refund. */
function refusedForGood(error: unknown): error is PayPalError {
  return error instanceof PayPalError && error.definitive;
}

/**
 * Records PayPal's answer. COMPLETED or PENDING: PayPal has taken the refund, so its effects happen
 * now, once (only the move out of `requested` does them). FAILED or CANCELLED: the amount is free again.
 */
async function settle(refundId: string, answer: RefundResult): Promise<RefundsTable["status"]> {
  const accepted = answer.status === "COMPLETED" ? "completed" : answer.status === "PENDING" ? "pending" : null;
  if (answer.status === "FAILED" || answer.status === "CANCELLED") {
    await markFailed(refundId, `PayPal answered ${answer.status}`);
    return "failed";
  }
  // A status PayPal's files do not list: not a refusal; the sweep asks again.
  if (!accepted) return "requested";
  return db.transaction().execute(async (trx) => {
    const stamp = now();
    const taken = await trx
      .updateTable("refunds")
      .set({ status: accepted, paypal_refund_id: answer.id, updated_at: stamp })
      .where("id", "=", refundId)
      .where("status", "=", "requested")
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) {
      await applyRefund(trx, refundId, stamp);
      return accepted;
    }
    // Already taken (a pending refund now complete, or another caller got here first).
    if (accepted === "completed") {
      await trx
        .updateTable("refunds")
        .set({ status: "completed", updated_at: stamp })
        .where("id", "=", refundId)
        .where("status", "=", "pending")
        .execute();
    }
    const row = await trx.selectFrom("refunds").select("status").where("id", "=", refundId).executeTakeFirstOrThrow();
    return row.status;
  });
}

/** What a refund PayPal has taken does to the shop: units back, the order's new status, the e-mail. */
async function applyRefund(trx: Transaction<Database>, refundId: string, stamp: string): Promise<void> {
  const refund = await trx.selectFrom("refunds").selectAll().where("id", "=", refundId).executeTakeFirstOrThrow();
  // The order first, then the stock: the order in which a checkout takes them.
  const order = await lockRows(
    trx,
    trx.selectFrom("orders").select(["order_status", "total_cents", "refunded_cents"]).where("id", "=", refund.order_id),
  ).executeTakeFirstOrThrow();
  // The owner's choice, on this refund or an earlier one: a code's use goes back once nothing of
  // the order stays paid, counting the refunds PayPal accepted (not one still waiting for its
  // answer, which may yet fail).
  const accepted = await trx
    .selectFrom("refunds")
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>("amount_cents"), eb.val(0)).as("cents"),
      eb.fn.coalesce(eb.fn.max<number>("release_discount_use"), eb.val(0)).as("release"),
    ])
    .where("order_id", "=", refund.order_id)
    .where("status", "in", ["completed", "pending"])
    .executeTakeFirstOrThrow();
  if (Number(accepted.release) === 1 && Number(accepted.cents) >= order.total_cents) await releaseSpentUse(trx, refund.order_id);
  if (refund.restock) {
    const lines = await trx
      .selectFrom("refund_items")
      .innerJoin("order_items", "order_items.id", "refund_items.order_item_id")
      .select(["order_items.variant_id", "refund_items.quantity"])
      .where("refund_items.refund_id", "=", refundId)
      .execute();
    await lockStockOf(
      trx,
      lines.map((l) => l.variant_id),
    );
    for (const line of lines) {
      // A size the owner has deleted since has no stock to return to.
      if (line.variant_id)
        await trx
          .updateTable("product_variants")
          .set({ stock: sql`stock + ${line.quantity}` })
          .where("id", "=", line.variant_id)
          .execute();
    }
  }
  if (refund.order_status_after) {
    if (order.order_status !== refund.order_status_after) {
      await trx
        .updateTable("orders")
        .set({ order_status: refund.order_status_after, order_update_date: stamp })
        .where("id", "=", refund.order_id)
        .execute();
      await recordStatusChange(trx, refund.order_id, order.order_status, refund.order_status_after, refund.by, stamp);
    }
  }
  const kind = refund.order_status_after ?? "refund";
  await enqueueMail(trx, refundMessage(await orderForMail(trx, refund.order_id), kind, refund.amount_cents, refund.reason));
}

async function markFailed(refundId: string, why: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const refund = await lockRows(
      trx,
      trx.selectFrom("refunds").select(["order_id", "amount_cents", "status"]).where("id", "=", refundId),
    ).executeTakeFirst();
    if (!refund || (refund.status !== "requested" && refund.status !== "pending")) return;
    const stamp = now();
    await trx
      .updateTable("refunds")
      .set({ status: "failed", failure: why.slice(0, 500), updated_at: stamp })
      .where("id", "=", refundId)
      .execute();
    await trx
      .updateTable("orders")
      .set({ refunded_cents: sql`refunded_cents - ${refund.amount_cents}`, order_update_date: stamp })
      .where("id", "=", refund.order_id)
      .execute();
    // A pending refund that fails later has already put its units back and changed the order.
    if (refund.status === "pending")
      log("error", "a pending PayPal refund failed; its units stay in stock", { orderId: refund.order_id, refundId });
  });
}

export type RefundSweep = { settled: number; unresolved: number };

/**
 * The recovery sweep's part for refunds: a `requested` refund no process is working on (its order's
 * lease is free) is sent again with the same request id; a `pending` one is asked about.
 */
export async function settleOpenRefunds(): Promise<RefundSweep> {
  const summary: RefundSweep = { settled: 0, unresolved: 0 };
  const open = ["requested", "pending"] as const;
  await forEachFreeOrder(
    (o) =>
      o.exists(o.selectFrom("refunds").select("refunds.id").whereRef("refunds.order_id", "=", "o.id").where("refunds.status", "in", open)),
    async (orderId) => {
      const rows = await db
        .selectFrom("refunds")
        .innerJoin("orders", "orders.id", "refunds.order_id")
        .select(["refunds.id", "refunds.status", "refunds.amount_cents", "refunds.reason", "refunds.paypal_refund_id", "orders.capture_id"])
        .where("refunds.order_id", "=", orderId)
        .where("refunds.status", "in", open)
        .orderBy("refunds.created_at")
        .execute();
      for (const row of rows) {
        try {
          const answer =
            row.status === "pending" && row.paypal_refund_id
              ? await getRefund(row.paypal_refund_id)
              : await refundCapture(row.capture_id!, row.id, row.amount_cents, row.reason.slice(0, 255));
          const status = await settle(row.id, answer);
          if (status === "completed" || status === "failed" || (row.status === "requested" && status !== "requested")) summary.settled++;
          else summary.unresolved++;
        } catch (error) {
          if (refusedForGood(error)) {
            await markFailed(row.id, error.message);
            summary.settled++;
          } else {
            summary.unresolved++;
            log("warn", "open refund: PayPal not reachable", { refundId: row.id, error });
          }
        }
      }
    },
  );
  return summary;
}
