import { sql, type Transaction } from "kysely";
import { CANCELLABLE_STATUSES, type OrderStatus } from "~/lib/constants";
import {
  ALREADY_CANCELLED,
  CANNOT_CANCEL_SHIPPED,
  FREE_ORDER_NO_MONEY,
  NO_SHIPPING_CHARGED,
  NO_SUCH_LINE,
  NOT_PAID,
  NOTHING_TO_REFUND,
  SHIPPING_REFUND_REASON,
  SHIPPING_REFUNDED_ALREADY,
  tooManyUnits,
  tooMuchRefund,
} from "~/lib/messages/refunds";
import { ORDER_NOT_FOUND } from "~/lib/messages/checkout";
import { lineName } from "~/lib/variants";
import type { Database } from "#db/schema";
import { db, newId, now } from "~/server/database/db.server";
import { lockRows } from "~/server/database/locks.server";
import { orderForMail, refundMessage } from "~/server/mail/messages.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { oneAtATime } from "~/server/checkout/payment-lock.server";
import { restock } from "~/server/checkout/stock.server";
import { recordStatusChange } from "./timeline.server";
import { releaseSpentUse } from "~/server/discounts/uses.server";
import { isFree, moneyLeft, refundPricer, unitsLeft, unitsOf } from "./refund-pricing.server";
import { send, type RefundOutcome, type Written } from "./refund-settle.server";
import { caughtRefusal, Refusal } from "~/server/platform/refusal.server";

// Money going back (docs/decisions/0037-refunds.md). Every refund is first a row (with its lines
// and the amount added to the order's refunded_cents, which the database keeps at or below what
// was paid), then a PayPal call whose PayPal-Request-Id is the row's id, then the row settled.
// What a refund does to the order (units back in stock, the order cancelled or rejected, the
// e-mail) happens once, in the transaction that records PayPal's acceptance. A crash or a lost
// answer leaves the row `requested`: the recovery sweep sends the same request again (PayPal
// answers a repeated id with its stored answer) and settles it. All of it runs under the order's
// payment lease, so two refunds of one order, or a refund and the sweep, never interleave.

export type { RefundOutcome } from "./refund-settle.server";

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

export type Plan = {
  by: "shopper" | "admin";
  /**
   * `all`: every unit not refunded yet, and all the money left (the shipping not refunded yet among
   * it); `shipping`: only the shipping not refunded yet (the owner's refund of it). A line by its
   * size (variant) or by the order's line itself.
   */
  lines: Array<{ variantId?: string; orderItemId?: string; quantity: number }> | "all" | "shipping";
  amountCents?: number;
  /** The lines' value, but never more than is left for the lines (a return's receipt: shipping is not given back by a return). */
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

/**
 * The owner gives back the order's shipping (issue 41): the shipping charged, with its tax when
 * prices excluded it, less any shipping refunded before (a cancellation, a rejection, an earlier
 * refund of it). A refund row like any other, then PayPal.
 */
export function refundShipping(orderId: string, { reason = SHIPPING_REFUND_REASON }: { reason?: string } = {}): Promise<RefundOutcome> {
  return refund(orderId, { by: "admin", lines: "shipping", restock: false, reason, orderStatusAfter: null });
}

async function refund(orderId: string, plan: Plan): Promise<RefundOutcome> {
  // An order that does not exist has no lease to wait for (claiming it would poll until ORDER_BUSY).
  if (!(await db.selectFrom("orders").select("id").where("id", "=", orderId).executeTakeFirst()))
    return { ok: false, status: 404, message: ORDER_NOT_FOUND };
  return whileHoldingOrder(orderId, async () => {
    const written = await db.transaction().execute(async (trx) => {
      const order = await trx.selectFrom("orders").select(["payment_method", "total_cents"]).where("id", "=", orderId).executeTakeFirst();
      return order && isFree(order) ? closeFreeOrder(trx, orderId, plan) : writeRefund(trx, orderId, plan);
    });
    return "captureId" in written ? send(written) : written;
  });
}

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
  const backInStock = plan.restock === "unlessShipped" ? CANCELLABLE_STATUSES.includes(order.order_status) : plan.restock;
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
  if (backInStock && Number(claimed.numUpdatedRows) === 1) {
    const items = await trx.selectFrom("order_items").select(["id", "variant_id"]).where("order_id", "=", orderId).execute();
    await restock(
      trx,
      items.map((i) => ({ variantId: i.variant_id, quantity: left.get(i.id) ?? 0 })),
    );
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
    return caughtRefusal(error).answer;
  }
}

/**
 * Step one: the refund's row and lines, and its amount counted on the order, in the caller's
 * transaction (a return's receipt writes its refund with it). Throws a Refusal for what the order
 * does not allow.
 */
export async function writeRefund(trx: Transaction<Database>, orderId: string, plan: Plan): Promise<Written> {
  {
    let query = trx
      .selectFrom("orders")
      .select([
        "id",
        "order_status",
        "payment_status",
        "total_cents",
        "refunded_cents",
        "capture_id",
        "shipping_cents",
        "shipping_tax_cents",
        "prices_include_tax",
      ])
      .where("id", "=", orderId)
      .where("payment_status", "not in", ["cancelled", "failed"]);
    if (plan.userId) query = query.where("user_id", "=", plan.userId);
    const order = await lockRows(trx, query).executeTakeFirst();
    if (!order) throw new Refusal(404, ORDER_NOT_FOUND);
    if (plan.allowed && !plan.allowed.statuses.includes(order.order_status))
      throw new Refusal(409, plan.allowed.message(order.order_status));
    if (order.payment_status !== "paid" || !order.capture_id) throw new Refusal(409, NOT_PAID);
    // The money and the shipping left, read under the order's lock: two refunds of the shipping, or
    // of the shipping and the whole order, take turns here, so shipping goes back at most once.
    const money = await moneyLeft(trx, orderId, order);
    const left = money.total;

    const items = await trx
      .selectFrom("order_items")
      .select(["id", "variant_id", "title", "size", "color", "unit_price_cents", "quantity", "discount_cents", "tax_cents"])
      .where("order_id", "=", orderId)
      .orderBy("id")
      .execute();
    const { left: unitsLeftOf, refunded } = await unitsOf(trx, orderId, plan.returnId);
    const lines: Array<{ itemId: string; quantity: number; cents: number }> = [];
    const paidFor = refundPricer(refunded, order.prices_include_tax === 1);
    if (plan.lines === "all") {
      for (const item of items) {
        const quantity = unitsLeftOf.get(item.id) ?? 0;
        if (quantity > 0) lines.push({ itemId: item.id, quantity, cents: paidFor(item, quantity) });
      }
    } else if (plan.lines !== "shipping") {
      for (const line of plan.lines) {
        const item = items.find((i) => (line.orderItemId ? i.id === line.orderItemId : i.variant_id === line.variantId));
        if (!item) throw new Refusal(400, NO_SUCH_LINE);
        const leftUnits = (unitsLeftOf.get(item.id) ?? 0) - lines.filter((l) => l.itemId === item.id).reduce((n, l) => n + l.quantity, 0);
        if (line.quantity > leftUnits) throw new Refusal(409, tooManyUnits(lineName(item.title, item.size, item.color), leftUnits));
        lines.push({ itemId: item.id, quantity: line.quantity, cents: paidFor(item, line.quantity) });
      }
    }
    const linesCents = lines.reduce((sum, l) => sum + l.cents, 0);
    let amountCents: number;
    // The part of the refund that gives back shipping: all of what is left of it in a refund of the
    // whole order (a cancellation, a rejection) or of the shipping alone, none in a refund of lines.
    let shippingCents = 0;
    if (plan.lines === "all") {
      amountCents = left;
      shippingCents = money.shipping;
    } else if (plan.lines === "shipping") {
      if (money.charged === 0) throw new Refusal(409, NO_SHIPPING_CHARGED);
      if (money.shipping <= 0) throw new Refusal(409, left > 0 ? SHIPPING_REFUNDED_ALREADY : tooMuchRefund(0));
      amountCents = shippingCents = money.shipping;
    } else {
      // A return's lines refund what is left for the lines at most (an earlier goodwill amount may have taken part of it).
      amountCents = plan.amountCents ?? (plan.atMostLeft ? Math.min(linesCents, money.lines) : linesCents);
    }
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
        shipping_cents: shippingCents,
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
