import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, buyOverApi, registerShopper, signIn, unique, orderRow } from "./helpers";

// What the owner sees of orders (issue 38, points 17, 18 and 20), with JavaScript on and off, on a
// phone (390 px) and a desktop (1280 px): returns to receive on the dashboard and in the orders
// list, each order's number, customer and payment, and a timeline that says who did what.

const WIDTHS = [390, 1280] as const;

/** The signed-in admin, in a browser of its own with the test's JavaScript setting. */
async function adminPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const admin = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await signIn(admin, ADMIN);
  return admin;
}

/** A product of its own at $20 in sizes M and L, added over /api by the admin. */
async function newProduct(admin: Page): Promise<{ id: string; title: string }> {
  const title = unique("Owner Tee ");
  const added = await admin.request.post("/api/admin/products/add", {
    data: {
      title,
      description: "For the owner's tests",
      category: "men",
      brand: "nike",
      price: 20,
      salePrice: 0,
      image: "/demo/products/nike-dri-fit-running-tee.svg",
      variants: [
        { size: "M", color: "", colorHex: "", sku: null, stock: 20 },
        { size: "L", color: "", colorHex: "", sku: null, stock: 20 },
      ],
    },
  });
  expect(added.status()).toBe(201);
  return { id: (await added.json()).data._id, title };
}

/** A new shopper (in `page`) who bought one of the product and had it delivered. */
async function deliveredOrder(page: Page, admin: Page, productId: string, prefix: string) {
  const account = await registerShopper(page.request, prefix);
  await signIn(page, account);
  const orderId = await buyOverApi(page.request, productId);
  expect((await admin.request.put(`/api/admin/orders/update/${orderId}`, { data: { orderStatus: "delivered" } })).status()).toBe(200);
  return { account, orderId };
}

/** The shopper signed in on `page` asks to return the order's one unit, for the money. */
async function askToReturn(page: Page, orderId: string) {
  const details = (await (await page.request.get(`/api/shop/order/details/${orderId}`)).json()).data;
  const variantId = details.cartItems[0].variantId;
  const asked = await page.request.post(`/api/shop/order/return/${orderId}`, {
    data: { items: [{ variantId, quantity: 1 }], reason: "Too small" },
  });
  expect(asked.status()).toBe(201);
}

/** The dashboard's count of returns to receive (the link to the orders waiting for one). */
async function returnsOnDashboard(admin: Page): Promise<number> {
  await admin.goto("/admin/dashboard");
  const link = admin.getByRole("link", { name: /Returns to receive/ });
  await expect(link).toBeVisible();
  return Number((await link.innerText()).match(/\d+/)![0]);
}

/** An order as the admin's list shows it at this width: a table row from 1280 px up, a card below. */
const orderIn = (admin: Page, width: number, orderId: string) =>
  width >= 768
    ? orderRow(admin, orderId)
    : admin
        .getByTestId("order-cards")
        .getByRole("listitem")
        .filter({ has: admin.locator(`[data-order-link="${orderId}"]`) });

test("a return request shows on the dashboard and as a badge and a filter of the orders list", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const admin = await adminPage(browser, javaScriptEnabled);
  const product = await newProduct(admin);
  const before = await returnsOnDashboard(admin);
  const quiet = await deliveredOrder(page, admin, product.id, "noreturn");
  const returning = await deliveredOrder(page, admin, product.id, "returner");
  await askToReturn(page, returning.orderId);

  for (const width of WIDTHS) {
    await admin.setViewportSize({ width, height: 900 });
    expect(await returnsOnDashboard(admin)).toBe(before + 1);
    await admin.getByRole("link", { name: /Returns to receive/ }).click();
    await expect(admin).toHaveURL(/\/admin\/orders\?returns=to-receive$/);
    const filter = admin.getByRole("link", { name: /Returns to receive/ });
    await expect(filter).toHaveAttribute("aria-current", "page");
    await expect(filter).toContainText(String(before + 1));
    await expect(orderIn(admin, width, returning.orderId)).toBeVisible();
    await expect(orderIn(admin, width, returning.orderId)).toContainText("Return to receive");
    await expect(orderIn(admin, width, quiet.orderId)).toHaveCount(0);

    // The whole list: both orders, the badge only on the one with a return waiting.
    await admin.getByRole("link", { name: "All orders" }).click();
    await expect(admin).toHaveURL(/\/admin\/orders$/);
    await expect(orderIn(admin, width, quiet.orderId)).toBeVisible();
    await expect(orderIn(admin, width, quiet.orderId)).not.toContainText("Return to receive");
    await expect(orderIn(admin, width, returning.orderId)).toContainText("Return to receive");
  }

  // Received: nothing left to receive, the badge goes.
  await admin.goto(`/admin/orders?order=${returning.orderId}`);
  await admin.getByRole("dialog", { name: "Order Details" }).getByRole("button", { name: "Receive return" }).click();
  await expect(admin.getByRole("dialog", { name: "Order Details" }).getByRole("region", { name: "Returns" })).toContainText("Received");
  expect(await returnsOnDashboard(admin)).toBe(before);
  await admin.goto("/admin/orders");
  await expect(orderIn(admin, 1280, returning.orderId)).not.toContainText("Return to receive");
  // The listing's counts in this worker's shop stay what other tests expect.
  expect((await admin.request.delete(`/api/admin/products/delete/${product.id}`)).status()).toBe(200);
  await admin.context().close();
});

test("the orders list names each order, its customer and its payment, and fits a phone", async ({ page, browser, javaScriptEnabled }) => {
  const admin = await adminPage(browser, javaScriptEnabled);
  const product = await newProduct(admin);
  const paid = await registerShopper(page.request, "payer");
  await signIn(page, paid);
  const paidOrder = await buyOverApi(page.request, product.id);
  const canceller = await registerShopper(page.request, "canceller");
  await signIn(page, canceller);
  const cancelledOrder = await buyOverApi(page.request, product.id);
  expect((await page.request.post(`/api/shop/order/cancel/${cancelledOrder}`)).status()).toBe(200);

  for (const width of WIDTHS) {
    await admin.setViewportSize({ width, height: 900 });
    await admin.goto("/admin/orders");
    const first = orderIn(admin, width, paidOrder);
    await expect(first).toContainText(paid.userName);
    await expect(first).toContainText("Paid");
    const second = orderIn(admin, width, cancelledOrder);
    await expect(second).toContainText(canceller.userName);
    await expect(second).toContainText("Refunded");
    // The order number in full, as the shopper's list shows it (#1001, issue 48): not cut short.
    const { number: paidNumber } = (await (await admin.request.get(`/api/admin/orders/details/${paidOrder}`)).json()).data;
    const number = first.getByText(`#${paidNumber}`, { exact: true });
    await expect(number).toBeVisible();
    expect(await number.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    // Nothing makes the page scroll sideways.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  }
  expect((await admin.request.delete(`/api/admin/products/delete/${product.id}`)).status()).toBe(200);
  await admin.context().close();
});

test("the timeline says who did what: placed, paid, cancelled by the shopper; the shop's steps, a return and its refund", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const admin = await adminPage(browser, javaScriptEnabled);
  const product = await newProduct(admin);
  const shopper = await registerShopper(page.request, "timeline");
  await signIn(page, shopper);
  const cancelled = await buyOverApi(page.request, product.id);
  expect((await page.request.post(`/api/shop/order/cancel/${cancelled}`)).status()).toBe(200);

  await page.goto(`/shop/account?order=${cancelled}`);
  const events = page.getByRole("dialog", { name: "Order Details" }).getByRole("region", { name: "Timeline" }).getByRole("listitem");
  await expect(events).toHaveText([
    /^Placed by the shopper/,
    /^Confirmed: payment received/,
    /^Refund of \$20\.00 for the shopper's cancellation/,
    /^Cancelled by the shopper/,
  ]);
  await expect(events.filter({ hasText: "Placed by the shopper" })).toHaveCount(1);

  // The shop's steps, a return asked for by the shopper and received by the shop.
  const { orderId } = await deliveredOrder(page, admin, product.id, "timeline");
  await askToReturn(page, orderId);
  await admin.goto(`/admin/orders?order=${orderId}`);
  const dialog = admin.getByRole("dialog", { name: "Order Details" });
  await dialog.getByRole("button", { name: "Receive return" }).click();
  await expect(dialog.getByRole("region", { name: "Returns" })).toContainText("Received");
  for (const width of WIDTHS) {
    await admin.setViewportSize({ width, height: 900 });
    await admin.goto(`/admin/orders?order=${orderId}`);
    await expect(dialog.getByRole("region", { name: "Timeline" }).getByRole("listitem")).toHaveText([
      /^Placed by the shopper/,
      /^Confirmed: payment received/,
      /^Marked delivered by the shop/,
      /^Return requested by the shopper/,
      /^Return received by the shop/,
      /^Refund of \$20\.00 by the shop/,
    ]);
  }
  expect((await admin.request.delete(`/api/admin/products/delete/${product.id}`)).status()).toBe(200);
  await admin.context().close();
});
