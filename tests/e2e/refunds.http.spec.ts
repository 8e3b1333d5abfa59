import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, buyOverApi, registerShopper, shopSql } from "./helpers";

// Cancellations and refunds over /api, through the shop's PayPal client and the simulator.

async function signedIn(baseURL: string, account?: { email: string; password: string }): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = account ?? (await registerShopper(api, "refund-api"));
  expect((await (await api.post("/api/auth/login", { data: login })).json()).success).toBe(true);
  return api;
}

async function productId(api: APIRequestContext, title: string): Promise<string> {
  const body = await (await api.get(`/api/shop/search/${encodeURIComponent(title)}`)).json();
  return body.data.find((p: { title: string }) => p.title === title)._id;
}

const details = async (api: APIRequestContext, orderId: string) =>
  (await (await api.get(`/api/shop/order/details/${orderId}`)).json()).data;

test("POST /api/shop/order/cancel/:id: refunds in full once; shipped orders and others' orders are refused", async ({ baseURL }) => {
  const shopper = await signedIn(baseURL!);
  const orderId = await buyOverApi(shopper, await productId(shopper, "Wool-Blend Scarf"));
  expect((await shopper.get(`/api/shop/order/cancel/${orderId}`)).status()).toBe(405);
  const stranger = await signedIn(baseURL!);
  const theirs = await stranger.post(`/api/shop/order/cancel/${orderId}`);
  expect(theirs.status()).toBe(404);
  expect(await theirs.json()).toEqual({ success: false, message: "Order not found" });
  const visitor = await playwrightRequest.newContext({ baseURL });
  expect((await visitor.post(`/api/shop/order/cancel/${orderId}`)).status()).toBe(401);

  const cancelled = await shopper.post(`/api/shop/order/cancel/${orderId}`);
  expect(cancelled.status()).toBe(200);
  expect(await cancelled.json()).toEqual({
    success: true,
    message: "Your order is cancelled. The refund is on its way to your PayPal account.",
    data: { refundId: expect.stringMatching(/^[0-9a-f]{24}$/), status: "completed" },
  });
  const order = await details(shopper, orderId);
  expect(order).toMatchObject({ orderStatus: "cancelled", paymentStatus: "refunded", refundedAmount: order.totalAmount, netAmount: 0 });
  expect(order.statusHistory.at(-1)).toMatchObject({ status: "cancelled", by: "shopper" });
  const again = await shopper.post(`/api/shop/order/cancel/${orderId}`);
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe("This order is already cancelled.");
  // PayPal refunded it once.
  const { rows } = await shopSql<{ n: number }>(
    "SELECT count(*) AS n FROM paypal_sim_refunds WHERE capture_id = (SELECT capture_id FROM orders WHERE id = ?)",
    [orderId],
  );
  expect(Number(rows[0]!.n)).toBe(1);

  const shipped = await buyOverApi(shopper, await productId(shopper, "Wool-Blend Scarf"));
  const admin = await signedIn(baseURL!, ADMIN);
  expect((await admin.put(`/api/admin/orders/update/${shipped}`, { data: { orderStatus: "inShipping" } })).status()).toBe(200);
  const late = await shopper.post(`/api/shop/order/cancel/${shipped}`);
  expect(late.status()).toBe(409);
  expect((await late.json()).message).toMatch(/already shipped.*return items/);
});

test("POST /api/admin/orders/refund/:id: lines, amounts and their limits; rejecting a paid order refunds the rest", async ({ baseURL }) => {
  const shopper = await signedIn(baseURL!);
  const product = await productId(shopper, "Heritage Backpack");
  const orderId = await buyOverApi(shopper, product);
  const admin = await signedIn(baseURL!, ADMIN);
  const order = await details(shopper, orderId);
  const variantId = order.cartItems[0].variantId;
  const price = order.cartItems[0].price;
  const stock = async () => (await (await admin.get(`/api/shop/products/get/${product}`)).json()).data.totalStock;
  const before = await stock();

  for (const [body, message] of [
    [{ reason: "x", amount: "ten" }, "Amount must be a number"],
    [{ reason: "x", amount: 1.234 }, "Amount can have at most 2 decimals"],
    [{ amount: 1 }, "Please give a reason"],
    [{ reason: "x", items: [{ variantId: "nope", quantity: 1 }] }, expect.any(String)],
    [{ reason: "x" }, "Choose at least one item to refund, or an amount."],
  ] as const) {
    const refused = await admin.post(`/api/admin/orders/refund/${orderId}`, { data: body });
    expect(refused.status(), JSON.stringify(body)).toBe(400);
    expect(await refused.json()).toEqual({ success: false, message });
  }
  const tooMany = await admin.post(`/api/admin/orders/refund/${orderId}`, { data: { reason: "x", items: [{ variantId, quantity: 2 }] } });
  expect(tooMany.status()).toBe(409);
  expect((await tooMany.json()).message).toMatch(/^At most 1 of /);
  const tooMuch = await admin.post(`/api/admin/orders/refund/${orderId}`, { data: { reason: "x", amount: price + 0.01 } });
  expect(tooMuch.status()).toBe(409);

  // A goodwill amount without restocking, then the rest by rejecting the order.
  const goodwill = await admin.post(`/api/admin/orders/refund/${orderId}`, {
    data: { reason: "Late delivery", amount: 5, restock: false },
  });
  expect(goodwill.status()).toBe(201);
  expect((await goodwill.json()).data.status).toBe("completed");
  expect(await details(shopper, orderId)).toMatchObject({ paymentStatus: "partiallyRefunded", refundedAmount: 5, netAmount: price - 5 });
  expect(await stock()).toBe(before);
  const reject = await admin.put(`/api/admin/orders/update/${orderId}`, { data: { orderStatus: "rejected" } });
  expect(reject.status()).toBe(200);
  expect((await reject.json()).message).toBe("The order is rejected, the payment refunded and its items back in stock.");
  const after = await details(shopper, orderId);
  expect(after).toMatchObject({ orderStatus: "rejected", paymentStatus: "refunded", refundedAmount: price, netAmount: 0 });
  expect(after.refunds).toEqual([
    // Issue 41: `shippingAmount`, the part that gave back shipping (none here: free delivery).
    {
      _id: expect.any(String),
      amount: 5,
      shippingAmount: 0,
      status: "completed",
      reason: "Late delivery",
      items: [],
      createdAt: expect.any(String),
    },
    {
      _id: expect.any(String),
      amount: Number((price - 5).toFixed(2)),
      shippingAmount: 0,
      status: "completed",
      reason: "Rejected by the shop",
      items: [expect.objectContaining({ variantId, quantity: 1 })],
      createdAt: expect.any(String),
    },
  ]);
  expect(await stock()).toBe(before + 1);
  // The admin's list and details carry the amounts too.
  const listed = (await (await admin.get("/api/admin/orders/get")).json()).data.find((o: { _id: string }) => o._id === orderId);
  expect(listed).toMatchObject({ refundedAmount: price, netAmount: 0, paymentStatus: "refunded" });
  const nothingLeft = await admin.post(`/api/admin/orders/refund/${orderId}`, { data: { reason: "x", amount: 1 } });
  expect(nothingLeft.status()).toBe(409);
  expect((await nothingLeft.json()).message).toBe("This order is fully refunded already.");
});

test("POST /api/admin/orders/refund-shipping/:id: the shipping with its tax, once; a cancellation then gives back the rest", async ({
  baseURL,
}) => {
  const shopper = await signedIn(baseURL!);
  const orderId = await buyOverApi(shopper, await productId(shopper, "Heritage Backpack"));
  const admin = await signedIn(baseURL!, ADMIN);
  const refundShipping = (body?: unknown, id = orderId) =>
    admin.post(`/api/admin/orders/refund-shipping/${id}`, body === undefined ? {} : { data: body });

  // Delivered for free (no shipping on the order, as every order before issue 41).
  const free = await refundShipping();
  expect(free.status()).toBe(409);
  expect(await free.json()).toEqual({ success: false, message: "This order was delivered for free, so there is no shipping to refund." });

  // The $45.00 PayPal took, as an order with 10 % tax added and shipping would carry it (checkout
  // writes these columns itself): the backpack at $37.00 and its $3.70 tax, shipping $3.91 and its $0.39 tax.
  await shopSql("update order_items set unit_price_cents = 3700, tax_cents = 370 where order_id = ?", [orderId]);
  expect(
    (
      await shopSql(
        "update orders set shipping_cents = 391, shipping_tax_cents = 39, tax_cents = 409, tax_rate = 10000, prices_include_tax = 0 where id = ? and total_cents = 4500",
        [orderId],
      )
    ).changes,
  ).toBe(1);

  expect((await admin.get(`/api/admin/orders/refund-shipping/${orderId}`)).status()).toBe(405);
  const unknown = await refundShipping({}, "f".repeat(24));
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ success: false, message: "Order not found" });
  const badReason = await refundShipping({ reason: "bad\u0007" });
  expect(badReason.status()).toBe(400);
  expect(await badReason.json()).toEqual({ success: false, message: "The reason contains invalid characters" });

  const done = await refundShipping({ reason: "Parcel was late" });
  expect(done.status()).toBe(201);
  expect(await done.json()).toEqual({
    success: true,
    message: "The shipping was refunded.",
    data: { refundId: expect.stringMatching(/^[0-9a-f]{24}$/), status: "completed" },
  });
  const again = await refundShipping();
  expect(again.status()).toBe(409);
  expect(await again.json()).toEqual({ success: false, message: "This order's shipping has been refunded already." });
  expect(await details(shopper, orderId)).toMatchObject({ paymentStatus: "partiallyRefunded", refundedAmount: 4.3, netAmount: 40.7 });

  // The shopper cancels: the rest goes back, not the shipping a second time.
  expect((await shopper.post(`/api/shop/order/cancel/${orderId}`)).status()).toBe(200);
  const after = await details(shopper, orderId);
  expect(after).toMatchObject({ orderStatus: "cancelled", paymentStatus: "refunded", refundedAmount: 45, netAmount: 0 });
  expect(after.refunds.map((r: { amount: number; reason: string }) => [r.amount, r.reason])).toEqual([
    [4.3, "Parcel was late"],
    [40.7, "Cancelled by the shopper"],
  ]);
  const { rows } = await shopSql<{ shipping_cents: number }>("select shipping_cents from refunds where order_id = ? order by created_at", [
    orderId,
  ]);
  expect(rows.map((r) => Number(r.shipping_cents))).toEqual([430, 0]);
});

test("POST /api/shop/order/return/:id and the admin's receive and refuse", async ({ baseURL }) => {
  const shopper = await signedIn(baseURL!);
  const product = await productId(shopper, "Heritage Backpack");
  const orderId = await buyOverApi(shopper, product);
  const admin = await signedIn(baseURL!, ADMIN);
  const variantId = (await details(shopper, orderId)).cartItems[0].variantId;
  const ask = (body: unknown) => shopper.post(`/api/shop/order/return/${orderId}`, { data: body });

  const early = await ask({ items: [{ variantId, quantity: 1 }], reason: "Broken zip" });
  expect(early.status()).toBe(409);
  expect(await early.json()).toEqual({ success: false, message: "Items can be returned once the order has been delivered." });
  expect((await admin.put(`/api/admin/orders/update/${orderId}`, { data: { orderStatus: "delivered" } })).status()).toBe(200);
  for (const [body, status, message] of [
    [{ items: [{ variantId, quantity: 1 }] }, 400, "Please tell us why you are returning the items"],
    [{ items: [], reason: "x" }, 400, "Choose at least one item to return."],
    [{ items: [{ variantId, quantity: 2 }], reason: "x" }, 409, expect.stringMatching(/^At most 1 of /)],
    [
      { items: [{ variantId, quantity: 1, exchangeVariantId: "f".repeat(24) }], reason: "x" },
      400,
      "An item can only be exchanged for another size or colour of the same product.",
    ],
  ] as const) {
    const refused = await ask(body);
    expect(refused.status(), JSON.stringify(body)).toBe(status);
    expect(await refused.json()).toEqual({ success: false, message });
  }
  const asked = await ask({ items: [{ variantId, quantity: 1 }], reason: "Broken zip" });
  expect(asked.status()).toBe(201);
  const { returnId } = (await asked.json()).data;
  expect((await ask({ items: [{ variantId, quantity: 1 }], reason: "Again" })).status()).toBe(409);
  const stranger = await signedIn(baseURL!);
  expect(
    (await stranger.post(`/api/shop/order/return/${orderId}`, { data: { items: [{ variantId, quantity: 1 }], reason: "x" } })).status(),
  ).toBe(404);

  const noReason = await admin.post(`/api/admin/orders/returns/${returnId}/refuse`, { data: {} });
  expect(noReason.status()).toBe(400);
  expect((await noReason.json()).message).toBe("Please give a reason");
  const received = await admin.post(`/api/admin/orders/returns/${returnId}/receive`);
  expect(received.status()).toBe(200);
  expect((await received.json()).data.status).toBe("completed");
  expect((await admin.post(`/api/admin/orders/returns/${returnId}/receive`)).status()).toBe(409);
  expect((await admin.post(`/api/admin/orders/returns/${returnId}/accept`)).status()).toBe(404);
  const order = await details(shopper, orderId);
  expect(order).toMatchObject({ paymentStatus: "refunded", netAmount: 0 });
  expect(order.returns).toEqual([
    {
      _id: returnId,
      status: "received",
      reason: "Broken zip",
      refusal: null,
      items: [expect.objectContaining({ variantId, quantity: 1, exchangeVariantId: null, outcome: "refunded" })],
      createdAt: expect.any(String),
    },
  ]);
});

test("POST /api/shop/review/add: an order cancelled (and marked delivered since) no longer makes its buyer a reviewer", async ({
  baseURL,
}) => {
  const shopper = await signedIn(baseURL!);
  const product = await productId(shopper, "Wool-Blend Scarf");
  const orderId = await buyOverApi(shopper, product);
  expect((await shopper.post(`/api/shop/order/cancel/${orderId}`)).status()).toBe(200);
  const admin = await signedIn(baseURL!, ADMIN);
  expect((await admin.put(`/api/admin/orders/update/${orderId}`, { data: { orderStatus: "delivered" } })).status()).toBe(200);
  const review = await shopper.post("/api/shop/review/add", {
    data: { productId: product, reviewMessage: "Never kept it", reviewValue: 1 },
  });
  expect(review.status()).toBe(403);
  expect(await review.json()).toEqual({ success: false, message: "You need to purchase this product to review it." });
});
