import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { approveInSimulator as approve, simulatorToken, unique } from "./helpers";

// Cart, address and order JSON routes (SPEC section 7) and the money rules behind them, over HTTP.
type Shopper = { api: APIRequestContext; user: { id: string; userName: string } };

async function shopper(baseURL: string): Promise<Shopper> {
  const api = await playwrightRequest.newContext({ baseURL });
  const name = unique("api");
  const account = { userName: name, email: `${name}@example.com`, password: "a-good-password" };
  await api.post("/api/auth/register", { data: account });
  const login = await (await api.post("/api/auth/login", { data: account })).json();
  return { api, user: login.user };
}

async function product(api: APIRequestContext, title: string) {
  const body = await (await api.get(`/api/shop/search/${encodeURIComponent(title)}`)).json();
  const { _id } = body.data.find((p: { title: string }) => p.title === title);
  // The product's own answer: its variants' SKUs too (a list leaves them out).
  return (await (await api.get(`/api/shop/products/get/${_id}`)).json()).data as {
    _id: string;
    totalStock: number;
    price: number;
    salePrice: number;
    variants: Array<{ _id: string; size: string; color: string; sku: string | null; stock: number }>;
  };
}

async function addAddress(s: Shopper): Promise<string> {
  const response = await s.api.post("/api/shop/address/add", {
    data: { userId: s.user.id, address: "5 Api Lane", city: "Testville", pincode: "9999", phone: "555-0199", notes: "Back door" },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).data._id;
}

/** Approves a PayPal order on the simulator's page and returns PayPal's return parameters. */
async function simulatorOrder(api: APIRequestContext, id: string) {
  return (
    await api.get(`/paypal-sim/v2/checkout/orders/${id}`, { headers: { Authorization: `Bearer ${await simulatorToken(api)}` } })
  ).json();
}

test("cart JSON: add, get, update, delete with SPEC's shapes and stock rules", async ({ baseURL }) => {
  const s = await shopper(baseURL!);
  const empty = await s.api.get(`/api/shop/cart/get/${s.user.id}`);
  expect(await empty.json()).toEqual({
    success: true,
    data: { _id: null, items: [], subtotal: 0, discountCode: null, discountAmount: 0, discountMessage: null, total: 0 },
  });

  // A product without sizes: no variantId needed, as for the old client.
  const hoodie = await product(s.api, "Heritage Backpack");
  expect(hoodie.variants).toHaveLength(1);
  const added = await s.api.post("/api/shop/cart/add", { data: { userId: s.user.id, productId: hoodie._id, quantity: 1 } });
  expect(await added.json()).toEqual({
    success: true,
    data: {
      _id: expect.any(String),
      items: [
        {
          productId: hoodie._id,
          variantId: hoodie.variants[0]!._id,
          size: "One size",
          color: "Black",
          image: expect.any(String),
          title: "Heritage Backpack",
          price: 45,
          salePrice: 0,
          quantity: 1,
        },
      ],
      subtotal: 45,
      discountCode: null,
      discountAmount: 0,
      discountMessage: null,
      total: 45,
    },
  });
  const tooMany = await s.api.put("/api/shop/cart/update-cart", {
    data: { userId: s.user.id, productId: hoodie._id, quantity: hoodie.totalStock + 1 },
  });
  expect(tooMany.status()).toBe(409);
  expect(await tooMany.json()).toEqual({ success: false, message: `Only ${hoodie.totalStock} quantity can be added for this item` });
  for (const quantity of [0, -1, 1.5, "abc", 1e9]) {
    const bad = await s.api.put("/api/shop/cart/update-cart", { data: { userId: s.user.id, productId: hoodie._id, quantity } });
    expect(bad.status(), String(quantity)).toBe(400);
  }
  const updated = await s.api.put("/api/shop/cart/update-cart", { data: { userId: s.user.id, productId: hoodie._id, quantity: 3 } });
  expect((await updated.json()).data.items[0].quantity).toBe(3);
  const removed = await s.api.delete(`/api/shop/cart/${s.user.id}/${hoodie._id}`);
  expect((await removed.json()).data.items).toEqual([]);
  expect((await s.api.delete(`/api/shop/cart/${s.user.id}/${hoodie._id}`)).status()).toBe(404);
});

test("cart discount JSON: POST applies a code, DELETE removes it; refusals are 4xx with the reason; the order is charged after it", async ({
  baseURL,
  playwright,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post("/api/auth/login", { data: { email: "admin@example.com", password: "admin-demo-123" } })).status()).toBe(200);
  const code = unique("api").toUpperCase();
  const add = (body: Record<string, unknown>) => admin.post("/api/admin/discounts/add", { data: body });
  expect((await add({ code, type: "fixed", value: 5.5, usageLimit: 1 })).status()).toBe(201);
  const later = unique("later").toUpperCase();
  expect((await add({ code: later, type: "percent", value: 10, startsAt: "2999-01-01T00:00" })).status()).toBe(201);
  await admin.dispose();

  const s = await shopper(baseURL!);
  const answer = async (response: Promise<import("@playwright/test").APIResponse>) => {
    const r = await response;
    return [r.status(), await r.json()];
  };
  const apply = (body: unknown) => answer(s.api.post("/api/shop/cart/discount", { data: body }));
  expect(await apply({ code })).toEqual([400, { success: false, message: "Your cart is empty. Please add items to proceed" }]);
  const backpack = await product(s.api, "Heritage Backpack");
  await s.api.post("/api/shop/cart/add", { data: { productId: backpack._id, quantity: 1 } });

  expect(await apply({})).toEqual([400, { success: false, message: "Please enter a discount code." }]);
  expect(await apply({ code: "   " })).toEqual([400, { success: false, message: "Please enter a discount code." }]);
  expect(await apply({ code: 42 })).toEqual([400, { success: false, message: "Please enter a discount code." }]);
  expect(await apply({ code: "NOSUCHCODE" })).toEqual([
    404,
    { success: false, message: "This code does not exist. Please check it and try again." },
  ]);
  expect(await apply({ code: later })).toEqual([409, { success: false, message: "This code cannot be used yet." }]);
  expect(
    await answer(
      s.api.post("/api/shop/cart/discount", { data: Buffer.from("{ not json"), headers: { "Content-Type": "application/json" } }),
    ),
  ).toEqual([400, { success: false, message: "The request body is not valid JSON." }]);
  expect((await s.api.get("/api/shop/cart/discount")).status()).toBe(405);

  const [status, applied] = await apply({ code: code.toLowerCase(), userId: s.user.id });
  expect(status).toBe(200);
  expect(applied).toEqual({
    success: true,
    message: `Discount code ${code} applied.`,
    data: expect.objectContaining({ subtotal: 45, discountCode: code, discountAmount: 5.5, discountMessage: null, total: 39.5 }),
  });
  expect((await (await s.api.get(`/api/shop/cart/get/${s.user.id}`)).json()).data).toMatchObject({ discountCode: code, total: 39.5 });
  const [removedStatus, removed] = await answer(s.api.delete("/api/shop/cart/discount"));
  expect([removedStatus, removed.message, removed.data.discountCode, removed.data.total]).toEqual([
    200,
    "Discount code removed.",
    null,
    45,
  ]);

  // Applied again and checked out: the order and PayPal are for the amount after the discount.
  expect((await apply({ code }))[0]).toBe(200);
  const addressId = await addAddress(s);
  const created = await (await s.api.post("/api/shop/order/create", { data: { addressInfo: { addressId } } })).json();
  expect(created.success).toBe(true);
  const paypal = await simulatorOrder(s.api, new URL(created.approvalURL).searchParams.get("token")!);
  expect(paypal.purchase_units[0].amount).toEqual({
    currency_code: "USD",
    value: "39.50",
    breakdown: { item_total: { currency_code: "USD", value: "45.00" }, discount: { currency_code: "USD", value: "5.50" } },
  });
  // Its only use is held: another shopper is told before reaching PayPal.
  const other = await shopper(baseURL!);
  await other.api.post("/api/shop/cart/add", { data: { productId: backpack._id, quantity: 1 } });
  expect(await answer(other.api.post("/api/shop/cart/discount", { data: { code } }))).toEqual([
    409,
    { success: false, message: "This code has been used up." },
  ]);
  await other.api.dispose();
  await s.api.dispose();
});

test("an order with a discount: every existing field keeps its meaning, new ones are added; the owner's full refund can give the use back", async ({
  baseURL,
  playwright,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post("/api/auth/login", { data: { email: "admin@example.com", password: "admin-demo-123" } })).status()).toBe(200);
  const code = unique("old").toUpperCase();
  expect((await admin.post("/api/admin/discounts/add", { data: { code, type: "fixed", value: 5.5, usageLimit: 1 } })).status()).toBe(201);

  const s = await shopper(baseURL!);
  const backpack = await product(s.api, "Heritage Backpack");
  await s.api.post("/api/shop/cart/add", { data: { productId: backpack._id, quantity: 1 } });
  // The cart: the fields older clients read are what they were (price per unit, quantity), the total after the code.
  const cart = (await (await s.api.post("/api/shop/cart/discount", { data: { code } })).json()).data;
  expect(cart.items).toEqual([
    {
      productId: backpack._id,
      variantId: expect.any(String),
      size: expect.any(String),
      color: expect.any(String),
      image: expect.any(String),
      title: "Heritage Backpack",
      price: backpack.price,
      salePrice: backpack.salePrice,
      quantity: 1,
    },
  ]);
  expect(cart).toMatchObject({ subtotal: 45, discountCode: code, discountAmount: 5.5, total: 39.5 });
  const addressId = await addAddress(s);
  const created = await (await s.api.post("/api/shop/order/create", { data: { addressInfo: { addressId } } })).json();
  // Since issue 41 the answer also says what the order costs beyond its lines: free delivery, no tax here.
  expect(created).toEqual({
    success: true,
    approvalURL: expect.any(String),
    orderId: expect.stringMatching(/^[0-9a-f]{24}$/),
    number: expect.any(Number),
    totalAmount: 39.5,
    shippingAmount: 0,
    taxAmount: 0,
    shippingMethod: null,
  });
  const paid = await approve(s.api, created.approvalURL);
  expect((await s.api.post("/api/shop/order/capture", { data: { ...paid, orderId: created.orderId } })).status()).toBe(200);

  // Every field an older client reads, with the meaning it had: totalAmount is what was paid,
  // price the unit price, net what stays paid; then the new fields.
  const legacy = {
    _id: created.orderId,
    userId: s.user.id,
    cartId: expect.any(String),
    cartItems: [
      expect.objectContaining({ productId: backpack._id, title: "Heritage Backpack", image: expect.any(String), price: 45, quantity: 1 }),
    ],
    addressInfo: expect.objectContaining({ addressId, address: "5 Api Lane", city: "Testville", pincode: "9999", phone: "555-0199" }),
    orderStatus: "confirmed",
    paymentMethod: "paypal",
    paymentStatus: "paid",
    totalAmount: 39.5,
    refundedAmount: 0,
    netAmount: 39.5,
    orderDate: expect.any(String),
    orderUpdateDate: expect.any(String),
    paymentId: paid.paymentId,
    payerId: paid.payerId,
  };
  // Issue 41 adds what shipping and tax cost (none in a shop with no zones and no tax set).
  const added = {
    subtotal: 45,
    discountCode: code,
    discountAmount: 5.5,
    shippingAmount: 0,
    taxAmount: 0,
    shippingMethod: null,
    // Issue 48: the number people read, and no parcel yet.
    number: expect.any(Number),
    carrier: "",
    trackingNumber: "",
    trackingUrl: null,
  };
  const list = (await (await s.api.get(`/api/shop/order/list/${s.user.id}`)).json()).data;
  expect(list).toEqual([{ ...legacy, ...added }]);
  expect(list[0].cartItems[0].discountAmount).toBe(5.5);
  const details = (await (await s.api.get(`/api/shop/order/details/${created.orderId}`)).json()).data;
  expect(details).toMatchObject({ ...legacy, ...added, refunds: [], returns: [] });
  const adminDetails = (await (await admin.get(`/api/admin/orders/details/${created.orderId}`)).json()).data;
  expect(adminDetails).toMatchObject({ ...legacy, ...added, user: { userName: s.user.userName } });
  const adminList = (await (await admin.get("/api/admin/orders/get")).json()).data;
  expect(adminList.find((o: { _id: string }) => o._id === created.orderId)).toMatchObject({ ...legacy, ...added });

  // The owner's choice: not a boolean is refused; refunding the line gives back what was paid, and the use.
  const refund = (data: Record<string, unknown>) => admin.post(`/api/admin/orders/refund/${created.orderId}`, { data });
  const variantId = details.cartItems[0].variantId;
  const bad = await refund({ items: [{ variantId, quantity: 1 }], reason: "Damaged", releaseDiscountUse: "yes" });
  expect([bad.status(), await bad.json()]).toEqual([400, { success: false, message: "releaseDiscountUse must be true or false" }]);
  const other = await shopper(baseURL!);
  await other.api.post("/api/shop/cart/add", { data: { productId: backpack._id, quantity: 1 } });
  expect((await other.api.post("/api/shop/cart/discount", { data: { code } })).status()).toBe(409);
  const done = await refund({ items: [{ variantId, quantity: 1 }], reason: "Damaged", releaseDiscountUse: true });
  expect(done.status()).toBe(201);
  const after = (await (await s.api.get(`/api/shop/order/details/${created.orderId}`)).json()).data;
  expect(after).toMatchObject({ totalAmount: 39.5, refundedAmount: 39.5, netAmount: 0, paymentStatus: "refunded", ...added });
  expect(after.refunds).toEqual([expect.objectContaining({ amount: 39.5, status: "completed" })]);
  // The use is back: another shopper may now use the code.
  expect((await other.api.post("/api/shop/cart/discount", { data: { code } })).status()).toBe(200);
  await other.api.dispose();
  await s.api.dispose();
  await admin.dispose();
});

test("another shopper's cart, addresses and orders are unreachable; no session is 401", async ({ baseURL }) => {
  const a = await shopper(baseURL!);
  const b = await shopper(baseURL!);
  const addressId = await addAddress(a);
  const hoodie = await product(a.api, "Heritage Backpack");
  await a.api.post("/api/shop/cart/add", { data: { userId: a.user.id, productId: hoodie._id, quantity: 1 } });
  const created = await (await a.api.post("/api/shop/order/create", { data: { userId: a.user.id, addressInfo: { addressId } } })).json();

  const forbidden = [
    b.api.get(`/api/shop/cart/get/${a.user.id}`),
    b.api.post("/api/shop/cart/add", { data: { userId: a.user.id, productId: hoodie._id, quantity: 1 } }),
    b.api.put("/api/shop/cart/update-cart", { data: { userId: a.user.id, productId: hoodie._id, quantity: 2 } }),
    b.api.delete(`/api/shop/cart/${a.user.id}/${hoodie._id}`),
    b.api.get(`/api/shop/address/get/${a.user.id}`),
    b.api.post("/api/shop/address/add", { data: { userId: a.user.id, address: "x", city: "x", pincode: "1", phone: "555", notes: "x" } }),
    b.api.put(`/api/shop/address/update/${a.user.id}/${addressId}`, {
      data: { address: "x", city: "x", pincode: "1", phone: "555", notes: "x" },
    }),
    b.api.delete(`/api/shop/address/delete/${a.user.id}/${addressId}`),
    b.api.get(`/api/shop/order/list/${a.user.id}`),
    b.api.post("/api/shop/order/create", { data: { userId: a.user.id, addressInfo: { addressId } } }),
  ];
  for (const response of await Promise.all(forbidden)) {
    expect(response.status(), response.url()).toBe(403);
    expect((await response.json()).success).toBe(false);
  }
  // With their own id, b still cannot touch a's address or order: not found.
  expect((await b.api.delete(`/api/shop/address/delete/${b.user.id}/${addressId}`)).status()).toBe(404);
  expect((await b.api.get(`/api/shop/order/details/${created.orderId}`)).status()).toBe(404);
  const paypal = await approve(b.api, created.approvalURL);
  expect((await b.api.post("/api/shop/order/capture", { data: paypal })).status()).toBe(404);
  const page = await b.api.get(`/shop/account?order=${created.orderId}`);
  expect(page.status()).toBe(404);
  expect(await page.text()).not.toContain("5 Api Lane");

  const anonymous = await playwrightRequest.newContext({ baseURL });
  for (const path of [`/api/shop/cart/get/${a.user.id}`, `/api/shop/address/get/${a.user.id}`, `/api/shop/order/list/${a.user.id}`]) {
    expect((await anonymous.get(path)).status()).toBe(401);
  }
  // a's data is intact.
  expect((await (await a.api.get(`/api/shop/address/get/${a.user.id}`)).json()).data).toHaveLength(1);
  expect((await (await a.api.get(`/api/shop/cart/get/${a.user.id}`)).json()).data.items).toHaveLength(1);
});

test("order/create ignores client prices; a second capture changes nothing", async ({ baseURL }) => {
  const s = await shopper(baseURL!);
  const addressId = await addAddress(s);
  const tee = await product(s.api, "Oversized Cotton Tee");
  const size = tee.variants.find((v) => v.stock >= 2)!;
  expect(
    (
      await s.api.post("/api/shop/cart/add", { data: { userId: s.user.id, productId: tee._id, variantId: size._id, quantity: 2 } })
    ).status(),
  ).toBe(200);
  const response = await s.api.post("/api/shop/order/create", {
    data: {
      userId: s.user.id,
      cartItems: [{ productId: tee._id, title: "Oversized Cotton Tee", price: 0.01, quantity: 2 }],
      addressInfo: { addressId },
      totalAmount: 0.02,
      orderStatus: "confirmed",
      paymentStatus: "paid",
    },
  });
  expect(response.status()).toBe(201);
  const created = await response.json();
  expect(created).toEqual({
    success: true,
    approvalURL: expect.stringContaining("/paypal-sim/checkoutnow?token="),
    orderId: expect.stringMatching(/^[0-9a-f]{24}$/),
    number: expect.any(Number),
    totalAmount: 25.98,
    shippingAmount: 0,
    taxAmount: 0,
    shippingMethod: null,
  });
  const details = (await (await s.api.get(`/api/shop/order/details/${created.orderId}`)).json()).data;
  expect(details).toMatchObject({ totalAmount: 25.98, orderStatus: "pending", paymentStatus: "pending", paymentMethod: "paypal" });
  expect(details.statusHistory).toEqual([{ status: "pending", at: details.orderDate, by: "shopper" }]);
  expect(details.cartItems).toEqual([
    {
      productId: tee._id,
      variantId: size._id,
      size: size.size,
      color: size.color,
      sku: size.sku,
      title: "Oversized Cotton Tee",
      image: expect.any(String),
      price: 12.99,
      quantity: 2,
      discountAmount: 0,
    },
  ]);

  const paypal = await approve(s.api, created.approvalURL);
  expect((await simulatorOrder(s.api, paypal.paymentId)).status).toBe("APPROVED");
  const first = await s.api.post("/api/shop/order/capture", { data: { ...paypal, orderId: created.orderId } });
  expect(first.status()).toBe(200);
  const captured = await simulatorOrder(s.api, paypal.paymentId);
  expect(captured.status).toBe("COMPLETED");
  expect(captured.purchase_units[0].payments.captures[0].amount).toEqual({ currency_code: "USD", value: "25.98" });
  const after = await product(s.api, "Oversized Cotton Tee");
  const stockAfter = after.totalStock;
  expect(stockAfter).toBe(tee.totalStock - 2);
  // Taken from that size and colour only.
  expect(after.variants.map((v) => v.stock)).toEqual(tee.variants.map((v) => (v._id === size._id ? v.stock - 2 : v.stock)));

  // Reloading the return page and capturing again: still success, no second charge, stock unchanged.
  const again = await s.api.post("/api/shop/order/capture", { data: paypal });
  expect(again.status()).toBe(200);
  const reload = await s.api.get(`/shop/paypal-return?token=${paypal.paymentId}&PayerID=${paypal.payerId}`, { maxRedirects: 0 });
  expect(reload.status()).toBe(302);
  expect(reload.headers()["location"]).toBe(`/shop/payment-success?order=${created.orderId}`);
  expect((await product(s.api, "Oversized Cotton Tee")).totalStock).toBe(stockAfter);
  const orders = (await (await s.api.get(`/api/shop/order/list/${s.user.id}`)).json()).data;
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({
    _id: created.orderId,
    paymentStatus: "paid",
    orderStatus: "confirmed",
    paymentId: paypal.paymentId,
    payerId: paypal.payerId,
  });
  expect((await (await s.api.get(`/api/shop/cart/get/${s.user.id}`)).json()).data.items).toEqual([]);
  // The timeline: placed, then paid once, however many captures came.
  const paid = (await (await s.api.get(`/api/shop/order/details/${created.orderId}`)).json()).data;
  expect(paid.statusHistory.map((e: { status: string; by: string }) => [e.status, e.by])).toEqual([
    ["pending", "shopper"],
    ["confirmed", "payment"],
  ]);
});

test("two shoppers racing for the last of a size: exactly one is charged", async ({ baseURL }) => {
  const [a, b] = [await shopper(baseURL!), await shopper(baseURL!)];
  const shoes = await product(a.api, "Air Force 1 '07");
  const last = shoes.variants.find((v) => v.stock > 0)!;
  const approvals = [];
  for (const s of [a, b]) {
    const addressId = await addAddress(s);
    const add = { productId: shoes._id, variantId: last._id, quantity: last.stock };
    expect((await s.api.post("/api/shop/cart/add", { data: add })).status()).toBe(200);
    const created = await (await s.api.post("/api/shop/order/create", { data: { addressInfo: { addressId } } })).json();
    approvals.push(await approve(s.api, created.approvalURL));
  }
  const [ra, rb] = await Promise.all([
    a.api.post("/api/shop/order/capture", { data: approvals[0] }),
    b.api.post("/api/shop/order/capture", { data: approvals[1] }),
  ]);
  const results = [ra, rb].map((r) => r.status()).sort();
  expect(results).toEqual([200, 409]);
  const loser = ra.status() === 409 ? ra : rb;
  expect((await loser.json()).message).toContain("sold out while you were paying. You have not been charged.");
  const statuses = await Promise.all(approvals.map((p) => simulatorOrder(a.api, p.paymentId).then((o) => o.status)));
  expect(statuses.sort()).toEqual(["APPROVED", "COMPLETED"]);
  const after = await product(a.api, "Air Force 1 '07");
  expect(after.variants.find((v) => v._id === last._id)!.stock).toBe(0);
  expect(after.totalStock).toBe(shoes.totalStock - last.stock);
});

test("cart JSON with sizes: a variantId is needed where there is a choice, each size is a line", async ({ baseURL }) => {
  const s = await shopper(baseURL!);
  const hoodie = await product(s.api, "Classic Logo Hoodie");
  const [m, l] = ["M", "L"].map((size) => hoodie.variants.find((v) => v.size === size && v.stock > 1)!);
  const without = await s.api.post("/api/shop/cart/add", { data: { productId: hoodie._id, quantity: 1 } });
  expect(without.status()).toBe(400);
  expect(await without.json()).toEqual({ success: false, message: "Please select a size" });
  const unknown = await s.api.post("/api/shop/cart/add", { data: { productId: hoodie._id, variantId: "0".repeat(24) } });
  expect(unknown.status()).toBe(404);
  for (const v of [m!, l!]) {
    expect((await s.api.post("/api/shop/cart/add", { data: { productId: hoodie._id, variantId: v._id, quantity: 1 } })).status()).toBe(200);
  }
  const cart = (await (await s.api.get(`/api/shop/cart/get/${s.user.id}`)).json()).data;
  expect(cart.items.map((i: { variantId: string; size: string; quantity: number }) => [i.variantId, i.size, i.quantity])).toEqual([
    [m!._id, "M", 1],
    [l!._id, "L", 1],
  ]);
  const which = await s.api.put("/api/shop/cart/update-cart", { data: { productId: hoodie._id, quantity: 2 } });
  expect(which.status()).toBe(400);
  const tooMany = await s.api.put("/api/shop/cart/update-cart", {
    data: { productId: hoodie._id, variantId: m!._id, quantity: m!.stock + 1 },
  });
  expect(await tooMany.json()).toEqual({ success: false, message: `Only ${m!.stock} quantity can be added for this item` });
  const oneSize = await s.api.delete(`/api/shop/cart/${s.user.id}/${hoodie._id}?variantId=${l!._id}`);
  expect((await oneSize.json()).data.items.map((i: { size: string }) => i.size)).toEqual(["M"]);
  expect((await s.api.delete(`/api/shop/cart/${s.user.id}/${hoodie._id}?variantId=nonsense`)).status()).toBe(400);
  // Filtered lists take sizes and colours like the listing page.
  const blackXl = (await (await s.api.get("/api/shop/products/get?size=xl&color=black&limit=100")).json()).data;
  expect(blackXl.length).toBeGreaterThan(0);
  for (const p of blackXl as Array<{ variants: Array<{ size: string; color: string; stock: number }> }>) {
    expect(p.variants.some((v) => v.size === "XL" && v.color.toLowerCase() === "black" && v.stock > 0)).toBe(true);
  }
});
