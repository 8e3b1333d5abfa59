import { sql } from "kysely";
import type { SessionUser } from "~/lib/access";
import { ORDER_NOT_FOUND, PAYMENT_BUSY, PAYMENT_DECLINED, PAYMENT_PROBLEM, PAYMENT_UNEXPECTED, soldOut } from "~/lib/messages/checkout";
import { db, now } from "~/server/database/db.server";
import { lockKey } from "~/server/database/locks.server";
import { cartLockName, ownerColumn, type CartOwner } from "~/server/cart/cart.server";
import { log } from "~/server/platform/log.server";
import { holdAgain, markUsed, releaseUse } from "~/server/discounts/uses.server";
import { ORDER_HELD, oneAtATime } from "./payment-lock.server";
import { approvalAfterDecline } from "~/server/payments/paypal-error.server";
import { capturePayPalOrder, getPayPalOrder, type CaptureResult } from "~/server/payments/paypal.server";
import { releaseStock, reserveStock } from "./stock.server";
import { recordStatusChange } from "~/server/orders/timeline.server";
import { orderForMail, orderPaidMessage } from "~/server/mail/messages.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { caughtRefusal } from "~/server/platform/refusal.server";

export type CaptureOutcome =
  | { ok: true; orderId: string }
  | { ok: false; status: 400 | 404 | 409 | 502; message: string }
  /** PayPal declined the buyer's way to pay: they choose another at `approvalUrl`, then come back. */
  | { ok: false; status: 402; message: string; approvalUrl: string };

export type OrderRow = {
  id: string;
  user_id: string;
  total_cents: number;
  payment_status: string;
  stock_reserved: number;
  payment_id: string | null;
  capture_attempt: number;
};

export const selectOrder = (id: string): Promise<OrderRow | undefined> =>
  db
    .selectFrom("orders")
    .select(["id", "user_id", "total_cents", "payment_status", "stock_reserved", "payment_id", "capture_attempt"])
    .where("id", "=", id)
    .executeTakeFirst();

export const captureMatches = (capture: CaptureResult, order: OrderRow) =>
  capture.status === "COMPLETED" && capture.currency === "USD" && capture.value === (order.total_cents / 100).toFixed(2);

/**
 * Marks the order paid and confirmed and takes what was bought out of the shopper's cart: each
 * paid line's quantity (per size and colour), no more. Whatever the shopper added after checkout started (in another
 * tab, or while paying) stays in the cart. Only a pending order becomes paid, so however many
 * processes record the same capture, the cart changes once.
 */
export async function recordPayment(
  order: OrderRow,
  capture: CaptureResult,
  payerId: string | undefined,
  by: "payment" | "recovery" = "payment",
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("orders").select("order_status").where("id", "=", order.id).executeTakeFirst();
    const stamp = now();
    const marked = await trx
      .updateTable("orders")
      .set({
        payment_status: "paid",
        order_status: "confirmed",
        payer_id: payerId?.slice(0, 64) ?? null,
        capture_id: capture.captureId ?? null,
        order_update_date: stamp,
      })
      .where("id", "=", order.id)
      .where("payment_status", "=", "pending")
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return;
    await markUsed(trx, order.id);
    await recordStatusChange(trx, order.id, before?.order_status ?? null, "confirmed", by, stamp);
    await enqueueMail(trx, orderPaidMessage(await orderForMail(trx, order.id)));
    // The cart the order was paid from: the shopper's, or a guest's visitor cart (issue 51). Its
    // key, as the shopper's adds take it: a paid line and an add at once both count.
    const guestCart = await trx
      .selectFrom("carts")
      .innerJoin("orders", "orders.cart_id", "carts.id")
      .select(["carts.visitor_key"])
      .where("orders.id", "=", order.id)
      .where("carts.guest_id", "=", order.user_id)
      .executeTakeFirst();
    const owner: CartOwner = guestCart?.visitor_key ? { visitorKey: guestCart.visitor_key } : order.user_id;
    await lockKey(trx, "cart", cartLockName(owner));
    // A guest's reminder ends with their order (under the cart's key, as the sweep takes it): the cart may next be filled by someone else.
    if (guestCart?.visitor_key) {
      await trx
        .updateTable("carts")
        .set({ reminder_email: null, reminder_opt_in: 0 })
        .where("visitor_key", "=", guestCart.visitor_key)
        .execute();
    }
    const cart = await trx
      .selectFrom("carts")
      .select("id")
      .where(...ownerColumn(owner))
      .executeTakeFirst();
    if (!cart) return;
    // The code this order used is spent: it leaves the cart with what was bought.
    await trx
      .updateTable("carts")
      .set({ discount_code: null })
      .where("id", "=", cart.id)
      .where("discount_code", "=", (eb) => eb.selectFrom("orders").select("discount_code").where("id", "=", order.id))
      .execute();
    const bought = await trx.selectFrom("order_items").select(["variant_id", "quantity"]).where("order_id", "=", order.id).execute();
    for (const item of bought) {
      if (!item.variant_id) continue;
      // One of the two matches: the line goes, or keeps what was added beyond the paid quantity.
      await trx
        .deleteFrom("cart_items")
        .where("cart_id", "=", cart.id)
        .where("variant_id", "=", item.variant_id)
        .where("quantity", "<=", item.quantity)
        .execute();
      await trx
        .updateTable("cart_items")
        .set({ quantity: sql`quantity - ${item.quantity}` })
        .where("cart_id", "=", cart.id)
        .where("variant_id", "=", item.variant_id)
        .where("quantity", ">", item.quantity)
        .execute();
    }
  });
}

/**
 * The return from PayPal: finds the signed-in shopper's order by PayPal's reference, reserves its
 * stock, captures (idempotently: a paid order answers success without calling PayPal), verifies
 * status and amount, then marks it paid and confirmed and takes the bought quantities out of the
 * cart. A capture PayPal refused gives the stock back; a capture whose outcome is unknown (no
 * answer, and PayPal cannot be asked) keeps it, for a retry or settleInterruptedPayments to finish.
 * A capture PayPal declined because of the buyer's funding source (INSTRUMENT_DECLINED) gives the
 * stock back too, and sends the buyer back to PayPal's approval page; their next return captures
 * with a new request id.
 */
export async function completePayment(
  user: SessionUser,
  paypalOrderId: string,
  payerId: string,
  shopOrderId?: string,
): Promise<CaptureOutcome> {
  const found = await db
    .selectFrom("orders")
    .select("id")
    .where("payment_id", "=", paypalOrderId)
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  if (!found || (shopOrderId !== undefined && shopOrderId !== found.id)) return { ok: false, status: 404, message: ORDER_NOT_FOUND };
  try {
    return await oneAtATime(found.id, () => payOrder(found.id, paypalOrderId, payerId));
  } catch (error) {
    // Another process has been working on this order's payment for a long time: reload later.
    caughtRefusal(error, (refusal) => refusal.detail === ORDER_HELD);
    return { ok: false, status: 409, message: PAYMENT_BUSY };
  }
}

async function payOrder(orderId: string, paypalOrderId: string, payerId: string): Promise<CaptureOutcome> {
  const order = await selectOrder(orderId);
  if (!order) return { ok: false, status: 404, message: ORDER_NOT_FOUND };
  if (order.payment_status === "paid") return { ok: true, orderId: order.id };
  if (order.payment_status !== "pending") return { ok: false, status: 409, message: PAYMENT_PROBLEM };

  const reserved = await reserveStock(order.id);
  // Cancelled since it was read (the shopper started another checkout): no stock, no capture.
  if (!reserved.ok && "notPayable" in reserved) return { ok: false, status: 409, message: PAYMENT_PROBLEM };
  if (!reserved.ok) {
    await db.transaction().execute(async (trx) => {
      const stamp = now();
      const rejected = await trx
        .updateTable("orders")
        .set({ payment_status: "failed", order_status: "rejected", order_update_date: stamp })
        .where("id", "=", order.id)
        .where("payment_status", "=", "pending")
        .executeTakeFirst();
      if (Number(rejected.numUpdatedRows)) await recordStatusChange(trx, order.id, "pending", "rejected", "payment", stamp);
      await releaseUse(trx, order.id);
    });
    return { ok: false, status: 409, message: soldOut(reserved.title) };
  }
  // The discount code's use, if the sweep gave it back while the attempt lay abandoned: held
  // again before the money is taken, or no capture (the stock goes back, the shopper is told).
  const noUse = await holdAgain(order.id);
  if (noUse) {
    await releaseStock(order.id, "failed");
    return { ok: false, status: 409, message: noUse };
  }

  let capture: CaptureResult;
  try {
    capture = await capturePayPalOrder(paypalOrderId, order.id, order.capture_attempt);
  } catch (error) {
    const approvalUrl = approvalAfterDecline(error, paypalOrderId);
    if (approvalUrl) return declined(order, approvalUrl, error);
    // The capture may have gone through even if its answer got lost: ask PayPal before giving up.
    const status = await getPayPalOrder(paypalOrderId).catch(() => null);
    if (!status) {
      log("error", "PayPal capture outcome unknown; the stock stays reserved until PayPal can be asked", { orderId: order.id, error });
      return { ok: false, status: 502, message: PAYMENT_PROBLEM };
    }
    if (status.status !== "COMPLETED") {
      log("error", "PayPal capture failed", { orderId: order.id, error });
      await releaseStock(order.id, "pending");
      return { ok: false, status: 502, message: PAYMENT_PROBLEM };
    }
    capture = status;
  }
  if (!captureMatches(capture, order)) {
    log("error", "PayPal capture does not match the order", {
      orderId: order.id,
      capture,
      expected: `USD ${(order.total_cents / 100).toFixed(2)}`,
    });
    await releaseStock(order.id, "failed");
    return { ok: false, status: 502, message: PAYMENT_UNEXPECTED };
  }
  await recordPayment(order, capture, payerId);
  return { ok: true, orderId: order.id };
}

/**
 * PayPal declined the buyer's funding source: nothing was taken. PayPal replays this answer for the
 * same PayPal-Request-Id, so the next capture (after the buyer chose again at PayPal) counts one
 * more attempt and gets a new id. Counting first, releasing second: a crash in between leaves a
 * pending order holding stock, which the recovery sweep releases (PayPal says not captured).
 */
async function declined(order: OrderRow, approvalUrl: string, error: unknown): Promise<CaptureOutcome> {
  await db
    .updateTable("orders")
    .set({ capture_attempt: sql`capture_attempt + 1`, order_update_date: now() })
    .where("id", "=", order.id)
    .where("payment_status", "=", "pending")
    .where("capture_attempt", "=", order.capture_attempt)
    .execute();
  await releaseStock(order.id, "pending");
  log("warn", "PayPal declined the buyer's payment method; buyer sent back to PayPal", {
    orderId: order.id,
    attempt: order.capture_attempt,
    issue: (error as { issue?: string }).issue,
  });
  return { ok: false, status: 402, message: PAYMENT_DECLINED, approvalUrl };
}

/** A cancelled approval: the attempt is closed (its discount code's use goes back), the cart stays as it was. */
export async function cancelPayment(user: SessionUser, paypalOrderId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const cancelled = await trx
      .updateTable("orders")
      .set({ payment_status: "cancelled", order_update_date: now() })
      .where("payment_id", "=", paypalOrderId)
      .where("user_id", "=", user.id)
      .where("payment_status", "=", "pending")
      .where("stock_reserved", "=", 0)
      .returning("id")
      .executeTakeFirst();
    if (cancelled) await releaseUse(trx, cancelled.id);
  });
}
