import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/lib/access";
import { PAYMENT_DECLINED } from "~/lib/messages/checkout";
import { allContractProblems, contractProblems, type Exchange } from "#tests/paypal-contract/check";
import { startRecordingSimulator } from "#tests/paypal-contract/recording-simulator";
import { addAddress } from "~/server/accounts/addresses.server";
import { registerUser } from "~/server/accounts/users.server";
import { DiscountSchema } from "~/lib/schemas/discounts";
import { createDiscount } from "~/server/discounts/codes.server";
import { addToCart } from "~/server/cart/cart.server";
import { applyDiscountCode } from "~/server/discounts/apply.server";
import { productsWithoutSizes } from "#tests/support/catalog";
import { reloadSettings } from "~/server/platform/config.server";
import { db } from "~/server/database/db.server";
import { seedDemoCatalog } from "~/server/demo/seed.server";
import { completePayment } from "~/server/checkout/capture.server";
import { simulatorCredentials } from "~/server/platform/secrets.server";
import { simRefundsPending } from "~/server/paypal-sim/refunds.server";
import { simDecide } from "~/server/paypal-sim/simulator.server";
import { capturePayPalOrder, getPayPalOrder, getRefund, PayPalError, refundCapture } from "./paypal.server";
import { startCheckout } from "~/server/checkout/start.server";
import { saveSettings } from "~/server/settings/settings.server";

// The shop's real PayPal client (the SDK) against the simulator over real HTTP, every exchange
// recorded on the wire and checked against PayPal's published OpenAPI files: what the shop sends
// must be what PayPal takes, what the simulator answers what PayPal answers.

const simulator = await startRecordingSimulator();
process.env.PAYPAL_MODE = "simulator";
process.env.PAYPAL_SIMULATOR_URL = simulator.url;
reloadSettings();
afterAll(() => simulator.close());

const SHOP = "http://localhost:3000";
const PAYER_ID = /^[2-9A-HJ-NP-Z]{13}$/;

let products: { id: string; stock: number }[];
beforeAll(async () => {
  await seedDemoCatalog();
  products = (await productsWithoutSizes(20)).slice(0, 6);
  expect(products).toHaveLength(6);
});

const stockOf = async (id: string) =>
  (await db.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;
const orderRow = (id: string) =>
  db
    .selectFrom("orders")
    .select(["payment_status", "order_status", "stock_reserved", "capture_id", "payer_id", "capture_attempt", "total_cents"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
/** The exchanges recorded from `from` on with this method and path ending. */
const recorded = (from: number, method: string, ending: RegExp) =>
  simulator.exchanges.slice(from).filter((e) => e.method === method && ending.test(e.path));

let shoppers = 0;
/** A shopper with `quantity` of product `index` in the cart, checked out: a PayPal order awaits approval. */
/** `afterAddress`: what changes once the shopper's address is saved (the owner's zones, say). */
async function checkedOut(index: number, quantity: number, afterAddress?: () => Promise<unknown>) {
  const r = await registerUser({ userName: `contract ${++shoppers}`, email: `contract${shoppers}@example.com`, password: "password123" });
  if (!r.ok) throw new Error("setup");
  const user: SessionUser = r.user;
  const address = await addAddress(user.id, { address: "1 Road", city: "Town", pincode: "1", phone: "555", notes: "n" });
  if (!address.ok) throw new Error("setup");
  await afterAddress?.();
  await addToCart(user.id, products[index]!.id, quantity);
  const started = await startCheckout(user, address.address.id, SHOP);
  if (!started.ok) throw new Error(started.message);
  const paypalId = new URL(started.approvalUrl).searchParams.get("token")!;
  return { user, orderId: started.orderId, paypalId, approvalUrl: started.approvalUrl };
}

/** The buyer's choice on the simulator's approval page; PayPal's PayerID for the return. */
async function approve(paypalId: string, decision: "pay" | "decline") {
  const back = new URL((await simDecide(paypalId, decision))!);
  return back.searchParams.get("PayerID")!;
}

async function paidOrder(index: number, quantity: number) {
  const order = await checkedOut(index, quantity);
  expect(await completePayment(order.user, order.paypalId, await approve(order.paypalId, "pay"))).toEqual({
    ok: true,
    orderId: order.orderId,
  });
  const row = await orderRow(order.orderId);
  return { ...order, captureId: row.capture_id!, totalCents: row.total_cents };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("PayPal took it");
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(PayPalError);
      const { status, issue, definitive } = error as PayPalError;
      return { status, issue, definitive };
    },
  );

describe("the contract check", () => {
  const order = {
    method: "GET",
    path: "/v2/checkout/orders/5O190127TN364715T",
    requestHeaders: { authorization: "Bearer x" },
    requestBody: undefined,
    status: 200,
    responseBody: { id: "5O190127TN364715T", status: "APPROVED", payer: { payer_id: "QYR5Z8XDVJNXQ" } },
  } satisfies Exchange;

  it("passes what PayPal's files allow and names what they do not", () => {
    expect(contractProblems(order)).toEqual([]);
    const wrong = (change: Partial<Exchange>) => contractProblems({ ...order, ...change }).join("\n");
    expect(wrong({ responseBody: { ...order.responseBody, status: "PAID" } })).toMatch(
      /\/status must be equal to one of the allowed values/,
    );
    expect(wrong({ responseBody: { ...order.responseBody, payer: { payer_id: "qyr5z8xdvjnxq" } } })).toMatch(
      /\/payer\/payer_id must match pattern/,
    );
    expect(wrong({ responseBody: { ...order.responseBody, create_time: "yesterday" } })).toMatch(/\/create_time/);
    expect(wrong({ status: 422, responseBody: { name: "UNPROCESSABLE_ENTITY", message: "Nope", details: [{ issue: "X" }] } })).toMatch(
      /status 422 is not in the document|\/message/,
    );
    const decline = (description: string) =>
      contractProblems({
        ...order,
        method: "POST",
        path: `${order.path}/capture`,
        status: 422,
        responseBody: {
          name: "UNPROCESSABLE_ENTITY",
          message: "The requested action could not be performed, semantically incorrect, or failed business validation.",
          details: [{ issue: "INSTRUMENT_DECLINED", description }],
        },
      });
    expect(
      decline("The instrument presented  was either declined by the processor or bank, or it can't be used for this payment."),
    ).toEqual([]);
    expect(decline("Declined.").join("\n")).toMatch(/\/details\/0\/description/);
    expect(wrong({ method: "POST", path: "/v2/checkout/orders", status: 201, requestBody: { purchase_units: [] } })).toMatch(
      /request body: .*intent/,
    );
    expect(wrong({ path: "/v2/checkout/orders/A/B/C" })).toMatch(/not an operation/);
    expect(wrong({ method: "POST", path: "/v2/payments/captures/ABC/refund", status: 201 })).toMatch(
      /\/status must be equal to one of the allowed values/,
    );
    expect(wrong({ requestHeaders: {} })).toEqual("");
    expect(wrong({ method: "POST", path: `${order.path}/capture`, status: 201, requestHeaders: { prefer: "return=everything!" } })).toMatch(
      /header parameter Prefer: \/ must match pattern/,
    );
  });
});

describe("the shop and the simulator speak PayPal's API", () => {
  it("checkout, approval, capture, refunds (partial, full, too much, repeated) and reads", async () => {
    const from = simulator.exchanges.length;
    const { orderId, captureId, totalCents, paypalId } = await paidOrder(0, 2);
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "paid", order_status: "confirmed", capture_attempt: 0 });
    expect((await orderRow(orderId)).payer_id).toMatch(PAYER_ID);

    // What the shop asked PayPal for: the address chosen in the shop (in the shop's country, as it
    // was saved without one), which PayPal shows and keeps; the shop's own id for the capture.
    const [create] = recorded(from, "POST", /^\/v2\/checkout\/orders$/);
    expect(create!.requestBody).toMatchObject({
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: orderId,
          amount: { currency_code: "USD", value: (totalCents / 100).toFixed(2) },
          shipping: {
            name: { full_name: expect.stringMatching(/^contract \d+$/) },
            address: { address_line_1: "1 Road", admin_area_2: "Town", postal_code: "1", country_code: "US" },
          },
        },
      ],
      payment_source: { paypal: { experience_context: { shipping_preference: "SET_PROVIDED_ADDRESS", user_action: "PAY_NOW" } } },
    });
    const [capture] = recorded(from, "POST", /\/capture$/);
    expect(capture!.requestHeaders["paypal-request-id"]).toBe(`capture-${orderId}`);
    // The capture answer echoes the order as created, with the buyer, and the capture's details.
    expect(capture!.status).toBe(201);
    expect(capture!.responseBody).toMatchObject({
      id: paypalId,
      intent: "CAPTURE",
      status: "COMPLETED",
      purchase_units: [
        {
          reference_id: orderId,
          amount: (create!.requestBody as { purchase_units: [{ amount: unknown }] }).purchase_units[0].amount,
          items: (create!.requestBody as { purchase_units: [{ items: unknown }] }).purchase_units[0].items,
          payments: {
            captures: [
              {
                id: captureId,
                status: "COMPLETED",
                // Shipped to the address PayPal was given: the sale is covered by Seller Protection.
                seller_protection: { status: "ELIGIBLE" },
                seller_receivable_breakdown: { gross_amount: { currency_code: "USD", value: (totalCents / 100).toFixed(2) } },
              },
            ],
          },
        },
      ],
      payment_source: {
        paypal: { account_id: expect.stringMatching(PAYER_ID), email_address: expect.any(String), name: expect.any(Object) },
      },
      payer: { payer_id: expect.stringMatching(PAYER_ID) },
      create_time: expect.any(String),
      update_time: expect.any(String),
    });

    const part = await refundCapture(captureId, "row-1", 500, "Sorry:\nthe wrong size");
    expect(part).toEqual({ id: expect.any(String), status: "COMPLETED", currency: "USD", value: "5.00" });
    // The same refund row again: the same refund, nothing more refunded.
    expect(await refundCapture(captureId, "row-1", 500)).toEqual(part);
    expect(await getRefund(part.id)).toEqual(part);
    const partly = recorded(from, "GET", /^\/v2\/checkout\/orders\//);
    await getPayPalOrder(paypalId);
    const afterPart = recorded(from, "GET", /^\/v2\/checkout\/orders\//).slice(partly.length)[0]!;
    expect(afterPart.responseBody).toMatchObject({ purchase_units: [{ payments: { captures: [{ status: "PARTIALLY_REFUNDED" }] } }] });

    // More than is left: PayPal's refusal, and the same refusal for the same request id.
    const tooMuch = { status: 422, issue: "REFUND_AMOUNT_EXCEEDED", definitive: true };
    expect(await refusal(refundCapture(captureId, "row-2", totalCents - 500 + 1))).toEqual(tooMuch);
    expect(await refusal(refundCapture(captureId, "row-2", 1))).toEqual(tooMuch);

    const rest = await refundCapture(captureId, "row-3", totalCents - 500);
    expect(rest).toMatchObject({ status: "COMPLETED", value: ((totalCents - 500) / 100).toFixed(2) });
    expect(await refusal(refundCapture(captureId, "row-4", 1))).toEqual({ status: 422, issue: "CAPTURE_FULLY_REFUNDED", definitive: true });
    const before = simulator.exchanges.length;
    expect((await getPayPalOrder(paypalId)).status).toBe("COMPLETED");
    expect(simulator.exchanges[before]!.responseBody).toMatchObject({
      purchase_units: [{ payments: { captures: [{ status: "REFUNDED" }], refunds: [{ id: part.id }, { id: rest.id }] } }],
    });

    expect(await refusal(refundCapture("0JF852973C016714D", "row-5", 1))).toEqual({
      status: 404,
      issue: "INVALID_RESOURCE_ID",
      definitive: true,
    });
    expect(await refusal(getRefund("1JU08902781691411"))).toEqual({ status: 404, issue: "INVALID_RESOURCE_ID", definitive: true });

    const refundCalls = recorded(from, "POST", /\/refund$/);
    expect(refundCalls.map((e) => e.requestHeaders["paypal-request-id"])).toEqual([
      "refund-row-1",
      "refund-row-1",
      "refund-row-2",
      "refund-row-2",
      "refund-row-3",
      "refund-row-4",
      "refund-row-5",
    ]);
    expect(refundCalls[0]!.requestBody).toEqual({
      amount: { currency_code: "USD", value: "5.00" },
      note_to_payer: "Sorry: the wrong size",
    });
    expect(allContractProblems(simulator.exchanges.slice(from))).toEqual([]);
  });

  it("a declined card sends the buyer back to PayPal; the next return captures with a new request id", async () => {
    const from = simulator.exchanges.length;
    const { user, orderId, paypalId } = await checkedOut(1, 1);
    const stock = await stockOf(products[1]!.id);
    const payer = await approve(paypalId, "decline");

    const declined = await completePayment(user, paypalId, payer);
    expect(declined).toEqual({
      ok: false,
      status: 402,
      message: PAYMENT_DECLINED,
      approvalUrl: expect.stringContaining(`/paypal-sim/checkoutnow?token=${paypalId}`),
    });
    // Nothing taken, the stock back, the order still payable.
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "pending", stock_reserved: 0, capture_attempt: 1, capture_id: null });
    expect(await stockOf(products[1]!.id)).toBe(stock);
    // PayPal's answer: INSTRUMENT_DECLINED with the way back to its approval page.
    const [answer] = recorded(from, "POST", /\/capture$/);
    expect(answer!.status).toBe(422);
    expect(answer!.responseBody).toMatchObject({
      name: "UNPROCESSABLE_ENTITY",
      details: [{ issue: "INSTRUMENT_DECLINED" }],
      links: expect.arrayContaining([{ href: expect.stringContaining("checkoutnow"), rel: "payer-action", method: "GET" }]),
    });

    // Back from PayPal without choosing again: declined again, under the next request id.
    expect(await completePayment(user, paypalId, payer)).toMatchObject({ ok: false, status: 402 });
    expect((await orderRow(orderId)).capture_attempt).toBe(2);

    // The buyer pays another way. The first request id would still get the stored decline…
    await approve(paypalId, "pay");
    expect(await refusal(capturePayPalOrder(paypalId, orderId, 0))).toEqual({
      status: 422,
      issue: "INSTRUMENT_DECLINED",
      definitive: true,
    });
    // …the shop's next capture has a new one, and goes through.
    expect(await completePayment(user, paypalId, payer)).toEqual({ ok: true, orderId });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "paid", stock_reserved: 1, capture_attempt: 2 });
    expect(await stockOf(products[1]!.id)).toBe(stock - 1);
    expect(recorded(from, "POST", /\/capture$/).map((e) => [e.requestHeaders["paypal-request-id"], e.status])).toEqual([
      [`capture-${orderId}`, 422],
      [`capture-${orderId}-1`, 422],
      [`capture-${orderId}`, 422],
      [`capture-${orderId}-2`, 201],
    ]);
    expect(allContractProblems(simulator.exchanges.slice(from))).toEqual([]);
  });

  it("a refund of a capture marked pending answers PENDING and settles on its second read", async () => {
    const from = simulator.exchanges.length;
    const { captureId } = await paidOrder(2, 1);
    await simRefundsPending(captureId);
    const refund = await refundCapture(captureId, "pending-1", 100);
    expect(refund.status).toBe("PENDING");
    expect((await getRefund(refund.id)).status).toBe("PENDING");
    expect(await getRefund(refund.id)).toEqual({ ...refund, status: "COMPLETED" });
    expect((await getRefund(refund.id)).status).toBe("COMPLETED");
    expect(recorded(from, "POST", /\/refund$/)[0]!.responseBody).toMatchObject({ status: "PENDING", status_details: { reason: "ECHECK" } });
    expect(allContractProblems(simulator.exchanges.slice(from))).toEqual([]);
  });

  it("an order the simulator took before it kept what orders were created with is still paid and read", async () => {
    const from = simulator.exchanges.length;
    const { user, orderId, paypalId } = await checkedOut(3, 1);
    await db.deleteFrom("paypal_sim_order_details").where("order_id", "=", paypalId).execute();
    const before = await db.selectFrom("paypal_sim_order_details").select("order_id").where("order_id", "=", paypalId).execute();
    expect(before).toEqual([]);
    await getPayPalOrder(paypalId);
    // Reading writes nothing.
    expect(await db.selectFrom("paypal_sim_order_details").select("order_id").where("order_id", "=", paypalId).execute()).toEqual([]);
    expect(await completePayment(user, paypalId, await approve(paypalId, "pay"))).toEqual({ ok: true, orderId });
    expect((await getPayPalOrder(paypalId)).status).toBe("COMPLETED");
    expect(allContractProblems(simulator.exchanges.slice(from))).toEqual([]);
  });

  it("refuses what PayPal refuses, with PayPal's errors", async () => {
    const from = simulator.exchanges.length;
    const { clientId, clientSecret } = simulatorCredentials();
    const token = await fetch(`${simulator.url}/v1/oauth2/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}` },
      body: new URLSearchParams({ grant_type: "client_credentials" }),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const call = async (method: string, path: string, body?: unknown, bearer = token.access_token) => {
      const response = await fetch(`${simulator.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
      const answer = (await response.json()) as { name?: string; details?: Array<{ issue: string; field?: string }> };
      return [response.status, answer.name, answer.details?.[0]?.issue, answer.details?.[0]?.field];
    };
    const money = (value: string) => ({ currency_code: "USD", value });
    const order = (unit: Record<string, unknown>, context: Record<string, unknown> = { return_url: `${SHOP}/shop/paypal-return` }) => ({
      intent: "CAPTURE",
      purchase_units: [unit],
      payment_source: { paypal: { experience_context: context } },
    });
    const item = { name: "Scarf", quantity: "2", unit_amount: money("5.00") };

    expect(await call("POST", "/v2/checkout/orders", order({ amount: money("10.00") }), "SIM-forged")).toEqual([
      401,
      "AUTHENTICATION_FAILURE",
      undefined,
      undefined,
    ]);
    expect(await call("POST", "/v2/checkout/orders", "{ not json")).toEqual([400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", undefined]);
    expect(await call("POST", "/v2/checkout/orders", { purchase_units: [{ amount: money("1.00") }] })).toEqual([
      400,
      "INVALID_REQUEST",
      "MISSING_REQUIRED_PARAMETER",
      "/intent",
    ]);
    expect(
      await call(
        "POST",
        "/v2/checkout/orders",
        order({ amount: { ...money("11.00"), breakdown: { item_total: money("11.00") } }, items: [item] }),
      ),
    ).toEqual([422, "UNPROCESSABLE_ENTITY", "ITEM_TOTAL_MISMATCH", "/purchase_units/0/amount/breakdown/item_total"]);
    expect(
      await call(
        "POST",
        "/v2/checkout/orders",
        order({ amount: { ...money("11.00"), breakdown: { item_total: money("10.00") } }, items: [item] }),
      ),
    ).toEqual([422, "UNPROCESSABLE_ENTITY", "AMOUNT_MISMATCH", "/purchase_units/0/amount/value"]);
    // A discount is taken off item_total: the amount must be what is left.
    expect(
      await call(
        "POST",
        "/v2/checkout/orders",
        order({ amount: { ...money("10.00"), breakdown: { item_total: money("10.00"), discount: money("1.00") } }, items: [item] }),
      ),
    ).toEqual([422, "UNPROCESSABLE_ENTITY", "AMOUNT_MISMATCH", "/purchase_units/0/amount/value"]);
    expect(await call("POST", "/v2/checkout/orders", order({ amount: money("10.001") }))).toEqual([
      422,
      "UNPROCESSABLE_ENTITY",
      "DECIMAL_PRECISION",
      "/purchase_units/0/amount/value",
    ]);
    expect(await call("POST", "/v2/checkout/orders", order({ amount: money("10.00") }, { return_url: "https://evil.example/x" }))).toEqual([
      400,
      "INVALID_REQUEST",
      "INVALID_PARAMETER_VALUE",
      "/payment_source/paypal/experience_context/return_url",
    ]);
    const created = await fetch(`${simulator.url}/v2/checkout/orders`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token.access_token}`, "Content-Type": "application/json", Prefer: "return=representation" },
      body: JSON.stringify(order({ amount: { ...money("10.00"), breakdown: { item_total: money("10.00") } }, items: [item] })),
    }).then((r) => r.json() as Promise<{ id: string }>);
    expect(await call("POST", `/v2/checkout/orders/${created.id}/capture`, {})).toEqual([
      422,
      "UNPROCESSABLE_ENTITY",
      "ORDER_NOT_APPROVED",
      undefined,
    ]);
    expect(await call("GET", "/v2/checkout/orders/NOSUCHORDER123456")).toEqual([
      404,
      "RESOURCE_NOT_FOUND",
      "INVALID_RESOURCE_ID",
      "order_id",
    ]);
    await approve(created.id, "pay");
    expect((await call("POST", `/v2/checkout/orders/${created.id}/capture`, {}))[0]).toBe(201);
    expect(await call("POST", `/v2/checkout/orders/${created.id}/capture`, {})).toEqual([
      422,
      "UNPROCESSABLE_ENTITY",
      "ORDER_ALREADY_CAPTURED",
      undefined,
    ]);
    // These requests are wrong on purpose: the answers are what must be PayPal's.
    expect(allContractProblems(simulator.exchanges.slice(from), { answersOnly: true })).toEqual([]);
  });

  it("an order with a discount code: item_total, discount and the amount after it, taken and captured as PayPal takes them", async () => {
    const from = simulator.exchanges.length;
    const code = await createDiscount(DiscountSchema.parse({ code: "CONTRACT15", type: "percent", value: 15 }));
    if (!code.ok) throw new Error(code.message);
    const r = await registerUser({ userName: "contract coder", email: "contract-coder@example.com", password: "password123" });
    if (!r.ok) throw new Error("setup");
    const address = await addAddress(r.user.id, { address: "1 Road", city: "Town", pincode: "1", phone: "555", notes: "n" });
    if (!address.ok) throw new Error("setup");
    await addToCart(r.user.id, products[4]!.id, 3);
    await addToCart(r.user.id, products[5]!.id, 1);
    expect((await applyDiscountCode(r.user.id, "contract15", `client-${r.user.id}`)).ok).toBe(true);
    const started = await startCheckout(r.user, address.address.id, SHOP);
    if (!started.ok) throw new Error(started.message);
    const paypalId = new URL(started.approvalUrl).searchParams.get("token")!;
    const order = await db
      .selectFrom("orders")
      .select(["total_cents", "discount_cents"])
      .where("id", "=", started.orderId)
      .executeTakeFirstOrThrow();
    expect(order.discount_cents).toBeGreaterThan(0);
    const money = (cents: number) => ({ currency_code: "USD", value: (cents / 100).toFixed(2) });

    const [create] = recorded(from, "POST", /^\/v2\/checkout\/orders$/);
    expect(create!.status).toBe(201);
    const amount = {
      ...money(order.total_cents),
      breakdown: { item_total: money(order.total_cents + order.discount_cents), discount: money(order.discount_cents) },
    };
    expect(create!.requestBody).toMatchObject({ purchase_units: [{ reference_id: started.orderId, amount }] });

    expect(await completePayment(r.user, paypalId, await approve(paypalId, "pay"))).toEqual({ ok: true, orderId: started.orderId });
    const [capture] = recorded(from, "POST", /\/capture$/);
    expect(capture!.responseBody).toMatchObject({
      status: "COMPLETED",
      purchase_units: [{ amount, payments: { captures: [{ status: "COMPLETED", amount: money(order.total_cents) }] } }],
    });
    expect(allContractProblems(simulator.exchanges.slice(from))).toEqual([]);
  });

  describe("with shipping and tax", () => {
    afterEach(async () => {
      await saveSettings({ pricesIncludeTax: false, taxRates: [], otherTaxRate: 0, shippingZones: [] });
    });
    const zone = (price: number) => [
      {
        name: "Home",
        everywhereElse: false,
        countries: ["US"],
        methods: [{ name: "Standard", price, freeAbove: null, estimate: "2 days" }],
      },
    ];

    it("tells PayPal the lines, the tax of each unit, the shipping with its tax and the total, and captures all of it", async () => {
      // 8.875 % on top: three units of one line make a tax that does not divide by three.
      await saveSettings({
        pricesIncludeTax: false,
        taxRates: [{ country: "US", rate: 8.875 }],
        otherTaxRate: 0,
        shippingZones: zone(4.95),
      });
      const from = simulator.exchanges.length;
      const { orderId, totalCents } = await paidOrder(2, 3);
      const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
      const [line] = await db.selectFrom("order_items").selectAll().where("order_id", "=", orderId).execute();
      expect(order).toMatchObject({ shipping_cents: 495, shipping_method: "Standard", shipping_estimate: "2 days", tax_rate: 8875 });
      const lineCents = line!.unit_price_cents * 3;
      expect(line!.tax_cents).toBe(Math.floor((2 * lineCents * 8875 + 100_000) / 200_000));
      expect(order.shipping_tax_cents).toBe(44); // 8.875 % of $4.95 is 43.93 cents
      expect(order.tax_cents).toBe(line!.tax_cents + 44);
      expect(totalCents).toBe(lineCents + 495 + order.tax_cents);

      const [create] = recorded(from, "POST", /^\/v2\/checkout\/orders$/);
      const unit = (
        create!.requestBody as {
          purchase_units: [
            { amount: { breakdown: Record<string, { value: string }> }; items: Array<{ quantity: string; tax: { value: string } }> },
          ];
        }
      ).purchase_units[0];
      const cents = (v: { value: string }) => Math.round(Number(v.value) * 100);
      expect(cents(unit.amount.breakdown.item_total!)).toBe(lineCents);
      expect(cents(unit.amount.breakdown.tax_total!)).toBe(line!.tax_cents);
      expect(cents(unit.amount.breakdown.shipping!)).toBe(495 + 44);
      expect(unit.items.reduce((sum, i) => sum + cents(i.tax) * Number(i.quantity), 0)).toBe(line!.tax_cents);
      expect(unit.items.reduce((sum, i) => sum + Number(i.quantity), 0)).toBe(3);
      const [capture] = recorded(from, "POST", /\/capture$/);
      expect(capture!.responseBody).toMatchObject({
        status: "COMPLETED",
        purchase_units: [{ payments: { captures: [{ amount: { value: (totalCents / 100).toFixed(2) } }] } }],
      });
      expect(allContractProblems(simulator.exchanges.slice(from))).toEqual([]);
    });

    it("with prices including tax, sends no tax: it is inside the lines and the shipping", async () => {
      await saveSettings({ pricesIncludeTax: true, taxRates: [], otherTaxRate: 20, shippingZones: zone(3.5) });
      const from = simulator.exchanges.length;
      const { orderId, totalCents } = await paidOrder(3, 1);
      const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
      const [line] = await db.selectFrom("order_items").selectAll().where("order_id", "=", orderId).execute();
      expect(totalCents).toBe(line!.unit_price_cents + 350);
      expect(order.shipping_tax_cents).toBe(58); // 350 − 350 / 1.2 = 58.33
      expect(order.prices_include_tax).toBe(1);
      const [create] = recorded(from, "POST", /^\/v2\/checkout\/orders$/);
      const unit = (
        create!.requestBody as {
          purchase_units: [{ amount: { breakdown: Record<string, unknown> }; items: Array<Record<string, unknown>> }];
        }
      ).purchase_units[0];
      expect(unit.amount.breakdown).toEqual({
        item_total: { currency_code: "USD", value: (line!.unit_price_cents / 100).toFixed(2) },
        shipping: { currency_code: "USD", value: "3.50" },
      });
      expect(unit.items[0]).not.toHaveProperty("tax");
      expect(allContractProblems(simulator.exchanges.slice(from))).toEqual([]);
    });

    it("refuses an address in no zone before PayPal hears of it", async () => {
      // The address was saved before the owner's zones left its country out (since, it could not be).
      const from = simulator.exchanges.length;
      const zonesChange = () => saveSettings({ shippingZones: [{ ...zone(5)[0]!, countries: ["GB"] }] });
      await expect(checkedOut(4, 1, zonesChange)).rejects.toThrow("We don't deliver to United States yet");
      expect(recorded(from, "POST", /^\/v2\/checkout\/orders$/)).toEqual([]);
    });
  });

  it("covers every operation the shop uses", () => {
    const seen = new Set(simulator.exchanges.map((e) => `${e.method} ${e.path.replace(/\/[0-9A-Z]{17}(?=\/|$)/g, "/{id}")} ${e.status}`));
    for (const operation of [
      "POST /v1/oauth2/token 200",
      "POST /v2/checkout/orders 201",
      "GET /v2/checkout/orders/{id} 200",
      "POST /v2/checkout/orders/{id}/capture 201",
      "POST /v2/checkout/orders/{id}/capture 422",
      "POST /v2/payments/captures/{id}/refund 201",
      "POST /v2/payments/captures/{id}/refund 422",
      "POST /v2/payments/captures/{id}/refund 404",
      "GET /v2/payments/refunds/{id} 200",
      "GET /v2/payments/refunds/{id} 404",
    ]) {
      expect(seen, operation).toContain(operation);
    }
  });
});
