import { randomInt } from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { PaypalSimOrderDetailsTable, PaypalSimOrdersTable, PaypalSimRefundsTable } from "#db/schema";
import { db, type DB } from "~/server/database/db.server";
import { deriveSecret } from "~/server/platform/secrets.server";

// The simulator's orders, captures and refunds as PayPal's JSON shows them (Orders v2, Payments
// v2): the purchase unit as it was created, the payer once approved, the capture with its seller
// protection and receivable breakdown, the refunds, timestamps and HATEOAS links.

export type SimOrder = Selectable<PaypalSimOrdersTable>;
export type SimDetails = Selectable<PaypalSimOrderDetailsTable>;
export type SimRefund = Selectable<PaypalSimRefundsTable>;
type Tx = Pick<DB, "selectFrom" | "updateTable" | "insertInto">;
type Json = Record<string, unknown>;
type Money = { currency_code: string; value: string };

/** What an order was created with (paypal_sim_order_details.request). */
export type CreatedWith = {
  intent: string;
  purchase_units: Json[];
  experience_context: { return_url?: string; cancel_url?: string; shipping_preference?: string; [key: string]: unknown };
};

export const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

const BASE32 = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"; // PayPal's payer and merchant ids: ^[2-9A-HJ-NP-Z]{13}$
const ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const randomOf = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join("");
/** An order, capture or refund id: 17 of [0-9A-Z], as PayPal's. */
export const ppId = () => randomOf(ALNUM, 17);
/** A payer id: 13 of PayPal's base32 alphabet. */
export const payerId = () => randomOf(BASE32, 13);

/** PayPal's timestamps have whole seconds. */
export const ppTime = (iso: string) => iso.replace(/\.\d+Z$/, "Z");

export const toCents = (value: string) => Math.round(Number(value) * 100);
export const fromCents = (cents: number) => (cents / 100).toFixed(2);

/** The shop's merchant account at the simulator. */
function payee() {
  const hex = deriveSecret("paypal-simulator:merchant-id");
  const merchantId = Array.from({ length: 13 }, (_, i) => BASE32[parseInt(hex.slice(i * 2, i * 2 + 2), 16) % 32]).join("");
  return { email_address: "merchant@shop.example.com", merchant_id: merchantId };
}

/** The simulated buyer behind a payer id. */
function buyer(id: string) {
  return {
    email_address: `sb-${id.toLowerCase()}@personal.example.com`,
    name: { given_name: "Test", surname: "Buyer" },
    address: { country_code: "US" },
  };
}

/** Where the simulated buyer's PayPal account says to ship (GET_FROM_FILE). */
const BUYER_SHIPPING = {
  name: { full_name: "Test Buyer" },
  address: { address_line_1: "1 Main St", admin_area_2: "San Jose", admin_area_1: "CA", postal_code: "95131", country_code: "US" },
};

export const apiBase = (order: { return_url: string }) => `${new URL(order.return_url).origin}/paypal-sim`;
export const approvalUrl = (order: { id: string; return_url: string }) =>
  `${new URL(order.return_url).origin}/paypal-sim/checkoutnow?token=${order.id}`;

/**
 * What the order was created with and how it was approved. An order created before migration 0013
 * has no such row: what its own row tells stands in (`persist` writes it, for the calls that change
 * it; reads write nothing).
 */
export async function loadDetails(tx: Tx, order: SimOrder, { persist = false } = {}): Promise<SimDetails> {
  const found = await tx.selectFrom("paypal_sim_order_details").selectAll().where("order_id", "=", order.id).executeTakeFirst();
  if (found) return found;
  const request: CreatedWith = {
    intent: "CAPTURE",
    purchase_units: [{ amount: { currency_code: order.currency, value: order.value } }],
    experience_context: { return_url: order.return_url, cancel_url: order.cancel_url },
  };
  const details = {
    order_id: order.id,
    request: JSON.stringify(request),
    decline_capture: 0,
    refunds_pending: 0,
    captured_at: null,
    updated_at: order.created_at,
  };
  if (persist) {
    await tx
      .insertInto("paypal_sim_order_details")
      .values(details)
      .onConflict((c) => c.column("order_id").doNothing())
      .execute();
  }
  return details;
}

export const createdWith = (details: SimDetails) => JSON.parse(details.request) as CreatedWith;

function shippingOf(created: CreatedWith, approved: boolean): Json | undefined {
  const preference = created.experience_context.shipping_preference ?? "GET_FROM_FILE";
  if (preference === "NO_SHIPPING") return undefined;
  if (preference === "SET_PROVIDED_ADDRESS") return created.purchase_units[0]?.shipping as Json | undefined;
  return approved ? BUYER_SHIPPING : undefined;
}

const money = (currency: string, cents: number): Money => ({ currency_code: currency, value: fromCents(cents) });

/** PayPal's US rate for a PayPal checkout: 3.49% + 0.49. */
const feeCents = (cents: number) => Math.min(cents, Math.round(cents * 0.0349) + 49);

export function refundBody(refund: SimRefund, base: string): Json {
  const cents = toCents(refund.value);
  return {
    id: refund.id,
    status: refund.status,
    ...(refund.status === "PENDING" ? { status_details: { reason: "ECHECK" } } : {}),
    amount: money(refund.currency, cents),
    ...(refund.note_to_payer ? { note_to_payer: refund.note_to_payer } : {}),
    ...(refund.invoice_id ? { invoice_id: refund.invoice_id } : {}),
    ...(refund.custom_id ? { custom_id: refund.custom_id } : {}),
    seller_payable_breakdown: {
      gross_amount: money(refund.currency, cents),
      paypal_fee: money(refund.currency, 0),
      net_amount: money(refund.currency, cents),
    },
    create_time: ppTime(refund.created_at),
    update_time: ppTime(refund.updated_at),
    links: [
      { href: `${base}/v2/payments/refunds/${refund.id}`, rel: "self", method: "GET" },
      { href: `${base}/v2/payments/captures/${refund.capture_id}`, rel: "up", method: "GET" },
    ],
  };
}

/** The refunds of a capture, oldest first. */
export const refundsOf = (tx: Tx, captureId: string) =>
  tx.selectFrom("paypal_sim_refunds").selectAll().where("capture_id", "=", captureId).orderBy("created_at").orderBy("id").execute();

/** Refunded so far: completed refunds (the capture's status) and every refund (what is left to refund). */
export function refunded(refunds: SimRefund[]): { completed: number; all: number } {
  const sum = (rows: SimRefund[]) => rows.reduce((total, r) => total + toCents(r.value), 0);
  return { completed: sum(refunds.filter((r) => r.status === "COMPLETED")), all: sum(refunds) };
}

export function captureBody(order: SimOrder, details: SimDetails, refunds: SimRefund[], base: string): Json {
  const created = createdWith(details);
  const unit = created.purchase_units[0] ?? {};
  const cents = toCents(order.value);
  const fee = feeCents(cents);
  const done = refunded(refunds).completed;
  const protectedShipping = shippingOf(created, true) !== undefined;
  return {
    id: order.capture_id,
    status: done === 0 ? "COMPLETED" : done >= cents ? "REFUNDED" : "PARTIALLY_REFUNDED",
    amount: money(order.currency, cents),
    final_capture: true,
    ...(typeof unit.invoice_id === "string" ? { invoice_id: unit.invoice_id } : {}),
    ...(typeof unit.custom_id === "string" ? { custom_id: unit.custom_id } : {}),
    // Seller Protection covers "item not received" only for goods shipped to the address PayPal has.
    seller_protection: protectedShipping
      ? { status: "ELIGIBLE", dispute_categories: ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"] }
      : { status: "NOT_ELIGIBLE" },
    seller_receivable_breakdown: {
      gross_amount: money(order.currency, cents),
      paypal_fee: money(order.currency, fee),
      net_amount: money(order.currency, cents - fee),
    },
    links: [
      { href: `${base}/v2/payments/captures/${order.capture_id}`, rel: "self", method: "GET" },
      { href: `${base}/v2/payments/captures/${order.capture_id}/refund`, rel: "refund", method: "POST" },
      { href: `${base}/v2/checkout/orders/${order.id}`, rel: "up", method: "GET" },
    ],
    create_time: ppTime(details.captured_at ?? details.updated_at),
    update_time: ppTime(refunds.at(-1)?.updated_at ?? details.captured_at ?? details.updated_at),
  };
}

export function orderLinks(order: SimOrder): Json[] {
  const base = apiBase(order);
  const self = { href: `${base}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" };
  if (order.status === "PAYER_ACTION_REQUIRED") return [self, { href: approvalUrl(order), rel: "payer-action", method: "GET" }];
  if (order.status === "APPROVED")
    return [self, { href: `${base}/v2/checkout/orders/${order.id}/capture`, rel: "capture", method: "POST" }];
  return [self];
}

/** The order as GET (and capture with return=representation) shows it. */
export function orderBody(order: SimOrder, details: SimDetails, refunds: SimRefund[]): Json {
  const created = createdWith(details);
  const approved = order.payer_id !== null;
  const base = apiBase(order);
  const units = created.purchase_units.map((unit, i) => {
    const shipping = shippingOf(created, approved);
    const { shipping: _asked, payee: _payee, ...rest } = unit;
    return {
      ...rest,
      reference_id: typeof unit.reference_id === "string" ? unit.reference_id : "default",
      payee: payee(),
      ...(shipping ? { shipping } : {}),
      ...(i === 0 && order.capture_id
        ? {
            payments: {
              captures: [captureBody(order, details, refunds, base)],
              ...(refunds.length ? { refunds: refunds.map((r) => refundBody(r, base)) } : {}),
            },
          }
        : {}),
    };
  });
  const body: Json = {
    id: order.id,
    intent: created.intent,
    status: order.status,
    payment_source: { paypal: approved ? { ...buyer(order.payer_id!), account_id: order.payer_id, account_status: "VERIFIED" } : {} },
    purchase_units: units,
    ...(approved ? { payer: { ...buyer(order.payer_id!), payer_id: order.payer_id } } : {}),
    create_time: ppTime(order.created_at),
    update_time: ppTime(details.updated_at),
    links: orderLinks(order),
  };
  return body;
}

/** `Prefer: return=minimal` (PayPal's default): id, status and links only. */
export const wantsRepresentation = (request: Request) => /return=representation/i.test(request.headers.get("Prefer") ?? "");
export const minimalOrder = (order: SimOrder) => ({ id: order.id, status: order.status, links: orderLinks(order) });

/** The stored answer for a repeated PayPal-Request-Id, if any. */
export async function storedReply(tx: Tx, key: string): Promise<Response | null> {
  const reply = await tx.selectFrom("paypal_sim_replies").select(["status", "body"]).where("key", "=", key).executeTakeFirst();
  return reply ? json(JSON.parse(reply.body), reply.status) : null;
}

export async function storeReply(tx: Tx, key: string, status: number, body: unknown, at: string): Promise<void> {
  await tx
    .insertInto("paypal_sim_replies")
    .values({ key, status, body: JSON.stringify(body), created_at: at })
    .onConflict((c) => c.column("key").doNothing())
    .execute();
}

/**
 * Takes the order's row lock for the rest of the transaction (a no-op write: PostgreSQL locks the
 * row, SQLite the database), so two captures or two refunds of one order never interleave.
 */
export async function lockOrder(tx: Tx, id: string): Promise<SimOrder | undefined> {
  const touched = await tx
    .updateTable("paypal_sim_orders")
    .set({ status: sql<string>`status` })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) === 0) return undefined;
  return tx.selectFrom("paypal_sim_orders").selectAll().where("id", "=", id).executeTakeFirst();
}

export const findOrder = (id: string) => db.selectFrom("paypal_sim_orders").selectAll().where("id", "=", id).executeTakeFirst();
