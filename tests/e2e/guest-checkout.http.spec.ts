import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { contractProblems, type Exchange } from "#tests/paypal-contract/check";
import { expect, test } from "./fixtures";
import { ADMIN, approveInSimulator, registerShopper, shopSql, unique } from "./helpers";

// POST /api/shop/checkout/guest (issue 51) over HTTP: a visitor of the open shop fills a cart on the
// shop's pages (its cookie), checks out as a guest, approves at the PayPal simulator and comes back
// to the shop's return page, which captures as a guest's; the shop's exchanges with PayPal for that
// order are PayPal's published API's. Refusals are 4xx JSON { success: false, message }.
test.use({ ownShop: true });

const ADDRESS = { address: "9 Api Road", city: "Springfield", pincode: "12345", phone: "555-0199", notes: "Side door" };

async function owner(baseURL: string) {
  const context = await playwrightRequest.newContext({ baseURL });
  expect((await (await context.post("/api/auth/login", { data: ADMIN })).json()).success).toBe(true);
  return context;
}

async function settings(baseURL: string, change: Record<string, boolean>) {
  const admin = await owner(baseURL);
  expect((await admin.put("/api/admin/settings", { data: change })).status()).toBe(200);
  await admin.dispose();
}

/** A product without sizes, in stock: its id and price. */
async function product(request: APIRequestContext): Promise<{ _id: string; price: number; salePrice: number }> {
  const products = (await (await request.get("/api/shop/products/get?limit=100")).json()).data as Array<{
    _id: string;
    price: number;
    salePrice: number;
    totalStock: number;
    variants: unknown[];
  }>;
  return products.find((p) => p.variants.length === 1 && p.totalStock > 5)!;
}

/** A visitor (no account) with `productId` in their cart, put there by the shop's cart form (its cookie kept). */
async function visitorWithCart(baseURL: string, productId: string): Promise<APIRequestContext> {
  const visitor = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const added = await visitor.post("/shop/cart", {
    form: { intent: "add", productId, quantity: "1", returnTo: "/shop/home" },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
  expect(added.headers()["set-cookie"]).toMatch(/__cart=/);
  return visitor;
}

/** What the worker's shop exchanged with PayPal (the simulator) so far (the fixture's log, checked again at the end). */
function exchangesSoFar(baseURL: string): Exchange[] {
  const file = path.join(os.tmpdir(), `shop-paypal-exchanges-${new URL(baseURL).port}-${process.pid}.jsonl`);
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Exchange);
}

test.describe("POST /api/shop/checkout/guest", () => {
  test.beforeEach(async ({ baseURL }) => {
    await settings(baseURL!, { publicCatalogue: true, guestCheckout: true });
  });

  test("a guest's order: 201 with approvalURL, paid through the return page, in PayPal's API as published", async ({ baseURL }) => {
    const item = await product(await playwrightRequest.newContext({ baseURL }));
    const visitor = await visitorWithCart(baseURL!, item._id);
    const email = `${unique("apiguest")}@example.com`;
    const created = await visitor.post("/api/shop/checkout/guest", {
      data: { email, name: "Api Guest", address: { ...ADDRESS, country: "US" }, remind: true },
    });
    expect(created.status()).toBe(201);
    const body = await created.json();
    expect(body).toMatchObject({
      success: true,
      approvalURL: expect.stringContaining("/paypal-sim/checkoutnow?token="),
      number: expect.any(Number),
    });
    expect(body.orderId).toMatch(/^[0-9a-f]{24}$/);
    const price = item.salePrice > 0 ? item.salePrice : item.price;
    expect(body.totalAmount).toBe(price);

    // PayPal sends the browser back to the shop's return page, which captures for the cart's guest.
    const { paymentId, payerId } = await approveInSimulator(visitor, body.approvalURL);
    const back = await visitor.get(`/shop/paypal-return?${new URLSearchParams({ token: paymentId, PayerID: payerId })}`, {
      maxRedirects: 0,
    });
    expect(back.status()).toBe(302);
    expect(back.headers()["location"]).toBe(`/shop/payment-success?order=${body.orderId}`);
    const success = await visitor.get(back.headers()["location"]!);
    expect(success.status()).toBe(200);
    expect(await success.text()).toContain(`We sent the confirmation to ${email}`);

    const { rows } = await shopSql<{ payment_status: string; order_status: string; customer_email: string; customer_name: string }>(
      "select payment_status, order_status, customer_email, customer_name from orders where id = ?",
      [body.orderId],
    );
    expect(rows).toEqual([{ payment_status: "paid", order_status: "confirmed", customer_email: email, customer_name: "Api Guest" }]);
    const { rows: mails } = await shopSql<{ text_body: string }>("select text_body from outbox where recipient = ?", [email]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toMatch(/\/shop\/orders\/[A-Za-z0-9_-]{20,}/);

    // The shop's requests for this order (create, then capture) and PayPal's answers, against its OpenAPI files.
    const fromShop = exchangesSoFar(baseURL!).filter((e) =>
      (e.requestHeaders["user-agent"] ?? "").startsWith("PayPal REST API TypeScript SDK"),
    );
    const ofOrder = fromShop.filter(
      (e) =>
        e.path.includes(paymentId) || (e.path === "/v2/checkout/orders" && (e.responseBody as { id?: string } | null)?.id === paymentId),
    );
    expect(ofOrder.map((e) => `${e.method} ${e.path.replace(paymentId, "{id}")}`)).toEqual(
      expect.arrayContaining(["POST /v2/checkout/orders", "POST /v2/checkout/orders/{id}/capture"]),
    );
    const creation = ofOrder.find((e) => e.path === "/v2/checkout/orders")!;
    expect(creation.requestBody).toMatchObject({
      intent: "CAPTURE",
      purchase_units: [{ amount: { currency_code: "USD", value: price.toFixed(2) } }],
    });
    expect(ofOrder.flatMap((e) => contractProblems(e))).toEqual([]);

    // Without a name the e-mail address stands for it, even one longer than a name may be.
    const otherVisitor = await visitorWithCart(baseURL!, item._id);
    const long = `${"a".repeat(120)}@example.com`;
    const unnamed = await otherVisitor.post("/api/shop/checkout/guest", { data: { email: long, address: ADDRESS } });
    expect(unnamed.status(), await unnamed.text()).toBe(201);
    const { rows: named } = await shopSql<{ customer_name: string }>("select customer_name from orders where id = ?", [
      (await unnamed.json()).orderId,
    ]);
    expect(named).toEqual([{ customer_name: long.slice(0, 100) }]);
    await otherVisitor.dispose();

    // A second look at the return page captures nothing again.
    const again = await visitor.get(`/shop/paypal-return?${new URLSearchParams({ token: paymentId, PayerID: payerId })}`, {
      maxRedirects: 0,
    });
    expect(again.status()).toBe(302);
    await visitor.dispose();
  });

  test("refusals: 4xx JSON { success: false, message }, nothing placed", async ({ baseURL }) => {
    const anyone = await playwrightRequest.newContext({ baseURL });
    const item = await product(anyone);
    const visitor = await visitorWithCart(baseURL!, item._id);
    const guest = (extra: Record<string, unknown> = {}) => ({
      email: "refused@example.com",
      name: "Refused Guest",
      address: ADDRESS,
      ...extra,
    });
    const refused = async (context: APIRequestContext, data: unknown, status: number, message: string | RegExp) => {
      const answer = await context.post("/api/shop/checkout/guest", { data });
      expect(answer.status(), JSON.stringify(data)).toBe(status);
      const body = await answer.json();
      expect(body).toEqual({ success: false, message: expect.any(String) });
      expect(body.message).toMatch(message);
    };

    await refused(visitor, guest({ email: "not-an-address" }), 400, "Please enter a valid email address");
    await refused(visitor, guest({ address: { ...ADDRESS, city: "", phone: undefined } }), 400, /City is required|Phone is required/);
    await refused(visitor, guest({ address: "9 Api Road" }), 400, /address must be an object/);
    // A visitor with nothing in a cart (no cart cookie).
    await refused(anyone, guest(), 400, "Your cart is empty. Please add items to proceed");
    await refused(visitor, guest({ code: "NO-SUCH-CODE" }), 404, "This code does not exist. Please check it and try again.");
    // A signed-in shopper checks out with their account.
    const shopper = await playwrightRequest.newContext({ baseURL });
    const account = await registerShopper(shopper);
    expect((await (await shopper.post("/api/auth/login", { data: account })).json()).success).toBe(true);
    await refused(shopper, guest(), 403, /You are signed in/);
    // The owner's setting off.
    await settings(baseURL!, { guestCheckout: false });
    await refused(visitor, guest(), 403, "Please sign in or create an account to check out.");

    const { rows } = await shopSql("select id from orders where customer_email = ?", ["refused@example.com"]);
    // No refusal left an order behind.
    expect(rows).toEqual([]);
    await Promise.all([anyone.dispose(), visitor.dispose(), shopper.dispose()]);
  });
});
