import { shopOrigins } from "~/server/platform/config.server";
import { db, now } from "~/server/database/db.server";
import { authorized } from "./auth.server";
import { ppAuthenticationFailure, ppErrorBody, type ErrorField, type SimIssue } from "./errors.server";
import {
  approvalUrl,
  createdWith,
  findOrder,
  fromCents,
  json,
  loadDetails,
  lockOrder,
  minimalOrder,
  orderBody,
  payerId,
  ppId,
  refundsOf,
  storedReply,
  storeReply,
  toCents,
  wantsRepresentation,
  type CreatedWith,
} from "./model.server";

// Orders v2 in the simulator: create, get, capture. Create checks what PayPal checks of the
// amounts (totals add up, two decimals, one currency); capture is once per order, needs the
// buyer's approval, and answers INSTRUMENT_DECLINED when the buyer approved with the card that
// will be declined. A repeated PayPal-Request-Id gets the answer stored for it, as on PayPal.

const fail = (issue: SimIssue, where?: ErrorField, links?: { href: string; rel: string; method: string }[]) => {
  const { status, body } = ppErrorBody(issue, where, links);
  return json(body, status);
};
const unauthorized = () => {
  const { status, body } = ppAuthenticationFailure();
  return json(body, status);
};

/** PayPal only sends buyers back to the merchant's own site: here, the shop's own address. */
export function onShop(url: unknown): url is string {
  try {
    return typeof url === "string" && url.length <= 2000 && shopOrigins().includes(new URL(url).origin);
  } catch {
    return false;
  }
}

/** The request's JSON; `undefined` for a body that is not JSON (an empty body is `{}`). */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const MONEY_VALUE = /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/;
const CURRENCY = /^[A-Z]{3}$/;

type Problem = { issue: SimIssue; field: string };

/** A money object's problem at `field` (a JSON pointer), or its cents. */
function checkMoney(value: unknown, field: string, positive: boolean): Problem | { cents: number; currency: string } {
  if (!isObject(value)) return { issue: "MISSING_REQUIRED_PARAMETER", field };
  if (typeof value.currency_code !== "string") return { issue: "MISSING_REQUIRED_PARAMETER", field: `${field}/currency_code` };
  if (!CURRENCY.test(value.currency_code)) return { issue: "INVALID_PARAMETER_SYNTAX", field: `${field}/currency_code` };
  if (typeof value.value !== "string") return { issue: "MISSING_REQUIRED_PARAMETER", field: `${field}/value` };
  if (!MONEY_VALUE.test(value.value) || value.value.length > 32) return { issue: "INVALID_PARAMETER_SYNTAX", field: `${field}/value` };
  if ((value.value.split(".")[1] ?? "").length > 2) return { issue: "DECIMAL_PRECISION", field: `${field}/value` };
  const cents = toCents(value.value);
  if (positive ? cents <= 0 : cents < 0) return { issue: "CANNOT_BE_ZERO_OR_NEGATIVE", field: `${field}/value` };
  return { cents, currency: value.currency_code };
}
const isProblem = (r: object): r is Problem => "issue" in r;

/** What PayPal checks of a create request that the simulator can check too; null when it is fine. */
function createProblem(body: Record<string, unknown>): Problem | null {
  if (body.intent === undefined) return { issue: "MISSING_REQUIRED_PARAMETER", field: "/intent" };
  // The simulator serves this shop, which captures at once: AUTHORIZE is not simulated.
  if (body.intent !== "CAPTURE") return { issue: "INVALID_PARAMETER_VALUE", field: "/intent" };
  const units = body.purchase_units;
  if (!Array.isArray(units) || units.length === 0) return { issue: "MISSING_REQUIRED_PARAMETER", field: "/purchase_units" };
  if (units.length > 1) return { issue: "INVALID_PARAMETER_VALUE", field: "/purchase_units" };
  const unit: unknown = units[0];
  if (!isObject(unit)) return { issue: "INVALID_PARAMETER_SYNTAX", field: "/purchase_units/0" };
  const amount = checkMoney(unit.amount, "/purchase_units/0/amount", true);
  if (isProblem(amount)) return amount;
  let expected = 0;
  const breakdown = isObject(unit.amount) ? unit.amount.breakdown : undefined;
  const parts: Record<string, number> = {};
  if (breakdown !== undefined) {
    if (!isObject(breakdown)) return { issue: "INVALID_PARAMETER_SYNTAX", field: "/purchase_units/0/amount/breakdown" };
    for (const [name, sign] of Object.entries({
      item_total: 1,
      tax_total: 1,
      shipping: 1,
      handling: 1,
      insurance: 1,
      shipping_discount: -1,
      discount: -1,
    })) {
      if (breakdown[name] === undefined) continue;
      const part = checkMoney(breakdown[name], `/purchase_units/0/amount/breakdown/${name}`, false);
      if (isProblem(part)) return part;
      if (part.currency !== amount.currency) return { issue: "MULTI_CURRENCY_ORDER", field: `/purchase_units/0/amount/breakdown/${name}` };
      parts[name] = part.cents;
      expected += sign * part.cents;
    }
    if (expected !== amount.cents) return { issue: "AMOUNT_MISMATCH", field: "/purchase_units/0/amount/value" };
  }
  if (unit.items !== undefined) {
    if (!Array.isArray(unit.items)) return { issue: "INVALID_PARAMETER_SYNTAX", field: "/purchase_units/0/items" };
    let itemTotal = 0;
    let taxTotal = 0;
    let taxed = false;
    for (const [i, item] of unit.items.entries()) {
      const at = `/purchase_units/0/items/${i}`;
      if (!isObject(item) || typeof item.name !== "string") return { issue: "MISSING_REQUIRED_PARAMETER", field: `${at}/name` };
      if (item.name.length < 1 || item.name.length > 127) return { issue: "INVALID_STRING_LENGTH", field: `${at}/name` };
      if (typeof item.quantity !== "string") return { issue: "MISSING_REQUIRED_PARAMETER", field: `${at}/quantity` };
      if (!/^[1-9][0-9]{0,9}$/.test(item.quantity)) return { issue: "INVALID_PARAMETER_SYNTAX", field: `${at}/quantity` };
      const price = checkMoney(item.unit_amount, `${at}/unit_amount`, false);
      if (isProblem(price)) return price;
      if (price.currency !== amount.currency) return { issue: "MULTI_CURRENCY_ORDER", field: `${at}/unit_amount/currency_code` };
      itemTotal += price.cents * Number(item.quantity);
      if (item.tax !== undefined) {
        const tax = checkMoney(item.tax, `${at}/tax`, false);
        if (isProblem(tax)) return tax;
        if (tax.currency !== amount.currency) return { issue: "MULTI_CURRENCY_ORDER", field: `${at}/tax/currency_code` };
        taxed = true;
        taxTotal += tax.cents * Number(item.quantity);
      }
    }
    if (unit.items.length && parts.item_total === undefined) {
      return { issue: "ITEM_TOTAL_REQUIRED", field: "/purchase_units/0/amount/breakdown/item_total" };
    }
    if (unit.items.length && itemTotal !== parts.item_total) {
      return { issue: "ITEM_TOTAL_MISMATCH", field: "/purchase_units/0/amount/breakdown/item_total" };
    }
    // Items with a tax each: the breakdown's tax_total is theirs, and only theirs.
    if (taxed && parts.tax_total === undefined)
      return { issue: "TAX_TOTAL_REQUIRED", field: "/purchase_units/0/amount/breakdown/tax_total" };
    if (taxed && taxTotal !== parts.tax_total)
      return { issue: "TAX_TOTAL_MISMATCH", field: "/purchase_units/0/amount/breakdown/tax_total" };
  }
  return null;
}

const PREFERENCES = ["GET_FROM_FILE", "NO_SHIPPING", "SET_PROVIDED_ADDRESS"];

/** Where the buyer goes after approving: payment_source.paypal.experience_context (or the older application_context). */
function experienceOf(body: Record<string, unknown>): { context: CreatedWith["experience_context"]; at: string } | Problem {
  const source = body.payment_source;
  const paypal = isObject(source) ? source.paypal : undefined;
  const fromSource = isObject(paypal) ? paypal.experience_context : undefined;
  const at = isObject(fromSource) ? "/payment_source/paypal/experience_context" : "/application_context";
  const context = isObject(fromSource) ? fromSource : body.application_context;
  if (!isObject(context) || context.return_url === undefined) return { issue: "MISSING_REQUIRED_PARAMETER", field: `${at}/return_url` };
  if (!onShop(context.return_url)) return { issue: "INVALID_PARAMETER_VALUE", field: `${at}/return_url` };
  if (context.cancel_url !== undefined && !onShop(context.cancel_url))
    return { issue: "INVALID_PARAMETER_VALUE", field: `${at}/cancel_url` };
  const preference = context.shipping_preference;
  if (preference !== undefined && (typeof preference !== "string" || !PREFERENCES.includes(preference))) {
    return { issue: "INVALID_PARAMETER_VALUE", field: `${at}/shipping_preference` };
  }
  return { context, at };
}

export async function simCreateOrder(request: Request): Promise<Response> {
  if (!authorized(request)) return unauthorized();
  const requestId = request.headers.get("PayPal-Request-Id");
  if (requestId) {
    const existing = await db.selectFrom("paypal_sim_orders").selectAll().where("request_id", "=", requestId).executeTakeFirst();
    if (existing) {
      const details = await loadDetails(db, existing);
      return json(wantsRepresentation(request) ? orderBody(existing, details, []) : minimalOrder(existing), 200);
    }
  }
  const body = await readJson(request);
  if (body === undefined) return fail("MALFORMED_REQUEST_JSON");
  if (!isObject(body)) return fail("INVALID_PARAMETER_SYNTAX", { field: "/", location: "body" });
  const problem = createProblem(body);
  if (problem) return fail(problem.issue, { field: problem.field, location: "body" });
  const experience = experienceOf(body);
  if (isProblem(experience)) return fail(experience.issue, { field: experience.field, location: "body" });
  const unit = (body.purchase_units as Record<string, unknown>[])[0]!;
  if (experience.context.shipping_preference === "SET_PROVIDED_ADDRESS") {
    const shipping = unit.shipping;
    const address = isObject(shipping) ? shipping.address : undefined;
    if (!isObject(address) || typeof address.country_code !== "string") {
      return fail("MISSING_REQUIRED_PARAMETER", { field: "/purchase_units/0/shipping/address/country_code", location: "body" });
    }
    if (!/^[A-Z]{2}$/.test(address.country_code)) {
      return fail("SHIPPING_ADDRESS_INVALID", { field: "/purchase_units/0/shipping/address/country_code", location: "body" });
    }
  }
  const amount = unit.amount as { currency_code: string; value: string };
  const stamp = now();
  const context = experience.context;
  const order = {
    id: ppId(),
    request_id: requestId,
    status: "PAYER_ACTION_REQUIRED",
    currency: amount.currency_code,
    value: fromCents(toCents(amount.value)),
    return_url: context.return_url!,
    cancel_url: context.cancel_url ?? context.return_url!,
    payer_id: null,
    capture_id: null,
    capture_request_id: null,
    created_at: stamp,
  };
  const created: CreatedWith = {
    intent: "CAPTURE",
    purchase_units: body.purchase_units as Record<string, unknown>[],
    experience_context: context,
  };
  const details = {
    order_id: order.id,
    request: JSON.stringify(created),
    decline_capture: 0,
    refunds_pending: 0,
    captured_at: null,
    updated_at: stamp,
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("paypal_sim_orders").values(order).execute();
    await trx.insertInto("paypal_sim_order_details").values(details).execute();
  });
  return json(wantsRepresentation(request) ? orderBody(order, details, []) : minimalOrder(order), 201);
}

const notFoundAt = (field: string, value: string) => fail("INVALID_RESOURCE_ID", { field, value, location: "path" });

export async function simGetOrder(request: Request, id: string): Promise<Response> {
  if (!authorized(request)) return unauthorized();
  const order = await findOrder(id);
  if (!order) return notFoundAt("order_id", id);
  const details = await loadDetails(db, order);
  return json(orderBody(order, details, order.capture_id ? await refundsOf(db, order.capture_id) : []));
}

/**
 * Captures an approved order once. The same PayPal-Request-Id gets the same answer again: the
 * capture (200), or the decline it got; a decline needs the buyer back at PayPal and a new id.
 */
export async function simCaptureOrder(request: Request, id: string): Promise<Response> {
  if (!authorized(request)) return unauthorized();
  const requestId = request.headers.get("PayPal-Request-Id");
  const representation = wantsRepresentation(request);
  const replyKey = requestId ? `capture:${id}:${requestId}` : null;
  if ((await readJson(request)) === undefined) return fail("MALFORMED_REQUEST_JSON");
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, id);
    if (!order) return notFoundAt("order_id", id);
    if (replyKey) {
      const replay = await storedReply(trx, replyKey);
      if (replay) return replay;
    }
    const details = await loadDetails(trx, order, { persist: true });
    if (order.status === "COMPLETED") {
      if (requestId && requestId === order.capture_request_id) {
        const refunds = await refundsOf(trx, order.capture_id!);
        return json(representation ? orderBody(order, details, refunds) : minimalOrder(order), 200);
      }
      return fail("ORDER_ALREADY_CAPTURED");
    }
    if (order.status !== "APPROVED") return fail("ORDER_NOT_APPROVED");
    const stamp = now();
    if (details.decline_capture) {
      // PayPal's advice with this answer: send the buyer back to choose another way to pay.
      const { status, body } = ppErrorBody("INSTRUMENT_DECLINED", {}, [{ href: approvalUrl(order), rel: "payer-action", method: "GET" }]);
      if (replyKey) await storeReply(trx, replyKey, status, body, stamp);
      await trx.updateTable("paypal_sim_order_details").set({ updated_at: stamp }).where("order_id", "=", id).execute();
      return json(body, status);
    }
    const captured = { status: "COMPLETED", capture_id: ppId(), capture_request_id: requestId };
    await trx.updateTable("paypal_sim_orders").set(captured).where("id", "=", id).execute();
    await trx.updateTable("paypal_sim_order_details").set({ captured_at: stamp, updated_at: stamp }).where("order_id", "=", id).execute();
    const after = { ...order, ...captured };
    const detailsAfter = { ...details, captured_at: stamp, updated_at: stamp };
    return json(representation ? orderBody(after, detailsAfter, []) : minimalOrder(after), 201);
  });
}

/** What the approval page shows. */
export async function simOrderForApproval(id: string) {
  const order = await findOrder(id);
  if (!order) return undefined;
  const details = await loadDetails(db, order);
  const unit = createdWith(details).purchase_units[0] ?? {};
  const items = Array.isArray(unit.items) ? (unit.items as { name?: unknown; quantity?: unknown }[]) : [];
  return {
    id: order.id,
    status: order.status,
    currency: order.currency,
    value: order.value,
    items: items.map((i) => ({ name: String(i.name ?? ""), quantity: String(i.quantity ?? "") })),
    declining: details.decline_capture === 1,
  };
}

/**
 * The buyer's choice on the approval page: where the browser goes next (PayPal's return rules).
 * "pay" approves (again) with a working funding source; "decline" with the card that will be
 * declined at capture.
 */
export async function simDecide(id: string, decision: "pay" | "decline" | "cancel"): Promise<string | null> {
  const order = await findOrder(id);
  // Rows written before return URLs were checked may point anywhere: never redirect there.
  if (!order || !onShop(order.return_url) || !onShop(order.cancel_url)) return null;
  if (decision === "cancel") {
    const url = new URL(order.cancel_url);
    url.searchParams.set("token", order.id);
    return url.toString();
  }
  const payer = order.payer_id ?? payerId();
  if (order.status === "PAYER_ACTION_REQUIRED" || order.status === "APPROVED") {
    await db.transaction().execute(async (trx) => {
      await loadDetails(trx, order, { persist: true });
      const stamp = now();
      await trx
        .updateTable("paypal_sim_orders")
        .set({ status: "APPROVED", payer_id: payer })
        .where("id", "=", id)
        .where("status", "!=", "COMPLETED")
        .execute();
      await trx
        .updateTable("paypal_sim_order_details")
        .set({ decline_capture: decision === "decline" ? 1 : 0, updated_at: stamp })
        .where("order_id", "=", id)
        .execute();
    });
  }
  const url = new URL(order.return_url);
  url.searchParams.set("token", order.id);
  url.searchParams.set("PayerID", payer);
  url.searchParams.set("paymentId", order.id); // the legacy parameter name
  return url.toString();
}
