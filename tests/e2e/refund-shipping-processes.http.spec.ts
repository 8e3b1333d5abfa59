import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, buyOverApi, unique } from "./helpers";
import { type OwnServer } from "./own-server";
import { startTwoShops } from "./two-shops";

// The shipping of an order is given back once (issue 41), though the owner's "Refund shipping"
// reaches two real server processes on one database at the same moment (a SQLite file, or a
// PostgreSQL database in the http-pg project): one refund row, one PayPal refund, the other
// request refused; a whole-order refund after it gives back exactly the rest.
test.describe.configure({ mode: "serial", timeout: 120_000 });

let a: OwnServer;
let b: OwnServer;
let stop: () => Promise<void> = async () => {};

test.beforeAll(async ({ engine }) => {
  ({ a, b, stop } = await startTwoShops(engine, "refund_shipping", {
    SESSION_SECRET: "5h1pp1n6".repeat(8),
    AUTH_ATTEMPTS_PER_MINUTE: "100000",
  }));
});

test.afterAll(() => stop());

async function signedIn(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }, url: string, account: object) {
  const context = await playwright.request.newContext({ baseURL: url, extraHTTPHeaders: { Origin: url } });
  expect((await context.post("/api/auth/login", { data: account })).status()).toBe(200);
  return context;
}

test("two processes asked at once to refund an order's shipping refund it once", async ({ playwright }) => {
  const ownerA = await signedIn(playwright, a.url, ADMIN);
  const ownerB = await signedIn(playwright, b.url, ADMIN);
  // $5.00 to the US, 10 % tax added: the shipping charged is $5.50.
  const saved = await ownerA.put("/api/admin/settings", {
    data: {
      country: "US",
      pricesIncludeTax: false,
      taxRates: [{ country: "US", rate: 10 }],
      otherTaxRate: 0,
      shippingZones: [{ name: "Home", countries: ["US"], methods: [{ name: "Standard", price: 5, freeAbove: null, estimate: "2 days" }] }],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const name = unique("twice");
  const shopper = await playwright.request.newContext({ baseURL: a.url, extraHTTPHeaders: { Origin: a.url } });
  const account = { userName: name, email: `${name}@example.com`, password: "a-good-password" };
  expect((await shopper.post("/api/auth/register", { data: account })).status()).toBe(201);
  expect((await shopper.post("/api/auth/login", { data: account })).status()).toBe(200);
  const products = (await (await shopper.get("/api/shop/products/get?limit=50")).json()).data;
  const product = products.find((p: { totalStock: number }) => p.totalStock > 5);
  const orderId = await buyOverApi(shopper, product._id);
  const paid = (await (await ownerA.get(`/api/admin/orders/details/${orderId}`)).json()).data;
  expect(paid).toMatchObject({ shippingAmount: 5, paymentStatus: "paid" });

  const answers = await Promise.all(
    [ownerA, ownerB].map((owner) => owner.post(`/api/admin/orders/refund-shipping/${orderId}`, { data: { reason: "Late" } })),
  );
  const statuses = answers.map((r) => r.status()).sort();
  expect(statuses[0]! === 201 || statuses[0]! === 202, `statuses ${statuses}`).toBe(true);
  expect(statuses[1]).toBe(409);

  const after = (await (await ownerB.get(`/api/admin/orders/details/${orderId}`)).json()).data;
  expect(after.refunds).toHaveLength(1);
  expect(after.refunds[0]).toMatchObject({ amount: 5.5, shippingAmount: 5.5 });
  // And again, one after the other: nothing is left to give back for shipping.
  const again = await ownerA.post(`/api/admin/orders/refund-shipping/${orderId}`, { data: {} });
  expect(again.status()).toBe(409);
  expect((await again.json()).success).toBe(false);

  for (const context of [ownerA, ownerB, shopper]) await context.dispose();
});
