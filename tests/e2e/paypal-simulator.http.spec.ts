import { request as playwrightRequest, type APIRequestContext, type APIResponse } from "@playwright/test";
import { contractProblems, type Exchange } from "#tests/paypal-contract/check";
import { expect, test } from "./fixtures";
import { dataFingerprint, registerShopper, shopSql, simulatorCredentials, simulatorToken } from "./helpers";

// The PayPal simulator stands in for PayPal in the demo and the tests. Like PayPal, it serves
// only the merchant it belongs to (this shop, by credentials derived from the session secret)
// and sends buyers back only to that merchant's own address. It answers as PayPal's published
// OpenAPI files say: each answer a test gets from it is checked against them (tests/paypal-contract/).

/** Calls the simulator's API and checks the answer against PayPal's OpenAPI files. */
async function simulator(
  api: APIRequestContext,
  method: "GET" | "POST",
  path: string,
  { data, headers = {} }: { data?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown> & { details?: Array<{ issue: string; description: string }> } }> {
  const response: APIResponse = await api.fetch(`/paypal-sim${path}`, { method, headers, data });
  const body = await response.json();
  const exchange: Exchange = { method, path, requestHeaders: headers, requestBody: data, status: response.status(), responseBody: body };
  // Some requests here are wrong on purpose: the simulator's answers are what must be PayPal's.
  expect(contractProblems(exchange, { answersOnly: true })).toEqual([]);
  return { status: response.status(), body };
}

test.describe("PayPal simulator", () => {
  const order = (returnUrl: string, cancelUrl = returnUrl) => ({
    intent: "CAPTURE",
    purchase_units: [{ amount: { currency_code: "USD", value: "10.00" } }],
    payment_source: { paypal: { experience_context: { return_url: returnUrl, cancel_url: cancelUrl } } },
  });

  test("a token needs the shop's own client credentials", async ({ request }) => {
    const basic = (id: string, secret: string) => ({ Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}` });
    const form = { grant_type: "client_credentials" };
    const { clientId, clientSecret } = simulatorCredentials();
    for (const headers of [
      {},
      basic("simulator-client", "simulator-secret"),
      basic(clientId, "wrong"),
      basic("", ""),
      { Authorization: "Bearer SIM-x" },
    ]) {
      const response = await request.post("/paypal-sim/v1/oauth2/token", { headers, form });
      expect(response.status(), JSON.stringify(headers)).toBe(401);
      expect(await response.json()).toEqual({ error: "invalid_client", error_description: "Client Authentication failed" });
    }
    const granted = await request.post("/paypal-sim/v1/oauth2/token", { headers: basic(clientId, clientSecret), form });
    expect(granted.status()).toBe(200);
    expect(await granted.json()).toMatchObject({
      access_token: expect.stringMatching(/^SIM-/),
      token_type: "Bearer",
      expires_in: expect.any(Number),
    });
  });

  test("orders need a token the simulator issued; anonymous and forged tokens write nothing", async ({ request, baseURL }) => {
    const before = await dataFingerprint();
    const token = await simulatorToken(request);
    const forged = [token.replace(/.$/, (c) => (c === "0" ? "1" : "0")), "SIM-test", `SIM-1.${"0".repeat(24)}.${"0".repeat(32)}`];
    for (const bearer of ["", ...forged]) {
      const headers: Record<string, string> = bearer ? { Authorization: `Bearer ${bearer}` } : {};
      const created = await simulator(request, "POST", "/v2/checkout/orders", { headers, data: order(`${baseURL}/shop/paypal-return`) });
      expect(created.status, bearer).toBe(401);
      expect(created.body.name).toBe("AUTHENTICATION_FAILURE");
      expect((await simulator(request, "POST", "/v2/checkout/orders/ABC/capture", { headers })).status).toBe(401);
      expect((await simulator(request, "GET", "/v2/checkout/orders/ABC", { headers })).status).toBe(401);
      expect((await simulator(request, "POST", "/v2/payments/captures/ABC/refund", { headers, data: {} })).status).toBe(401);
      expect((await simulator(request, "GET", "/v2/payments/refunds/ABC", { headers })).status).toBe(401);
    }
    expect(await dataFingerprint()).toBe(before);
  });

  test("return and cancel URLs must be on the shop's address: no open redirect", async ({ request, baseURL }) => {
    const headers = { Authorization: `Bearer ${await simulatorToken(request)}` };
    const before = await dataFingerprint();
    const shop = `${baseURL}/shop/paypal-return`;
    for (const [returnUrl, cancelUrl] of [
      ["https://evil.example/steal", shop],
      [shop, "https://evil.example/steal"],
      [`${baseURL}.evil.example/shop/paypal-return`, shop],
      ["//evil.example/x", shop],
      ["javascript:alert(1)", shop],
      [shop.replace("http:", "https:"), shop],
    ]) {
      const refused = await simulator(request, "POST", "/v2/checkout/orders", { headers, data: order(returnUrl!, cancelUrl) });
      expect(refused.status, `${returnUrl} ${cancelUrl}`).toBe(400);
      expect(refused.body).toMatchObject({ name: "INVALID_REQUEST", details: [{ issue: "INVALID_PARAMETER_VALUE", location: "body" }] });
    }
    expect(await dataFingerprint()).toBe(before);

    const accepted = await request.post("/paypal-sim/v2/checkout/orders", { headers, data: order(shop, `${shop}?cancelled=1`) });
    expect(accepted.status()).toBe(201);
    const body = await accepted.json();
    const approval = body.links.find((l: { rel: string }) => l.rel === "payer-action").href as string;
    expect(new URL(approval).origin).toBe(new URL(baseURL!).origin);
    // Pay on the approval page comes back to the shop, with a full-page redirect.
    const paid = await request.post("/paypal-sim/checkoutnow", { form: { token: body.id, decision: "pay" }, maxRedirects: 0 });
    expect(paid.status()).toBe(302);
    expect(new URL(paid.headers()["location"]!).origin).toBe(new URL(baseURL!).origin);
    expect(paid.headers()["x-remix-reload-document"]).toBe("true");
  });
});

/** A new shopper, signed in, with an address and `quantity` of a product in stock in the cart. */
async function shopperWithCart(baseURL: string, quantity = 1) {
  const api = await playwrightRequest.newContext({ baseURL });
  const account = await registerShopper(api, "paypal");
  expect((await api.post("/api/auth/login", { data: account })).status()).toBe(200);
  const products = (await (await api.get("/api/shop/products/get")).json()).data as Array<{
    _id: string;
    variants: Array<{ _id: string; stock: number }>;
  }>;
  const product = products.find((p) => p.variants.some((v) => v.stock >= quantity + 1))!;
  const variant = product.variants.find((v) => v.stock >= quantity + 1)!;
  const address = await api.post("/api/shop/address/add", {
    data: { address: "7 Sim Street", city: "Springfield", pincode: "12345", phone: "555-0100", notes: "Side door" },
  });
  expect(address.status()).toBe(201);
  expect((await api.post("/api/shop/cart/add", { data: { productId: product._id, variantId: variant._id, quantity } })).status()).toBe(200);
  const created = await (
    await api.post("/api/shop/order/create", { data: { addressInfo: { addressId: (await address.json()).data._id } } })
  ).json();
  expect(created.success).toBe(true);
  const token = new URL(created.approvalURL).searchParams.get("token")!;
  return { api, orderId: created.orderId as string, token, approvalURL: created.approvalURL as string, variantId: variant._id };
}

/** The buyer's choice on the approval page; PayPal's return parameters. */
async function decide(api: APIRequestContext, token: string, decision: "pay" | "decline") {
  const answer = await api.post("/paypal-sim/checkoutnow", { form: { token, decision }, maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  const back = new URL(answer.headers()["location"]!);
  return { paymentId: back.searchParams.get("token")!, payerId: back.searchParams.get("PayerID")! };
}

const stockOf = async (variantId: string) =>
  (await shopSql<{ stock: number }>("select stock from product_variants where id = ?", [variantId])).rows[0]!.stock;

test.describe("a card PayPal declines", () => {
  test("/api capture answers 402 with PayPal's approval link; after paying another way the capture goes through", async ({ baseURL }) => {
    const { api, orderId, token, variantId } = await shopperWithCart(baseURL!);
    const stock = await stockOf(variantId);
    const paypal = await decide(api, token, "decline");
    expect(paypal.payerId).toMatch(/^[2-9A-HJ-NP-Z]{13}$/);

    const declined = await api.post("/api/shop/order/capture", { data: { ...paypal, orderId } });
    expect(declined.status()).toBe(402);
    expect(await declined.json()).toEqual({
      success: false,
      message: "Your payment method was declined. Please choose another way to pay at PayPal.",
      approvalURL: `${baseURL}/paypal-sim/checkoutnow?token=${token}`,
    });
    // Nothing taken, the stock back, the order still pending.
    expect(await stockOf(variantId)).toBe(stock);
    const details = (await (await api.get(`/api/shop/order/details/${orderId}`)).json()).data;
    expect(details).toMatchObject({ paymentStatus: "pending", orderStatus: "pending" });

    // The approval page says what happened; the buyer pays another way.
    const page = await api.get(`/paypal-sim/checkoutnow?token=${token}`);
    expect(await page.text()).toContain("Choose another way to pay");
    await decide(api, token, "pay");
    const paid = await api.post("/api/shop/order/capture", { data: { ...paypal, orderId } });
    expect(paid.status()).toBe(200);
    expect(await stockOf(variantId)).toBe(stock - 1);
    const attempts = await shopSql<{ capture_attempt: number; payment_status: string }>(
      "select capture_attempt, payment_status from orders where id = ?",
      [orderId],
    );
    expect(attempts.rows).toEqual([{ capture_attempt: 1, payment_status: "paid" }]);
  });

  test("the return page sends the shopper back to PayPal's approval page, with the reason as a toast", async ({ baseURL }) => {
    const { api, orderId, token } = await shopperWithCart(baseURL!);
    const paypal = await decide(api, token, "decline");
    const back = await api.get(`/shop/paypal-return?token=${paypal.paymentId}&PayerID=${paypal.payerId}`, { maxRedirects: 0 });
    expect(back.status()).toBe(302);
    expect(back.headers()["location"]).toBe(`${baseURL}/paypal-sim/checkoutnow?token=${token}`);
    expect(back.headers()["set-cookie"]).toContain("toast-session=");
    // The approval page (the shop's own, in simulator mode) shows the toast.
    const approval = await api.get(back.headers()["location"]!);
    expect(await approval.text()).toContain("Your payment method was declined. Please choose another way to pay at PayPal.");

    await decide(api, token, "pay");
    const paid = await api.get(`/shop/paypal-return?token=${paypal.paymentId}&PayerID=${paypal.payerId}`, { maxRedirects: 0 });
    expect(paid.status()).toBe(302);
    expect(paid.headers()["location"]).toBe(`/shop/payment-success?order=${orderId}`);
  });
});

test.describe("refunds (Payments v2)", () => {
  test("partial, repeated, too much, the rest, nothing left; reads; unknown ids", async ({ baseURL }) => {
    const { api, orderId, token } = await shopperWithCart(baseURL!, 2);
    const paypal = await decide(api, token, "pay");
    expect((await api.post("/api/shop/order/capture", { data: { ...paypal, orderId } })).status()).toBe(200);
    const headers = { Authorization: `Bearer ${await simulatorToken(api)}`, Prefer: "return=representation" };
    const order = await simulator(api, "GET", `/v2/checkout/orders/${token}`, { headers });
    const capture = (order.body.purchase_units as Array<{ payments: { captures: Array<{ id: string; amount: { value: string } }> } }>)[0]!
      .payments.captures[0]!;
    const total = Math.round(Number(capture.amount.value) * 100);
    const refund = (requestId: string, data: unknown) =>
      simulator(api, "POST", `/v2/payments/captures/${capture.id}/refund`, {
        headers: { ...headers, "PayPal-Request-Id": requestId },
        data,
      });
    const usd = (cents: number) => ({ currency_code: "USD", value: (cents / 100).toFixed(2) });

    const first = await refund("refund-a", { amount: usd(100), note_to_payer: "One was faulty", invoice_id: orderId });
    expect(first).toMatchObject({
      status: 201,
      body: { status: "COMPLETED", amount: usd(100), note_to_payer: "One was faulty", invoice_id: orderId },
    });
    expect(await refund("refund-a", { amount: usd(100) })).toEqual(first);
    const exceeded = await refund("refund-b", { amount: usd(total) });
    expect(exceeded).toMatchObject({ status: 422, body: { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "REFUND_AMOUNT_EXCEEDED" }] } });
    // No amount: whatever is left.
    const rest = await refund("refund-c", {});
    expect(rest).toMatchObject({ status: 201, body: { status: "COMPLETED", amount: usd(total - 100) } });
    expect(await refund("refund-d", {})).toMatchObject({ status: 422, body: { details: [{ issue: "CAPTURE_FULLY_REFUNDED" }] } });

    expect(await simulator(api, "GET", `/v2/payments/refunds/${first.body.id}`, { headers })).toMatchObject({
      status: 200,
      body: first.body,
    });
    const refunded = await simulator(api, "GET", `/v2/payments/captures/${capture.id}`, { headers });
    expect(refunded.body).toMatchObject({ id: capture.id, status: "REFUNDED" });
    expect((await simulator(api, "GET", `/v2/checkout/orders/${token}`, { headers })).body).toMatchObject({
      status: "COMPLETED",
      purchase_units: [{ payments: { captures: [{ status: "REFUNDED" }], refunds: [{ id: first.body.id }, { id: rest.body.id }] } }],
    });
    expect(await simulator(api, "POST", "/v2/payments/captures/0JF852973C016714D/refund", { headers, data: {} })).toMatchObject({
      status: 404,
      body: { name: "RESOURCE_NOT_FOUND", details: [{ issue: "INVALID_RESOURCE_ID" }] },
    });
    expect((await simulator(api, "GET", "/v2/payments/refunds/1JU08902781691411", { headers })).status).toBe(404);
  });
});
