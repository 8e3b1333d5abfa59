import { db } from "~/server/database/db.server";
import { log } from "~/server/platform/log.server";
import { captureMatches, recordPayment, selectOrder } from "./capture.server";
import { forEachFreeOrder } from "./payment-lock.server";
import { getPayPalOrder } from "~/server/payments/paypal.server";
import { releaseStock } from "./stock.server";
import { settleOpenRefunds } from "~/server/orders/refund-settle.server";
import { releaseAbandonedUses } from "~/server/discounts/uses.server";

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
  // Orders another process is paying right now (their lease is held) are skipped: not interrupted.
  await forEachFreeOrder(
    (o) => o.and([o("o.payment_status", "=", "pending"), o("o.stock_reserved", "=", 1)]),
    async (id) => {
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
        await recordPayment(order, paypal, paypal.payerId, "recovery");
        summary.paid++;
        log("warn", "interrupted payment: captured at PayPal, recorded as paid", { orderId: id });
      }
    },
  );
  return summary;
}

let recovery: Promise<unknown> | undefined;
let recoveryTimer: ReturnType<typeof setInterval> | undefined;
let followUp: ReturnType<typeof setTimeout> | undefined;
let stopped = false;

/**
 * One round: settles interrupted captures, then refunds left open (orders/refund-settle.server.ts), then
 * gives back the discount uses of attempts that will not be paid (discounts/uses.server.ts). Every
 * process runs its rounds; each order is claimed by one sweep at a time (forEachFreeOrder), so
 * the rounds of several instances share the orders out.
 */
async function sweepOnce(): Promise<void> {
  await settleInterruptedPayments();
  await settleOpenRefunds();
  await releaseAbandonedUses();
  await followUpOnHeldOrders();
}

/**
 * A round skips orders whose payment lease is held. After a crash that is the dead holder's
 * lease, which ends by time (database/leases.server.ts): one more round just after the last such
 * lease runs out, rather than at the next regular round minutes later.
 */
async function followUpOnHeldOrders(): Promise<void> {
  const at = new Date().toISOString();
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.max("payment_lease_until").as("until"))
    .where((eb) =>
      eb.or([
        eb.and([eb("payment_status", "=", "pending"), eb("stock_reserved", "=", 1)]),
        eb.exists(
          eb
            .selectFrom("refunds")
            .select("refunds.id")
            .whereRef("refunds.order_id", "=", "orders.id")
            .where("refunds.status", "=", "requested"),
        ),
      ]),
    )
    .where("payment_lease_until", ">", at)
    .executeTakeFirst();
  if (!row?.until || stopped) return;
  clearTimeout(followUp);
  followUp = setTimeout(runRecovery, Math.max(0, Date.parse(row.until) - Date.now()) + 1_000);
  followUp.unref();
}

function runRecovery(): void {
  recovery ??= sweepOnce()
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
  stopped = false;
  runRecovery();
  recoveryTimer ??= setInterval(runRecovery, intervalMs);
  recoveryTimer.unref();
}

/** Before the database closes: no new rounds, and the one running finishes. */
export async function stopPaymentRecovery(): Promise<void> {
  stopped = true;
  clearInterval(recoveryTimer);
  clearTimeout(followUp);
  recoveryTimer = undefined;
  await recovery;
}
