import { sql } from "kysely";
import type { SessionUser } from "~/lib/access";
import { amountToCents, unitPriceCents } from "~/lib/money";
import { getAddress } from "../accounts/addresses.server";
import { getCart } from "../cart/cart.server";
import { db, newId, now } from "../platform/db.server";
import { log } from "../platform/log.server";
import { capturePayPalOrder, createPayPalOrder, getPayPalOrder, type CaptureResult } from "./paypal.server";
import {
  CART_EMPTY,
  ORDER_NOT_FOUND,
  PAYMENT_PROBLEM,
  PAYMENT_UNEXPECTED,
  PAYPAL_UNAVAILABLE,
  SELECT_ADDRESS,
  notEnoughStock,
  soldOut,
} from "~/lib/messages/checkout";

export type StartCheckoutResult =
  { ok: true; orderId: string; approvalUrl: string } | { ok: false; status: 400 | 409 | 502; message: string; field?: "addressId" };

/**
 * Checkout: validates cart and address, snapshots items, prices and address into a new pending
 * order with the total computed here from the database, and creates the PayPal order for the same
 * amount, PayPal to send the shopper back to `shopUrl`. Older unpaid attempts of this shopper are
 * cancelled, so none stays pending forever; a PayPal failure marks this attempt failed.
 */
export async function startCheckout(user: SessionUser, addressId: string | null, shopUrl: string): Promise<StartCheckoutResult> {
  const cart = await getCart(user.id);
  if (!cart.items.length) return { ok: false, status: 400, message: CART_EMPTY };
  const address = addressId ? await getAddress(user.id, addressId) : null;
  if (!address) return { ok: false, status: 400, message: SELECT_ADDRESS, field: "addressId" };
  for (const item of cart.items) {
    if (item.quantity > item.totalStock) return { ok: false, status: 409, message: notEnoughStock(item.title, item.totalStock) };
  }

  const lines = cart.items.map((i) => ({
    productId: i.productId,
    title: i.title,
    image: i.image,
    unitCents: unitPriceCents(amountToCents(i.price), amountToCents(i.salePrice)),
    quantity: i.quantity,
  }));
  const totalCents = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  const orderId = newId();
  const stamp = now();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("orders")
      .set({ payment_status: "cancelled", order_update_date: stamp })
      .where("user_id", "=", user.id)
      .where("payment_status", "=", "pending")
      .where("stock_reserved", "=", 0)
      .execute();
    await trx
      .insertInto("orders")
      .values({
        id: orderId,
        user_id: user.id,
        cart_id: cart._id,
        address_id: address._id,
        address: address.address,
        city: address.city,
        pincode: address.pincode,
        phone: address.phone,
        notes: address.notes,
        order_status: "pending",
        payment_method: "paypal",
        payment_status: "pending",
        total_cents: totalCents,
        payment_id: null,
        payer_id: null,
        order_date: stamp,
        order_update_date: stamp,
      })
      .execute();
    await trx
      .insertInto("order_items")
      .values(
        lines.map((l) => ({
          id: newId(),
          order_id: orderId,
          product_id: l.productId,
          title: l.title,
          image: l.image,
          unit_price_cents: l.unitCents,
          quantity: l.quantity,
        })),
      )
      .execute();
  });

  try {
    const paypal = await createPayPalOrder(
      orderId,
      lines.map((l) => ({ name: l.title, unitCents: l.unitCents, quantity: l.quantity })),
      totalCents,
      shopUrl,
    );
    await db.updateTable("orders").set({ payment_id: paypal.id }).where("id", "=", orderId).execute();
    return { ok: true, orderId, approvalUrl: paypal.approvalUrl };
  } catch (error) {
    log("error", "PayPal order creation failed", { orderId, error });
    await db.updateTable("orders").set({ payment_status: "failed", order_update_date: now() }).where("id", "=", orderId).execute();
    return { ok: false, status: 502, message: PAYPAL_UNAVAILABLE };
  }
}

export type CaptureOutcome = { ok: true; orderId: string } | { ok: false; status: 400 | 404 | 409 | 502; message: string };

type OrderRow = {
  id: string;
  user_id: string;
  total_cents: number;
  payment_status: string;
  stock_reserved: number;
  payment_id: string | null;
};

/** Takes the order's quantities from stock, all or nothing. Returns the title that ran out, if any. */
async function reserveStock(orderId: string): Promise<{ ok: true } | { ok: false; title: string }> {
  return db
    .transaction()
    .execute(async (trx) => {
      const claimed = await trx
        .updateTable("orders")
        .set({ stock_reserved: 1 })
        .where("id", "=", orderId)
        .where("stock_reserved", "=", 0)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return { ok: true } as const; // already reserved
      const items = await trx
        .selectFrom("order_items")
        .select(["product_id", "title", "quantity"])
        .where("order_id", "=", orderId)
        .execute();
      for (const item of items) {
        const taken = item.product_id
          ? await trx
              .updateTable("products")
              .set({ stock: sql`stock - ${item.quantity}` })
              .where("id", "=", item.product_id)
              .where("stock", ">=", item.quantity)
              .executeTakeFirst()
          : { numUpdatedRows: 0n };
        if (Number(taken.numUpdatedRows) === 0) {
          // Throwing rolls back every decrement and the claim.
          throw new SoldOut(item.title);
        }
      }
      return { ok: true } as const;
    })
    .catch((error) => {
      if (error instanceof SoldOut) return { ok: false as const, title: error.title };
      throw error;
    });
}

class SoldOut extends Error {
  constructor(readonly title: string) {
    super(title);
  }
}

async function releaseStock(orderId: string, paymentStatus: "failed" | "pending"): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const released = await trx
      .updateTable("orders")
      .set({ stock_reserved: 0, payment_status: paymentStatus, order_update_date: now() })
      .where("id", "=", orderId)
      .where("stock_reserved", "=", 1)
      .where("payment_status", "=", "pending")
      .executeTakeFirst();
    if (Number(released.numUpdatedRows) === 0) return;
    const items = await trx.selectFrom("order_items").select(["product_id", "quantity"]).where("order_id", "=", orderId).execute();
    for (const item of items) {
      if (item.product_id)
        await trx
          .updateTable("products")
          .set({ stock: sql`stock + ${item.quantity}` })
          .where("id", "=", item.product_id)
          .execute();
    }
  });
}

/**
 * Payment work on one order runs one call at a time (in this process, the only one writing the
 * database): a capture, a reload of the return page and the recovery below never interleave
 * between "stock reserved" and "paid or released".
 */
const orderQueues = new Map<string, Promise<unknown>>();
function oneAtATime<T>(orderId: string, work: () => Promise<T>): Promise<T> {
  const run = (orderQueues.get(orderId) ?? Promise.resolve()).then(work, work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  orderQueues.set(orderId, settled);
  void settled.then(() => {
    if (orderQueues.get(orderId) === settled) orderQueues.delete(orderId);
  });
  return run;
}

const selectOrder = (id: string): Promise<OrderRow | undefined> =>
  db
    .selectFrom("orders")
    .select(["id", "user_id", "total_cents", "payment_status", "stock_reserved", "payment_id"])
    .where("id", "=", id)
    .executeTakeFirst();

const captureMatches = (capture: CaptureResult, order: OrderRow) =>
  capture.status === "COMPLETED" && capture.currency === "USD" && capture.value === (order.total_cents / 100).toFixed(2);

/**
 * Marks the order paid and confirmed and takes what was bought out of the shopper's cart: each
 * paid product's quantity, no more. Whatever the shopper added after checkout started (in another
 * tab, or while paying) stays in the cart.
 */
async function recordPayment(order: OrderRow, capture: CaptureResult, payerId: string | undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("orders")
      .set({
        payment_status: "paid",
        order_status: "confirmed",
        payer_id: payerId?.slice(0, 64) ?? null,
        capture_id: capture.captureId ?? null,
        order_update_date: now(),
      })
      .where("id", "=", order.id)
      .execute();
    const cart = await trx.selectFrom("carts").select("id").where("user_id", "=", order.user_id).executeTakeFirst();
    if (!cart) return;
    const bought = await trx.selectFrom("order_items").select(["product_id", "quantity"]).where("order_id", "=", order.id).execute();
    for (const item of bought) {
      if (!item.product_id) continue;
      // One of the two matches: the line goes, or keeps what was added beyond the paid quantity.
      await trx
        .deleteFrom("cart_items")
        .where("cart_id", "=", cart.id)
        .where("product_id", "=", item.product_id)
        .where("quantity", "<=", item.quantity)
        .execute();
      await trx
        .updateTable("cart_items")
        .set({ quantity: sql`quantity - ${item.quantity}` })
        .where("cart_id", "=", cart.id)
        .where("product_id", "=", item.product_id)
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
  return oneAtATime(found.id, () => payOrder(found.id, paypalOrderId, payerId));
}

async function payOrder(orderId: string, paypalOrderId: string, payerId: string): Promise<CaptureOutcome> {
  const order = await selectOrder(orderId);
  if (!order) return { ok: false, status: 404, message: ORDER_NOT_FOUND };
  if (order.payment_status === "paid") return { ok: true, orderId: order.id };
  if (order.payment_status !== "pending") return { ok: false, status: 409, message: PAYMENT_PROBLEM };

  const reserved = await reserveStock(order.id);
  if (!reserved.ok) {
    await db
      .updateTable("orders")
      .set({ payment_status: "failed", order_status: "rejected", order_update_date: now() })
      .where("id", "=", order.id)
      .execute();
    return { ok: false, status: 409, message: soldOut(reserved.title) };
  }

  let capture: CaptureResult;
  try {
    capture = await capturePayPalOrder(paypalOrderId, order.id);
  } catch (error) {
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

export type RecoverySummary = { paid: number; released: number; failed: number; unresolved: number };

/**
 * Settles payments left half-way: pending orders still holding reserved stock that no capture in
 * this process is working on. That is what a crash (or a lost PayPal answer) between reserving
 * the stock and recording the outcome leaves. PayPal says whether the money was taken: if so the
 * order is recorded paid; if not, the stock goes back and the order stays pending (the shopper
 * can still pay from the return page). Orders PayPal cannot be asked about now stay for the next
 * round. See docs/decisions/0012-interrupted-payments.md.
 */
export async function settleInterruptedPayments(): Promise<RecoverySummary> {
  const summary: RecoverySummary = { paid: 0, released: 0, failed: 0, unresolved: 0 };
  const held = await db.selectFrom("orders").select("id").where("payment_status", "=", "pending").where("stock_reserved", "=", 1).execute();
  for (const { id } of held) {
    await oneAtATime(id, async () => {
      const order = await selectOrder(id);
      if (!order || order.payment_status !== "pending" || !order.stock_reserved) return;
      const paypal = order.payment_id
        ? await getPayPalOrder(order.payment_id).catch(
            (error) => (log("warn", "interrupted payment: PayPal not reachable", { orderId: id, error }), null),
          )
        : null;
      if (order.payment_id && !paypal) {
        summary.unresolved++;
      } else if (paypal?.status !== "COMPLETED") {
        await releaseStock(id, "pending");
        summary.released++;
        log("warn", "interrupted payment: not captured, stock released", { orderId: id, paypalStatus: paypal?.status ?? null });
      } else if (!captureMatches(paypal, order)) {
        log("error", "interrupted payment: PayPal capture does not match the order", {
          orderId: id,
          capture: paypal,
          expected: `USD ${(order.total_cents / 100).toFixed(2)}`,
        });
        await releaseStock(id, "failed");
        summary.failed++;
      } else {
        await recordPayment(order, paypal, paypal.payerId);
        summary.paid++;
        log("warn", "interrupted payment: captured at PayPal, recorded as paid", { orderId: id });
      }
    });
  }
  return summary;
}

let recovery: Promise<unknown> | undefined;
let recoveryTimer: ReturnType<typeof setInterval> | undefined;

function runRecovery(): void {
  recovery ??= settleInterruptedPayments()
    .catch((error) => log("error", "settling interrupted payments failed", { error }))
    .finally(() => {
      recovery = undefined;
    });
}

/**
 * Called by server.mjs once it listens (in simulator mode PayPal is served on that port): settles
 * what a crash left, then looks again every few minutes for captures whose outcome was unknown.
 */
export function startPaymentRecovery(intervalMs = 5 * 60_000): void {
  runRecovery();
  recoveryTimer ??= setInterval(runRecovery, intervalMs);
  recoveryTimer.unref();
}

/** Before the database closes: no new rounds, and the one running finishes. */
export async function stopPaymentRecovery(): Promise<void> {
  clearInterval(recoveryTimer);
  recoveryTimer = undefined;
  await recovery;
}

/** A cancelled approval: the attempt is closed, the cart stays as it was. */
export async function cancelPayment(user: SessionUser, paypalOrderId: string): Promise<void> {
  await db
    .updateTable("orders")
    .set({ payment_status: "cancelled", order_update_date: now() })
    .where("payment_id", "=", paypalOrderId)
    .where("user_id", "=", user.id)
    .where("payment_status", "=", "pending")
    .where("stock_reserved", "=", 0)
    .execute();
}
