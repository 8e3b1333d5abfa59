import { db, now } from "~/server/database/db.server";
import { authorized } from "./auth.server";
import { ppAuthenticationFailure, ppErrorBody, type ErrorField, type SimIssue } from "./errors.server";
import { readJson } from "./orders.server";
import {
  apiBase,
  captureBody,
  fromCents,
  json,
  loadDetails,
  lockOrder,
  ppId,
  refundBody,
  refunded,
  refundsOf,
  storedReply,
  storeReply,
  toCents,
  wantsRepresentation,
} from "./model.server";

// Payments v2 in the simulator: refund a capture, read a refund, read a capture.
// - No amount refunds what is left; more than is left is PayPal's 422 REFUND_AMOUNT_EXCEEDED,
//   nothing left CAPTURE_FULLY_REFUNDED.
// - A repeated PayPal-Request-Id gets the same refund (or the same refusal) again.
// - Refunds are COMPLETED at once, except on a capture marked `refunds_pending` (simRefundsPending,
//   for tests): those answer PENDING (reason ECHECK) and settle to COMPLETED on their second read,
//   so a recovery sweep that reads them twice sees both states, without waiting for a clock.

const fail = (issue: SimIssue, where?: ErrorField) => {
  const { status, body } = ppErrorBody(issue, where);
  return json(body, status);
};
const unauthorized = () => {
  const { status, body } = ppAuthenticationFailure();
  return json(body, status);
};
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const MONEY_VALUE = /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/;

type RefundAsk = { currency?: string; cents?: number; note_to_payer?: string; invoice_id?: string; custom_id?: string };

/** The refund request's fields, or what PayPal would say is wrong with them. */
function readRefundAsk(body: Record<string, unknown>): RefundAsk | { issue: SimIssue; field: string } {
  const ask: RefundAsk = {};
  for (const [name, max] of [
    ["note_to_payer", 255],
    ["invoice_id", 127],
    ["custom_id", 127],
  ] as const) {
    const value = body[name];
    if (value === undefined) continue;
    if (typeof value !== "string") return { issue: "INVALID_PARAMETER_SYNTAX", field: `/${name}` };
    if (value.length < 1 || value.length > max) return { issue: "INVALID_STRING_LENGTH", field: `/${name}` };
    ask[name] = value;
  }
  if (body.amount === undefined) return ask;
  const amount = body.amount;
  if (!isObject(amount) || typeof amount.currency_code !== "string" || typeof amount.value !== "string") {
    return { issue: "MISSING_REQUIRED_PARAMETER", field: "/amount" };
  }
  if (!/^[A-Z]{3}$/.test(amount.currency_code)) return { issue: "INVALID_PARAMETER_SYNTAX", field: "/amount/currency_code" };
  if (!MONEY_VALUE.test(amount.value) || amount.value.length > 32) return { issue: "INVALID_PARAMETER_SYNTAX", field: "/amount/value" };
  if ((amount.value.split(".")[1] ?? "").length > 2) return { issue: "DECIMAL_PRECISION", field: "/amount/value" };
  return { ...ask, currency: amount.currency_code, cents: toCents(amount.value) };
}

const captureOrder = (captureId: string) =>
  db.selectFrom("paypal_sim_orders").select("id").where("capture_id", "=", captureId).executeTakeFirst();

export async function simRefundCapture(request: Request, captureId: string): Promise<Response> {
  if (!authorized(request)) return unauthorized();
  const requestId = request.headers.get("PayPal-Request-Id");
  const representation = wantsRepresentation(request);
  const body = await readJson(request);
  if (body === undefined) return fail("MALFORMED_REQUEST_JSON");
  if (!isObject(body)) return fail("INVALID_PARAMETER_SYNTAX", { field: "/", location: "body" });
  const found = await captureOrder(captureId);
  if (!found) return fail("INVALID_RESOURCE_ID", { field: "capture_id", value: captureId, location: "path" });
  const replyKey = requestId ? `refund:${captureId}:${requestId}` : null;
  return db.transaction().execute(async (trx) => {
    const order = (await lockOrder(trx, found.id))!;
    const base = apiBase(order);
    if (requestId) {
      const same = await trx.selectFrom("paypal_sim_refunds").selectAll().where("request_id", "=", requestId).executeTakeFirst();
      if (same) return json(representation ? refundBody(same, base) : minimal(same, base), 201);
      const replay = await storedReply(trx, replyKey!);
      if (replay) return replay;
    }
    const stamp = now();
    const refuse = async (issue: SimIssue, field?: string) => {
      const { status, body: answer } = ppErrorBody(issue, field ? { field, location: "body" } : {});
      if (replyKey) await storeReply(trx, replyKey, status, answer, stamp);
      return json(answer, status);
    };
    const ask = readRefundAsk(body);
    if ("issue" in ask) return fail(ask.issue, { field: ask.field, location: "body" });
    const details = await loadDetails(trx, order, { persist: true });
    const left = toCents(order.value) - refunded(await refundsOf(trx, captureId)).all;
    if (left <= 0) return refuse("CAPTURE_FULLY_REFUNDED");
    if (ask.currency !== undefined && ask.currency !== order.currency)
      return refuse("REFUND_CAPTURE_CURRENCY_MISMATCH", "/amount/currency_code");
    if (ask.cents !== undefined && ask.cents <= 0) return refuse("CANNOT_BE_ZERO_OR_NEGATIVE", "/amount/value");
    if (ask.cents !== undefined && ask.cents > left) return refuse("REFUND_AMOUNT_EXCEEDED", "/amount/value");
    const refund = {
      id: ppId(),
      capture_id: captureId,
      order_id: order.id,
      request_id: requestId,
      status: details.refunds_pending ? ("PENDING" as const) : ("COMPLETED" as const),
      currency: order.currency,
      value: fromCents(ask.cents ?? left),
      note_to_payer: ask.note_to_payer ?? null,
      invoice_id: ask.invoice_id ?? null,
      custom_id: ask.custom_id ?? null,
      reads: 0,
      created_at: stamp,
      updated_at: stamp,
    };
    await trx.insertInto("paypal_sim_refunds").values(refund).execute();
    await trx.updateTable("paypal_sim_order_details").set({ updated_at: stamp }).where("order_id", "=", order.id).execute();
    return json(representation ? refundBody(refund, base) : minimal(refund, base), 201);
  });
}

const minimal = (refund: Parameters<typeof refundBody>[0], base: string) => {
  const { id, status, links } = refundBody(refund, base);
  return { id, status, links };
};

/** A refund by id; a PENDING one settles (COMPLETED) on its second read. */
export async function simGetRefund(request: Request, refundId: string): Promise<Response> {
  if (!authorized(request)) return unauthorized();
  return db.transaction().execute(async (trx) => {
    const refund = await trx.selectFrom("paypal_sim_refunds").selectAll().where("id", "=", refundId).executeTakeFirst();
    if (!refund) return fail("INVALID_RESOURCE_ID", { field: "refund_id", value: refundId, location: "path" });
    const order = (await lockOrder(trx, refund.order_id))!;
    let shown = refund;
    if (refund.status === "PENDING") {
      const reads = refund.reads + 1;
      const settled = reads >= 2;
      shown = { ...refund, reads, ...(settled ? { status: "COMPLETED" as const, updated_at: now() } : {}) };
      await trx
        .updateTable("paypal_sim_refunds")
        .set({ reads, status: shown.status, updated_at: shown.updated_at })
        .where("id", "=", refundId)
        .execute();
      if (settled) {
        await trx.updateTable("paypal_sim_order_details").set({ updated_at: shown.updated_at }).where("order_id", "=", order.id).execute();
      }
    }
    return json(refundBody(shown, apiBase(order)));
  });
}

/** GET /v2/payments/captures/{id}: the capture with its current status (refunded or not). */
export async function simGetCapture(request: Request, captureId: string): Promise<Response> {
  if (!authorized(request)) return unauthorized();
  const found = await captureOrder(captureId);
  if (!found) return fail("INVALID_RESOURCE_ID", { field: "capture_id", value: captureId, location: "path" });
  const order = (await db.selectFrom("paypal_sim_orders").selectAll().where("id", "=", found.id).executeTakeFirst())!;
  const details = await loadDetails(db, order);
  const refunds = await refundsOf(db, captureId);
  return json(captureBody(order, details, refunds, apiBase(order)));
}

/**
 * For tests: refunds of this capture answer PENDING and settle on their second read, as refunds
 * of a payment funded by eCheck do on PayPal.
 */
export async function simRefundsPending(captureId: string, pending = true): Promise<void> {
  const found = await captureOrder(captureId);
  if (!found) throw new Error(`no simulated capture ${captureId}`);
  const order = (await db.selectFrom("paypal_sim_orders").selectAll().where("id", "=", found.id).executeTakeFirst())!;
  await loadDetails(db, order, { persist: true });
  await db
    .updateTable("paypal_sim_order_details")
    .set({ refunds_pending: pending ? 1 : 0 })
    .where("order_id", "=", found.id)
    .execute();
}
