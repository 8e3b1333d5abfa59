import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, unique } from "./helpers";
import { type OwnServer } from "./own-server";
import { startTwoShops } from "./two-shops";

// Order numbers across processes (issue 48, point 4), on the project's engine: two real shop
// processes on one database (SQLite: one data folder; PostgreSQL: one database), shoppers checking
// out through both at once. Every order gets its own number, and together they are a run with no
// hole. Also the parcel through `PUT /api/admin/orders/update/:id` (point 20).
test.describe.configure({ mode: "serial", timeout: 120_000 });

let a: OwnServer;
let b: OwnServer;
let stop: () => Promise<void> = async () => {};

test.beforeAll(async ({ engine }) => {
  ({ a, b, stop } = await startTwoShops(engine, "order_numbers", { AUTH_ATTEMPTS_PER_MINUTE: "100000" }));
});

test.afterAll(() => stop());

/** A client of one server, signed in as `account`. */
async function signedIn(server: OwnServer, account: { email: string; password: string }): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
  expect((await (await api.post("/api/auth/login", { data: account })).json()).success).toBe(true);
  return api;
}

/** A new shopper on `server`, signed in, with an address. */
async function newShopper(server: OwnServer) {
  const api = await playwrightRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
  const name = unique("numbered");
  const account = { userName: name, email: `${name}@example.com`, password: "a-good-password" };
  expect((await (await api.post("/api/auth/register", { data: account })).json()).success).toBe(true);
  expect((await (await api.post("/api/auth/login", { data: account })).json()).success).toBe(true);
  const address = await api.post("/api/shop/address/add", {
    data: { address: "1 Road", city: "Town", pincode: "12345", phone: "555", notes: "n" },
  });
  return { api, addressId: (await address.json()).data._id as string };
}

test("checkouts through two processes at once: each order its own number, all of them one run with no hole", async () => {
  const admin = await signedIn(a, ADMIN);
  const listed = async () => (await (await admin.get("/api/admin/orders/get")).json()).data as Array<{ _id: string; number: number }>;
  const before = await listed();
  const highest = Math.max(1000, ...before.map((o) => o.number));
  const shoppers = await Promise.all(Array.from({ length: 12 }, (_, i) => newShopper(i % 2 ? b : a)));
  // One size and colour of a product with stock for everyone (checkout takes no stock until payment anyway).
  const products = (await (await shoppers[0]!.api.get("/api/shop/products/get")).json()).data as Array<{ _id: string }>;
  let variantId = "";
  let productId = "";
  for (const p of products) {
    const product = (await (await shoppers[0]!.api.get(`/api/shop/products/get/${p._id}`)).json()).data;
    const variant = product.variants.find((v: { stock: number }) => v.stock >= 12);
    if (variant) [productId, variantId] = [p._id, variant._id];
    if (variant) break;
  }
  for (const { api } of shoppers)
    expect((await api.post("/api/shop/cart/add", { data: { productId, variantId, quantity: 1 } })).status()).toBe(200);
  const created = await Promise.all(
    shoppers.map(async ({ api, addressId }) => (await api.post("/api/shop/order/create", { data: { addressInfo: { addressId } } })).json()),
  );
  for (const answer of created) expect(answer.success, JSON.stringify(answer)).toBe(true);

  const numbers = new Map((await listed()).map((o) => [o._id, o.number]));
  // Order create answers the number the order keeps.
  for (const answer of created) expect(answer.number, answer.orderId).toBe(numbers.get(answer.orderId));
  const ours = created.map((c) => numbers.get(c.orderId)!).sort((x, y) => x - y);
  expect(ours).toEqual(Array.from({ length: 12 }, (_, i) => highest + 1 + i));
  // The owner finds one by its number.
  const search = await admin.get(`/api/admin/orders/get?search=${encodeURIComponent(`#${ours[3]}`)}`);
  expect(((await search.json()).data as Array<{ number: number }>).map((o) => o.number)).toEqual([ours[3]]);
  // Each shopper's own /api answers the number beside the _id.
  const mine = (await (await shoppers[0]!.api.get(`/api/shop/order/details/${created[0].orderId}`)).json()).data;
  expect(mine).toMatchObject({ _id: created[0].orderId, number: numbers.get(created[0].orderId) });
});

test("the parcel through PUT /api/admin/orders/update/:id: optional, checked, answered with its tracking page", async () => {
  const admin = await signedIn(b, ADMIN);
  const [order] = (await (await admin.get("/api/admin/orders/get")).json()).data as Array<{ _id: string; orderStatus: string }>;
  const update = (data: Record<string, unknown>) => admin.put(`/api/admin/orders/update/${order!._id}`, { data });
  for (const [data, message] of [
    [{ orderStatus: "inShipping", trackingNumber: "<img src=x>" }, "Tracking number may contain only letters, digits, spaces and hyphens"],
    [{ orderStatus: "inShipping", carrier: "a".repeat(41) }, "Carrier must be at most 40 characters"],
    [{ orderStatus: "inShipping", carrier: "javascript:alert(1)" }, "Carrier may contain only letters, digits, spaces and & . ' ( ) -"],
    [{ orderStatus: "delivered", trackingNumber: "1Z999AA10123456784" }, 'A carrier and tracking number go with the status "In shipping"'],
  ] as const) {
    const refused = await update(data);
    expect(refused.status(), JSON.stringify(data)).toBe(400);
    expect(await refused.json()).toEqual({ success: false, message });
  }
  const saved = await update({ orderStatus: "inShipping", carrier: "fedex", trackingNumber: "1234 5678 9012" });
  expect(saved.status()).toBe(200);
  // Read on the other process: the database holds it.
  const onA = await signedIn(a, ADMIN);
  const details = (await (await onA.get(`/api/admin/orders/details/${order!._id}`)).json()).data;
  expect(details).toMatchObject({
    orderStatus: "inShipping",
    carrier: "FedEx",
    trackingNumber: "123456789012",
    trackingUrl: "https://www.fedex.com/fedextrack/?trknbr=123456789012",
  });
  // Without the fields, the status alone: the parcel stays.
  expect((await update({ orderStatus: "inShipping" })).status()).toBe(200);
  expect((await (await onA.get(`/api/admin/orders/details/${order!._id}`)).json()).data.trackingNumber).toBe("123456789012");
});
