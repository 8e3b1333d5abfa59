import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, buyOverApi, registerShopper } from "./helpers";

// PUT /api/admin/orders/update/:id refuses a move back that contradicts what happened to the
// order (issue 38, point 7): 409 with the owner's message, and nothing changes.

async function signedIn(baseURL: string, account?: { email: string; password: string }): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = account ?? (await registerShopper(api, "status-api"));
  expect((await (await api.post("/api/auth/login", { data: login })).json()).success).toBe(true);
  return api;
}

async function productId(api: APIRequestContext, title: string): Promise<string> {
  const body = await (await api.get(`/api/shop/search/${encodeURIComponent(title)}`)).json();
  return body.data.find((p: { title: string }) => p.title === title)._id;
}

const details = async (api: APIRequestContext, orderId: string) =>
  (await (await api.get(`/api/shop/order/details/${orderId}`)).json()).data;

test("PUT /api/admin/orders/update/:id: back to pending after shipping or a cancellation is 409 with a message", async ({ baseURL }) => {
  const shopper = await signedIn(baseURL!);
  const admin = await signedIn(baseURL!, ADMIN);
  const scarf = await productId(shopper, "Wool-Blend Scarf");

  const shipped = await buyOverApi(shopper, scarf);
  // Before anything has happened, any status in any order (SPEC): pending is fine.
  expect((await admin.put(`/api/admin/orders/update/${shipped}`, { data: { orderStatus: "pending" } })).status()).toBe(200);
  expect((await admin.put(`/api/admin/orders/update/${shipped}`, { data: { orderStatus: "inShipping" } })).status()).toBe(200);
  const back = await admin.put(`/api/admin/orders/update/${shipped}`, { data: { orderStatus: "pending" } });
  expect(back.status()).toBe(409);
  expect(await back.json()).toEqual({ success: false, message: 'This order has been shipped, so it cannot go back to "Pending".' });
  const order = await details(shopper, shipped);
  expect(order.orderStatus).toBe("inShipping");
  expect(order.statusHistory.at(-1)).toMatchObject({ status: "inShipping", by: "admin" });

  const cancelled = await buyOverApi(shopper, scarf);
  expect((await shopper.post(`/api/shop/order/cancel/${cancelled}`)).status()).toBe(200);
  const reopened = await admin.put(`/api/admin/orders/update/${cancelled}`, { data: { orderStatus: "pending" } });
  expect(reopened.status()).toBe(409);
  expect(await reopened.json()).toEqual({ success: false, message: 'This order was cancelled, so it cannot go back to "Pending".' });
  expect((await details(shopper, cancelled)).orderStatus).toBe("cancelled");
});
