import { sql, type Transaction } from "kysely";
import { REFUND_REFUSED } from "~/lib/messages/refunds";
import type { Database, RefundsTable } from "#db/schema";
import { db, now } from "~/server/database/db.server";
import { lockRows } from "~/server/database/locks.server";
import { log } from "~/server/platform/log.server";
import { orderForMail, refundMessage } from "~/server/mail/messages.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { forEachFreeOrder } from "~/server/checkout/payment-lock.server";
import { getRefund, PayPalError, refundCapture, type RefundResult } from "~/server/payments/paypal.server";
import { restock } from "~/server/checkout/stock.server";
import { recordStatusChange } from "./timeline.server";
import { releaseSpentUse } from "~/server/discounts/uses.server";

// A refund's second step (docs/decisions/0037-refunds.md): its row is written (refunds.server.ts);
// here PayPal is asked, with the row's id as PayPal-Request-Id, its answer settled once (units back
// in stock, the order's status, the e-mail), and the refunds a crash or a lost answer left open are
// swept by the recovery.

export type RefundOutcome =
  // refundId null: a free order (nothing paid) closed without a refund row or PayPal.
  | { ok: true; refundId: string | null; status: "completed" | "pending" | "requested" }
  | { ok: false; status: 400 | 404 | 409 | 502; message: string };

/** A refund row just written, to be sent to PayPal. */
export type Written = { id: string; orderId: string; captureId: string; amountCents: number; reason: string };

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
    await restock(
      trx,
      lines.map((l) => ({ variantId: l.variant_id, quantity: l.quantity })),
    );
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
