import { expect, test } from "./fixtures";
import { buyOverApi, hydrated, registerShopper, signIn } from "./helpers";
import { chargeShippingAndTax } from "./order-costs";

// Issue 41: the shopper sees what shipping and tax cost in the order details, and opens the
// order's printable receipt (with and without JavaScript).

async function backpackId(request: import("@playwright/test").APIRequestContext): Promise<string> {
  const found = await (await request.get(`/api/shop/search/${encodeURIComponent("Heritage Backpack")}`)).json();
  return found.data.find((p: { title: string }) => p.title === "Heritage Backpack")._id;
}

test("the order details show shipping, tax and the country; Print Receipt opens the receipt, which prints without the shop around it", async ({
  page,
  javaScriptEnabled,
  shopper,
}) => {
  const orderId = await buyOverApi(page.request, await backpackId(page.request));
  await chargeShippingAndTax(orderId);

  await page.goto(`/shop/account?order=${orderId}`);
  const dialog = page.getByRole("dialog", { name: "Order Details" });
  const fact = (label: string) => dialog.getByRole("term").filter({ hasText: label }).locator("xpath=following-sibling::dd");
  await expect(fact("Subtotal")).toHaveText("$45.00");
  await expect(fact("Shipping (Express)")).toHaveText("$5.00");
  await expect(fact("Tax (10%)")).toHaveText("$5.00");
  await expect(fact("Total Amount")).toHaveText("$55.00");
  await expect(dialog.getByRole("region", { name: "Shipping Info" })).toContainText("United States");

  await dialog.getByRole("link", { name: "Print Receipt" }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/account/orders/${orderId}/receipt$`));
  const receipt = page.getByRole("article", { name: "Receipt" });
  // The number people read (issue 48), as the /api answers it.
  const { number } = (await (await page.request.get(`/api/shop/order/details/${orderId}`)).json()).data;
  await expect(receipt).toContainText(`Order #${number}`);
  // The shop as its settings name it (the demo's defaults: its name, the owner's e-mail).
  await expect(receipt).toContainText("Fashion Shop");
  await expect(receipt).toContainText("admin@example.com");
  await expect(receipt.getByRole("region", { name: "Shipped to" })).toContainText(shopper.userName);
  await expect(receipt.getByRole("region", { name: "Shipped to" })).toContainText("United States");
  await expect(receipt.getByRole("region", { name: "Shipped to" })).toContainText("Express · 1-2 business days");
  const line = receipt.getByRole("row", { name: /Heritage Backpack/ });
  await expect(line.getByRole("cell")).toHaveText([/Heritage Backpack/, "1", "$45.00", "$45.00"]);
  const row = (label: string | RegExp) => receipt.getByRole("term").filter({ hasText: label }).locator("xpath=following-sibling::dd");
  await expect(row("Shipping (Express)")).toHaveText("$5.00");
  await expect(row("Tax (10%)")).toHaveText("$5.00");
  await expect(row(/^Total$/)).toHaveText("$55.00");
  await expect(receipt.getByRole("region", { name: "Payment" })).toContainText("PayPal");
  await expect(receipt.getByRole("region", { name: "Payment" })).toContainText("Paid");

  // On paper: the receipt alone, without the shop's header and footer or the page's buttons.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(page.getByRole("link", { name: "Back to the order" })).toBeHidden();
  await expect(receipt).toBeVisible();
  // The header takes no room on paper: the receipt starts at the top of the page.
  expect((await receipt.boundingBox())!.y).toBeLessThan(40);
  await page.emulateMedia({ media: "screen" });

  if (javaScriptEnabled) {
    await hydrated(page);
    // "Print" opens the browser's print dialog: counted here instead.
    await page.evaluate(() => {
      const counted = window as unknown as { printed?: number };
      window.print = () => void (counted.printed = (counted.printed ?? 0) + 1);
    });
    await page.getByRole("button", { name: "Print" }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0)).toBe(1);
  } else {
    // Without JavaScript a button could do nothing: the browser's own Print prints the page.
    await expect(page.getByRole("button", { name: "Print" })).toHaveCount(0);
  }
  await page.getByRole("link", { name: "Back to the order" }).click();
  await expect(page.getByRole("dialog", { name: "Order Details" })).toBeVisible();
});

test("someone else's receipt, or one of no order, is not found", async ({ page, browser, javaScriptEnabled, shopper: _ }) => {
  const orderId = await buyOverApi(page.request, await backpackId(page.request));
  const other = await browser.newContext({ javaScriptEnabled });
  const otherPage = await other.newPage();
  await signIn(otherPage, await registerShopper(other.request, "nosy"));
  for (const path of [
    `/shop/account/orders/${orderId}/receipt`,
    "/shop/account/orders/0123456789abcdef01234567/receipt",
    "/shop/account/orders/x/receipt",
  ]) {
    const response = await otherPage.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(otherPage.getByRole("article", { name: "Receipt" })).toHaveCount(0);
  }
  await other.close();
  expect((await page.goto(`/shop/account/orders/${orderId}/receipt`))?.status()).toBe(200);
});
