import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, buyOverApi, expectToast, hydratedElement, registerShopper, shopSql, signIn, unique } from "./helpers";

// After the sale, with JavaScript on and off (the js and no-js projects): the shopper cancels, the
// admin refunds a line and rejects a paid order. Each confirmation is a page of its own (a URL), so
// none of it needs JavaScript.

async function productId(page: Page, title: string): Promise<string> {
  const body = await (await page.request.get(`/api/shop/search/${encodeURIComponent(title)}`)).json();
  return body.data.find((p: { title: string }) => p.title === title)._id;
}

const stockOf = async (page: Page, id: string) => (await (await page.request.get(`/api/shop/products/get/${id}`)).json()).data.totalStock;

/** A new shopper who bought one of `title`; the page is signed in as them. */
async function boughtOne(page: Page, title: string) {
  const account = await registerShopper(page.request, "refund");
  await signIn(page, account);
  const product = await productId(page, title);
  const orderId = await buyOverApi(page.request, product);
  return { account, orderId, product };
}

test("a shopper cancels a paid order before it ships: refunded in full, the item back in stock", async ({ page }) => {
  const { orderId, product } = await boughtOne(page, "Wool-Blend Scarf");
  const stock = await stockOf(page, product);
  await page.goto(`/shop/account?order=${orderId}`);
  const dialog = page.getByRole("dialog", { name: "Order Details" });
  await dialog.getByRole("link", { name: "Cancel order" }).click();
  const confirm = dialog.getByRole("alertdialog", { name: "Cancel this order?" });
  await expect(confirm).toContainText("goes back to your PayPal account");
  await confirm.getByRole("button", { name: "Yes, cancel the order" }).click();
  await expectToast(page, "Your order is cancelled");
  await expect(dialog.getByText("Cancelled", { exact: true }).first()).toBeVisible();
  await expect(dialog).toContainText("Refunded");
  await expect(dialog.getByRole("heading", { name: "Refunds" })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Cancel order" })).toHaveCount(0);
  expect(await stockOf(page, product)).toBe(stock + 1);
  const details = (await (await page.request.get(`/api/shop/order/details/${orderId}`)).json()).data;
  expect(details).toMatchObject({ orderStatus: "cancelled", paymentStatus: "refunded", netAmount: 0 });
  expect(details.refunds).toEqual([expect.objectContaining({ amount: details.totalAmount, status: "completed" })]);
});

test("the admin refunds one item with a reason; without a reason the form says so next to the field", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  const { orderId, product } = await boughtOne(page, "Heritage Backpack");
  const stock = await stockOf(page, product);
  const admin = await (await context.browser()!.newContext({ javaScriptEnabled })).newPage();
  await signIn(admin, ADMIN);
  await admin.goto(`/admin/orders?order=${orderId}`);
  const dialog = admin.getByRole("dialog", { name: "Order Details" });
  await dialog.getByRole("spinbutton", { name: /Heritage Backpack/ }).fill("1");
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(dialog.getByText("Please give a reason")).toBeVisible();
  await dialog.getByLabel("Reason").fill("Strap arrived torn");
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expectToast(admin, "The refund went through.");
  await expect(dialog).toContainText("Strap arrived torn");
  await expect(dialog).toContainText("This order is refunded in full.");
  expect(await stockOf(page, product)).toBe(stock + 1);
  // The shopper sees it too.
  await page.goto(`/shop/account?order=${orderId}`);
  await expect(page.getByRole("dialog", { name: "Order Details" })).toContainText("Strap arrived torn");
  await admin.context().close();
});

test("an order with tax and shipping: the owner refunds its line with the line's tax, then the shipping, once", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  const { orderId } = await boughtOne(page, "Heritage Backpack");
  // The $45.00 PayPal took, as an order with 10 % tax added and shipping would carry it (set here
  // behind the shop's back; checkout writes these columns itself): the backpack at $37.00 and its
  // $3.70 tax, shipping $3.91 and its $0.39 tax.
  await shopSql("update order_items set unit_price_cents = 3700, tax_cents = 370 where order_id = ?", [orderId]);
  await shopSql(
    "update orders set country = 'GB', shipping_method = 'Standard', shipping_cents = 391, shipping_tax_cents = 39, tax_cents = 409, tax_rate = 10000, prices_include_tax = 0 where id = ? and total_cents = 4500",
    [orderId],
  );
  const admin = await (await context.browser()!.newContext({ javaScriptEnabled })).newPage();
  await signIn(admin, ADMIN);
  await admin.goto(`/admin/orders?order=${orderId}`);
  const dialog = admin.getByRole("dialog", { name: "Order Details" });
  const line = dialog.getByRole("spinbutton", { name: /Heritage Backpack/ });
  await expect(dialog.getByText("$40.70 paid for 1 with tax")).toBeVisible();
  await expect(dialog.getByText("Up to $45.00 can still be refunded")).toBeVisible();
  if (javaScriptEnabled) await hydratedElement(line);
  await line.fill("1");
  await dialog.getByLabel("Reason").fill("Zip broken");
  await dialog.getByRole("button", { name: "Refund", exact: true }).click();
  await expectToast(admin, "The refund went through.");
  await expect(dialog.getByText("Up to $4.30 can still be refunded")).toBeVisible();

  const shipping = dialog.getByRole("button", { name: "Refund shipping ($4.30)" });
  if (javaScriptEnabled) await hydratedElement(shipping);
  await shipping.click();
  await expectToast(admin, "The shipping was refunded.");
  await expect(dialog).toContainText("This order is refunded in full.");
  await expect(dialog.getByRole("button", { name: /Refund shipping/ })).toHaveCount(0);

  const details = (await (await page.request.get(`/api/shop/order/details/${orderId}`)).json()).data;
  expect(details).toMatchObject({ paymentStatus: "refunded", refundedAmount: 45, netAmount: 0 });
  expect(details.refunds.map((r: { amount: number }) => r.amount)).toEqual([40.7, 4.3]);
  const { rows } = await shopSql<{ amount_cents: number; shipping_cents: number }>(
    "select amount_cents, shipping_cents from refunds where order_id = ? order by created_at",
    [orderId],
  );
  expect(rows.map((r) => [Number(r.amount_cents), Number(r.shipping_cents)])).toEqual([
    [4070, 0],
    [430, 430],
  ]);
  // PayPal (the simulator) gave back exactly what it took.
  const atPayPal = await shopSql<{ value: string }>(
    "select value from paypal_sim_refunds where capture_id = (select capture_id from orders where id = ?) order by created_at",
    [orderId],
  );
  expect(atPayPal.rows.map((r) => r.value)).toEqual(["40.70", "4.30"]);
  await admin.context().close();
});

test("the admin rejects a paid order after confirming the refund it makes", async ({ page, context, javaScriptEnabled }) => {
  const { orderId } = await boughtOne(page, "Ribcage Straight Ankle Jeans");
  const admin = await (await context.browser()!.newContext({ javaScriptEnabled })).newPage();
  await signIn(admin, ADMIN);
  await admin.goto(`/admin/orders?order=${orderId}`);
  const dialog = admin.getByRole("dialog", { name: "Order Details" });
  await dialog.getByLabel("Order Status").selectOption("rejected");
  await dialog.getByRole("button", { name: "Update Order Status" }).click();
  const confirm = dialog.getByRole("alertdialog", { name: "Reject this paid order?" });
  await expect(confirm).toContainText("puts every item back in stock");
  await confirm.getByRole("button", { name: /Reject and refund/ }).click();
  await expectToast(admin, "The order is rejected");
  const details = (await (await page.request.get(`/api/shop/order/details/${orderId}`)).json()).data;
  expect(details).toMatchObject({ orderStatus: "rejected", paymentStatus: "refunded" });
  await admin.context().close();
});

test("a shopper returns a delivered item for another size; the admin receives it and the new size ships", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  const admin = await (await context.browser()!.newContext({ javaScriptEnabled })).newPage();
  await signIn(admin, ADMIN);
  // A tee in M and L, the shopper buys the M.
  const title = unique("Return Tee ");
  const added = await admin.request.post("/api/admin/products/add", {
    data: {
      title,
      description: "Sized",
      category: "men",
      brand: "nike",
      price: 20,
      salePrice: 0,
      image: "/demo/products/nike-dri-fit-running-tee.svg",
      variants: [
        { size: "M", color: "", colorHex: "", sku: null, stock: 5 },
        { size: "L", color: "", colorHex: "", sku: null, stock: 5 },
      ],
    },
  });
  expect(added.status()).toBe(201);
  const product = (await added.json()).data;
  const account = await registerShopper(page.request, "returner");
  await signIn(page, account);
  const orderId = await buyOverApi(page.request, product._id);
  expect((await admin.request.put(`/api/admin/orders/update/${orderId}`, { data: { orderStatus: "delivered" } })).status()).toBe(200);

  await page.goto(`/shop/account?order=${orderId}`);
  const dialog = page.getByRole("dialog", { name: "Order Details" });
  const returnLink = dialog.getByRole("link", { name: "Return items" });
  // A click during hydration is lost on a busy machine.
  if (javaScriptEnabled) await hydratedElement(returnLink);
  await returnLink.click();
  const form = dialog.getByRole("form", { name: "Return items" });
  await form.getByLabel(/How many/).selectOption("1");
  await form.getByLabel("Instead").selectOption({ label: "Exchange for L" });
  await form.getByRole("button", { name: "Send return request" }).click();
  await expect(form.getByText("Please tell us why you are returning the items")).toBeVisible();
  await form.getByLabel("Why are you returning them?").fill("Too tight");
  await form.getByRole("button", { name: "Send return request" }).click();
  await expectToast(page, "Your return request is sent");
  const returns = dialog.getByRole("region", { name: "Returns" });
  await expect(returns).toContainText("Requested");
  await expect(returns).toContainText("exchange for L");
  await expect(dialog.getByRole("link", { name: "Return items" })).toHaveCount(0);

  await admin.goto(`/admin/orders?order=${orderId}`);
  const adminDialog = admin.getByRole("dialog", { name: "Order Details" });
  await adminDialog.getByRole("button", { name: "Receive return" }).click();
  await expectToast(admin, "The return is received");
  await expect(adminDialog.getByRole("region", { name: "Returns" })).toContainText("exchanged, on its way");
  const variants = (await (await admin.request.get(`/api/shop/products/get/${product._id}`)).json()).data.variants;
  expect(variants.map((v: { size: string; stock: number }) => [v.size, v.stock])).toEqual([
    ["M", 5],
    ["L", 4],
  ]);
  const details = (await (await page.request.get(`/api/shop/order/details/${orderId}`)).json()).data;
  expect(details.returns).toEqual([
    expect.objectContaining({
      status: "received",
      reason: "Too tight",
      items: [expect.objectContaining({ exchangeSize: "L", outcome: "exchanged" })],
    }),
  ]);
  expect(details.refundedAmount).toBe(0);
  // The listing's counts in this worker's shop stay what other tests expect.
  expect((await admin.request.delete(`/api/admin/products/delete/${product._id}`)).status()).toBe(200);
  await admin.context().close();
});

/** A new code made by the owner over /api; returns it and a way to read its uses. */
async function ownerCode(page: Page, input: Record<string, unknown>) {
  const code = unique("back").toUpperCase();
  const owner = await page.context().browser()!.newContext();
  await signIn(await owner.newPage(), ADMIN);
  expect((await owner.request.post("/api/admin/discounts/add", { data: { code, ...input } })).status()).toBe(201);
  const taken = async () =>
    ((await (await owner.request.get("/api/admin/discounts/get")).json()).data as Array<{ code: string; taken: number }>).find(
      (d) => d.code === code,
    )!.taken;
  return { code, taken, close: () => owner.close() };
}

test("an order with a discount: both dialogs show the code and amount; the admin refunds it in full and gives the code's use back", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  const account = await registerShopper(page.request, "coded");
  await signIn(page, account);
  const code = await ownerCode(page, { type: "fixed", value: 5.5, usageLimit: 3 });
  // The backpack, $45.00, less $5.50.
  const orderId = await buyOverApi(page.request, await productId(page, "Heritage Backpack"), code.code);
  await page.goto(`/shop/account?order=${orderId}`);
  const mine = page.getByRole("dialog", { name: "Order Details" });
  await expect(mine.getByText("Subtotal")).toBeVisible();
  await expect(mine.getByRole("definition").filter({ hasText: "$45.00" }).first()).toBeVisible();
  await expect(mine.getByText(`Discount (${code.code})`)).toBeVisible();
  await expect(mine.getByRole("definition").filter({ hasText: "−$5.50" })).toBeVisible();
  await expect(mine.getByRole("definition").filter({ hasText: "$39.50" }).first()).toBeVisible();
  expect(await code.taken()).toBe(1);

  const admin = await (await context.browser()!.newContext({ javaScriptEnabled })).newPage();
  await signIn(admin, ADMIN);
  await admin.goto(`/admin/orders?order=${orderId}`);
  const dialog = admin.getByRole("dialog", { name: "Order Details" });
  await expect(dialog.getByText(`Discount (${code.code})`)).toBeVisible();
  await expect(dialog.getByRole("definition").filter({ hasText: "−$5.50" })).toBeVisible();
  // The line is refunded at what was paid for it, and the owner chooses to give the use back.
  await expect(dialog.getByText("$39.50 paid for 1 after the discount")).toBeVisible();
  await dialog.getByRole("spinbutton", { name: /Heritage Backpack/ }).fill("1");
  const choice = dialog.getByRole("checkbox", { name: "Give the code's use back" });
  await expect(choice).not.toBeChecked();
  await choice.check();
  await dialog.getByLabel("Reason").fill("Sold out at the warehouse");
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expectToast(admin, "The refund went through.");
  await expect(dialog).toContainText("This order is refunded in full.");
  const details = (await (await page.request.get(`/api/shop/order/details/${orderId}`)).json()).data;
  expect(details).toMatchObject({ refundedAmount: 39.5, netAmount: 0, discountCode: code.code, discountAmount: 5.5, subtotal: 45 });
  expect(await code.taken()).toBe(0);
  await admin.context().close();
  await code.close();
});

test("the admin rejects a discounted order without giving the use back: it stays spent", async ({ page, context, javaScriptEnabled }) => {
  const account = await registerShopper(page.request, "kept");
  await signIn(page, account);
  const code = await ownerCode(page, { type: "percent", value: 10 });
  const orderId = await buyOverApi(page.request, await productId(page, "Ribcage Straight Ankle Jeans"), code.code);
  const admin = await (await context.browser()!.newContext({ javaScriptEnabled })).newPage();
  await signIn(admin, ADMIN);
  await admin.goto(`/admin/orders?order=${orderId}`);
  const dialog = admin.getByRole("dialog", { name: "Order Details" });
  await dialog.getByLabel("Order Status").selectOption("rejected");
  await dialog.getByRole("button", { name: "Update Order Status" }).click();
  const confirm = dialog.getByRole("alertdialog", { name: "Reject this paid order?" });
  await expect(confirm.getByRole("checkbox", { name: "Give the code's use back" })).not.toBeChecked();
  await confirm.getByRole("button", { name: /Reject and refund/ }).click();
  await expectToast(admin, "The order is rejected");
  expect(await code.taken()).toBe(1);
  await admin.context().close();
  await code.close();
});

test("a shopper cancels an order its code paid in full: the item back in stock, no money moves", async ({ page }) => {
  const account = await registerShopper(page.request, "free");
  await signIn(page, account);
  const code = await ownerCode(page, { type: "percent", value: 100 });
  const product = await productId(page, "Wool-Blend Scarf");
  const orderId = await buyOverApi(page.request, product, code.code);
  const stock = await stockOf(page, product);
  await page.goto(`/shop/account?order=${orderId}`);
  const dialog = page.getByRole("dialog", { name: "Order Details" });
  await expect(dialog.getByText("None (paid by its discount code)")).toBeVisible();
  await expect(dialog.getByText(`Discount (${code.code})`)).toBeVisible();
  await dialog.getByRole("link", { name: "Cancel order" }).click();
  await dialog.getByRole("alertdialog", { name: "Cancel this order?" }).getByRole("button", { name: "Yes, cancel the order" }).click();
  await expectToast(page, "Your order is cancelled. Its discount code paid for all of it");
  await expect(dialog.getByText("Cancelled", { exact: true }).first()).toBeVisible();
  expect(await stockOf(page, product)).toBe(stock + 1);
  const details = (await (await page.request.get(`/api/shop/order/details/${orderId}`)).json()).data;
  expect(details).toMatchObject({ orderStatus: "cancelled", paymentMethod: "none", totalAmount: 0, refunds: [] });
  await code.close();
});

test("the admin rejects an order its code paid in full, giving the use back: the item back in stock, no money moves", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  const account = await registerShopper(page.request, "freebie");
  await signIn(page, account);
  const code = await ownerCode(page, { type: "fixed", value: 500, usageLimit: 1 });
  const product = await productId(page, "Wool-Blend Scarf");
  const orderId = await buyOverApi(page.request, product, code.code);
  const stock = await stockOf(page, product);
  expect(await code.taken()).toBe(1);
  const admin = await (await context.browser()!.newContext({ javaScriptEnabled })).newPage();
  await signIn(admin, ADMIN);
  await admin.goto(`/admin/orders?order=${orderId}`);
  const dialog = admin.getByRole("dialog", { name: "Order Details" });
  await expect(dialog).toContainText("there is no money to refund");
  await dialog.getByLabel("Order Status").selectOption("rejected");
  await dialog.getByRole("button", { name: "Update Order Status" }).click();
  const confirm = dialog.getByRole("alertdialog", { name: "Reject this order?" });
  await expect(confirm).toContainText("no money moves");
  await confirm.getByRole("checkbox", { name: "Give the code's use back" }).check();
  await confirm.getByRole("button", { name: "Reject the order" }).click();
  await expectToast(admin, "The order is rejected and its items back in stock.");
  expect(await stockOf(page, product)).toBe(stock + 1);
  expect(await code.taken()).toBe(0);
  const details = (await (await page.request.get(`/api/shop/order/details/${orderId}`)).json()).data;
  expect(details).toMatchObject({ orderStatus: "rejected", paymentMethod: "none", refunds: [] });
  await admin.context().close();
  await code.close();
});
