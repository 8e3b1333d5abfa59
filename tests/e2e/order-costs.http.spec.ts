import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, buyOverApi, shopSql, unique } from "./helpers";
import { chargeShippingAndTax } from "./order-costs";

// Issue 41 over /api: every order answer gains what shipping and tax cost, the shipping method's
// name and the address's country (new fields only; the old ones keep their meaning).

async function signedIn(baseURL: string, account?: { email: string; password: string }): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  if (!account) {
    const name = unique("costs");
    account = { email: `${name}@example.com`, password: "a-good-password" };
    expect((await api.post("/api/auth/register", { data: { userName: name, ...account } })).status()).toBe(201);
  }
  expect((await api.post("/api/auth/login", { data: account })).status()).toBe(200);
  return api;
}

test("order details and lists, the shopper's and the admin's, carry shippingAmount, taxAmount, shippingMethod and the country", async ({
  baseURL,
}) => {
  const shopper = await signedIn(baseURL!);
  const admin = await signedIn(baseURL!, ADMIN);
  const search = await (await shopper.get(`/api/shop/search/${encodeURIComponent("Heritage Backpack")}`)).json();
  const backpack = search.data.find((p: { title: string }) => p.title === "Heritage Backpack")._id;
  const charged = await buyOverApi(shopper, backpack);
  await chargeShippingAndTax(charged);
  // An order as the shop wrote them before shipping and tax: free delivery, no tax, no country.
  const plain = await buyOverApi(shopper, backpack);
  expect((await shopSql("update orders set country = null where id = ?", [plain])).changes).toBe(1);

  const costs = {
    totalAmount: 55,
    subtotal: 45,
    shippingAmount: 5,
    taxAmount: 5,
    shippingMethod: "Express",
    addressInfo: expect.objectContaining({ address: "5 Bought Lane", city: "Springfield", country: "US" }),
  };
  const none = {
    totalAmount: 45,
    subtotal: 45,
    shippingAmount: 0,
    taxAmount: 0,
    shippingMethod: null,
    addressInfo: expect.objectContaining({ address: "5 Bought Lane", country: null }),
  };
  const userId = (await (await shopper.get("/api/auth/check-auth")).json()).user.id;
  const answers = {
    "shopper's details": async (id: string) => (await (await shopper.get(`/api/shop/order/details/${id}`)).json()).data,
    "admin's details": async (id: string) => (await (await admin.get(`/api/admin/orders/details/${id}`)).json()).data,
    "shopper's list": async (id: string) =>
      (await (await shopper.get(`/api/shop/order/list/${userId}`)).json()).data.find((o: { _id: string }) => o._id === id),
    "admin's list": async (id: string) =>
      (await (await admin.get("/api/admin/orders/get")).json()).data.find((o: { _id: string }) => o._id === id),
  };
  for (const [where, read] of Object.entries(answers)) {
    expect(await read(charged), where).toMatchObject(costs);
    expect(await read(plain), where).toMatchObject(none);
  }
  // A refund of the shipping says so on the refund (its shipping with its tax: $5.50).
  const refunded = await admin.post(`/api/admin/orders/refund-shipping/${charged}`, { data: {} });
  expect(refunded.status(), await refunded.text()).toBe(201);
  expect((await answers["shopper's details"](charged)).refunds).toEqual([
    expect.objectContaining({ amount: 5.5, shippingAmount: 5.5, items: [] }),
  ]);
  // Amounts are numbers with two decimals at most, as every other amount of /api.
  const details = await answers["shopper's details"](charged);
  expect(typeof details.shippingAmount).toBe("number");
  expect(typeof details.taxAmount).toBe("number");
  await shopper.dispose();
  await admin.dispose();
});

test("the receipt page is its owner's: someone else gets 404, a visitor the sign-in page", async ({ baseURL }) => {
  const owner = await signedIn(baseURL!);
  const search = await (await owner.get(`/api/shop/search/${encodeURIComponent("Heritage Backpack")}`)).json();
  const orderId = await buyOverApi(owner, search.data.find((p: { title: string }) => p.title === "Heritage Backpack")._id);
  const path = `/shop/account/orders/${orderId}/receipt`;
  const mine = await owner.get(path);
  expect(mine.status()).toBe(200);
  expect(await mine.text()).toContain(orderId);
  const other = await signedIn(baseURL!);
  const theirs = await other.get(path);
  expect(theirs.status()).toBe(404);
  expect(await theirs.text()).not.toContain("5 Bought Lane");
  const visitor = await playwrightRequest.newContext({ baseURL });
  const away = await visitor.get(path, { maxRedirects: 0 });
  expect(away.status()).toBe(302);
  expect(away.headers()["location"]).toMatch(/^\/auth\/login/);
  for (const api of [owner, other, visitor]) await api.dispose();
});
