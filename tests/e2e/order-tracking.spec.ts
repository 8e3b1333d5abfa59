import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, buyOverApi, expectToast, hydratedElement, orderRow, registerShopper, shotPath, signIn } from "./helpers";
import { chargeShippingAndTax } from "./order-costs";

// Issue 48, with JavaScript on and off: the owner marks an order "In shipping" with its carrier and
// tracking number in the order dialog's form (point 20) and finds it by its number (point 4); the
// shopper's order details then say the number, the delivery method's own estimate (point 3) and
// link the carrier's tracking page, at 320, 390 and 1280 px, as the success page and nothing else.

test("the owner ships an order with its tracking number; the shopper sees the number, the method's estimate and the tracking link", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const mode = javaScriptEnabled ? "js" : "nojs";
  const api = await playwrightRequest.newContext({ baseURL });
  const shopper = await registerShopper(api, "tracked");
  expect((await (await api.post("/api/auth/login", { data: shopper })).json()).success).toBe(true);
  const found = await (await api.get(`/api/shop/search/${encodeURIComponent("Heritage Backpack")}`)).json();
  const orderId = await buyOverApi(api, found.data.find((p: { title: string }) => p.title === "Heritage Backpack")._id);
  // Charged for "Express", whose estimate is "1-2 business days".
  await chargeShippingAndTax(orderId);
  const { number } = (await (await api.get(`/api/shop/order/details/${orderId}`)).json()).data;
  await api.dispose();

  // The owner finds it by its number and marks it in shipping with the parcel.
  await signIn(page, ADMIN);
  await page.goto("/admin/orders");
  await page.getByRole("searchbox", { name: "Search orders" }).fill(`#${number}`);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByTestId("order-search-summary")).toHaveText(`1 order matches "#${number}". Show all orders`);
  await orderRow(page, orderId).getByRole("link", { name: "View Details" }).click();
  const dialog = page.getByRole("dialog", { name: "Order Details" });
  const menu = dialog.getByLabel("Order Status");
  const tracking = dialog.getByLabel("Tracking number");
  if (javaScriptEnabled) {
    await hydratedElement(menu);
    // The parcel's fields belong to "In shipping": they show when it is picked.
    await expect(tracking).toBeHidden();
  }
  await menu.selectOption("inShipping");
  await dialog.getByLabel("Carrier").fill("ups");
  await tracking.fill("1z <b>");
  await dialog.getByRole("button", { name: "Update Order Status" }).click();
  await expect(dialog.getByText("Tracking number may contain only letters, digits, spaces and hyphens")).toBeVisible();
  await dialog.getByLabel("Tracking number").fill("1Z 999 AA1 0123 4567 84");
  await dialog.getByRole("button", { name: "Update Order Status" }).click();
  await expectToast(page, "Order status is updated successfully!");
  await expect(dialog.getByLabel("Carrier")).toHaveValue("UPS");
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByLabel("Tracking number").scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath(`orders/owner-parcel-390-${mode}.png`) });

  // The shopper's order: its number, the method's estimate and the tracking link, at three widths.
  const context = await browser.newContext({ javaScriptEnabled, baseURL });
  const shop = await context.newPage();
  await signIn(shop, shopper);
  const link = "https://www.ups.com/track?tracknum=1Z999AA10123456784";
  for (const width of [320, 390, 1280]) {
    await shop.setViewportSize({ width, height: width < 500 ? 800 : 900 });
    await shop.goto(`/shop/account?order=${orderId}`);
    const details = shop.getByRole("dialog", { name: "Order Details" });
    await expect(details.getByTestId("details-order-number")).toHaveText(`#${number}`);
    await expect(details.getByTestId("estimated-delivery")).toHaveText("Estimated delivery: 1-2 business days (Express)");
    await expect(details).not.toContainText("Pending confirmation");
    await expect(details).not.toContainText("3-5 business days");
    const track = details.getByRole("link", { name: /UPS 1Z999AA10123456784/ });
    await expect(track).toHaveAttribute("href", link);
    await track.scrollIntoViewIfNeeded();
    const box = (await track.boundingBox())!;
    expect(box.x + box.width, `tracking link at ${width}`).toBeLessThanOrEqual(width);
    await shop.screenshot({ path: shotPath(`orders/shopper-details-${width}-${mode}.png`) });
  }
  await shop.goto(`/shop/payment-success?order=${orderId}`);
  await expect(shop.getByTestId("order-number")).toHaveText(`#${number}`);
  await expect(shop.locator("main dl").first()).toContainText("1-2 business days (Express)");
  await shop.screenshot({ path: shotPath(`orders/success-1280-${mode}.png`) });
  await context.close();
});
