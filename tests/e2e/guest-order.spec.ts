import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, addShirt, expectToast, hydrated, shopSql, shotPath, unique } from "./helpers";

// A guest's order page (issue 51), with JavaScript on and off (the js and no-js projects), at 390
// and 1280 px: a visitor buys without an account, follows the confirmation e-mail's link, sees the
// order's status and timeline, and cancels it (the money refunded, the stock back); a link that
// opens no order, and the look-up that e-mails a new one.
test.use({ ownShop: true });
test.describe.configure({ timeout: 60_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function shots(page: Page, name: string, javaScriptEnabled: boolean) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: shotPath(`guest-order/${name}-${size.width}-${javaScriptEnabled ? "js" : "nojs"}.png`), fullPage: true });
  }
}

/** The owner opens the shop to visitors and lets them check out; a shirt of their own (Navy M: 3 in stock). */
async function openShopWithShirt(admin: APIRequestContext) {
  expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  const saved = await admin.put("/api/admin/settings", { data: { publicCatalogue: true, guestCheckout: true } });
  expect(saved.status()).toBe(200);
  const productId = await addShirt(admin, unique("Guest Shirt"));
  const product = (await (await admin.get(`/api/shop/products/get/${productId}`)).json()).data;
  const navy = product.variants.find((v: { color: string }) => v.color === "Navy")._id as string;
  return { productId, navy };
}

const stockOf = async (variantId: string) =>
  (await shopSql<{ stock: number }>("select stock from product_variants where id = ?", [variantId])).rows[0]!.stock;

/**
 * A visitor adds 2 Navy M on the shop's pages (the cart form, which sets their cart cookie), checks
 * out as a guest over /api with that cookie, approves in the PayPal simulator and comes back to the
 * shop, which captures. Returns the link from the confirmation e-mail.
 */
async function guestBuys(
  visitor: APIRequestContext,
  productId: string,
  navy: string,
  email: string,
): Promise<{ link: string; number: number }> {
  const added = await visitor.post("/shop/cart", {
    form: { intent: "add", productId, variantId: navy, quantity: "2", returnTo: "/shop/home" },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
  expect(added.headers()["location"]).toBe("/shop/home");
  const created = await visitor.post("/api/shop/checkout/guest", {
    data: {
      email,
      name: unique("Ada Guest"),
      address: { address: "7 Guest Road", city: "Springfield", pincode: "12345", phone: "555-0107", notes: "By the door", country: "US" },
    },
  });
  expect(created.status()).toBe(201);
  const { approvalURL, number } = await created.json();
  const approved = await visitor.post("/paypal-sim/checkoutnow", {
    form: { token: new URL(approvalURL).searchParams.get("token")!, decision: "pay" },
    maxRedirects: 0,
  });
  expect(approved.status()).toBe(302);
  // PayPal's return: the shop captures and sends the guest on to the success page.
  const back = await visitor.get(approved.headers()["location"]!, { maxRedirects: 0 });
  expect(back.status()).toBe(302);
  expect(back.headers()["location"]).toMatch(/^\/shop\/payment-success\?order=/);
  const { rows } = await shopSql<{ text_body: string }>("select text_body from outbox where kind = 'order-paid' and recipient = ?", [
    email,
  ]);
  expect(rows).toHaveLength(1);
  return { link: /http\S+\/shop\/orders\/[\w-]{43}/.exec(rows[0]!.text_body)![0], number };
}

test("a guest follows the confirmation e-mail's link, sees the order and cancels it: refunded, stock back", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const { productId, navy } = await openShopWithShirt(page.request);
  await page.request.post("/api/auth/logout");
  const visitor = await browser.newContext({ javaScriptEnabled, viewport: PHONE });
  const email = `${unique("guest")}@example.com`;
  const { link, number } = await guestBuys(visitor.request, productId, navy, email);
  expect(await stockOf(navy)).toBe(1);
  await visitor.close();

  // The e-mail opened on another device, with no cookie of the shop's.
  const reader = await browser.newContext({ javaScriptEnabled, viewport: PHONE });
  const guestPage = await reader.newPage();
  const opened = await guestPage.goto(link);
  expect(opened!.status()).toBe(200);
  expect(opened!.headers()["cache-control"]).toMatch(/no-store/);
  await expect(guestPage.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(guestPage.getByRole("heading", { level: 1 })).toHaveText(`Your order #${number}`);
  await expect(guestPage.getByTestId("details-order-number")).toHaveText(`#${number}`);
  await expect(guestPage.getByText(`Placed as a guest with ${email}`)).toBeVisible();
  const timeline = guestPage.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText("Confirmed: payment received");
  await expect(guestPage.getByRole("region", { name: "Shipping Info" })).toContainText("7 Guest Road");
  await shots(guestPage, "order", javaScriptEnabled);

  // Cancel, confirmed, on the phone.
  await guestPage.setViewportSize(PHONE);
  if (javaScriptEnabled) await hydrated(guestPage);
  await guestPage.getByRole("link", { name: "Cancel order" }).click();
  await expect(guestPage.getByRole("alertdialog", { name: "Cancel this order?" })).toBeVisible();
  await shots(guestPage, "cancel-confirm", javaScriptEnabled);
  await guestPage.setViewportSize(PHONE);
  await guestPage.getByRole("button", { name: "Yes, cancel the order" }).click();
  await expectToast(guestPage, "Your order is cancelled. The refund is on its way to your PayPal account.");
  await expect(guestPage).toHaveURL(link);
  await expect(guestPage.getByText("Cancelled", { exact: true }).first()).toBeVisible();
  await expect(guestPage.getByText("Refunded", { exact: true }).first()).toBeVisible();
  await expect(timeline).toContainText("Cancelled by the shopper");
  await expect(guestPage.getByRole("link", { name: "Cancel order" })).toHaveCount(0);
  expect(await stockOf(navy)).toBe(3);
  const { rows } = await shopSql<{ order_status: string; refunded_cents: number; total_cents: number }>(
    "select order_status, refunded_cents, total_cents from orders where number = ?",
    [number],
  );
  expect(rows[0]).toMatchObject({ order_status: "cancelled" });
  expect(Number(rows[0]!.refunded_cents)).toBe(Number(rows[0]!.total_cents));
  await shots(guestPage, "cancelled", javaScriptEnabled);
  await reader.close();
});

test("a link that opens no order says so in the shop's page; the look-up answers and e-mails a new link", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.setViewportSize(PHONE);
  const missing = await page.goto(`/shop/orders/${"A".repeat(43)}`);
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This link does not open an order" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await shots(page, "no-order", javaScriptEnabled);

  await page.getByRole("link", { name: "E-mail me a new link" }).click();
  await expect(page).toHaveURL(/\/shop\/orders\/lookup$/);
  await expect(page.getByRole("heading", { name: "Find your order" })).toBeVisible();
  if (javaScriptEnabled) await hydrated(page);
  // A number that is not one: said beside the field, the address kept.
  await page.getByLabel("Order number").fill("my order");
  await page.getByLabel("Email", { exact: true }).fill("nobody@example.com");
  await page.getByRole("button", { name: "E-mail me the link" }).click();
  await expect(page.getByText("Please enter the order number, such as #1001")).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("nobody@example.com");
  await shots(page, "lookup-refused", javaScriptEnabled);
  await page.setViewportSize(PHONE);
  await page.getByLabel("Order number").fill("#999999");
  await page.getByRole("button", { name: "E-mail me the link" }).click();
  await expectToast(page, "If an order with that number was placed with that address, we have e-mailed a link to it.");
  await shots(page, "lookup-sent", javaScriptEnabled);
});
