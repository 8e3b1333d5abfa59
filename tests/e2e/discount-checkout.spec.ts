import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, addAddress, expectToast, hydrated, unique, orderRow } from "./helpers";

// The shopper's discount code at checkout (issue 33), with JavaScript on and off (the js and no-js
// projects): a refusal beside the field, a code applied with its line in the order summary,
// removed, applied again and paid for at the discounted amount. Every test makes codes of its own.

async function productId(request: APIRequestContext, title: string): Promise<string> {
  const body = await (await request.get(`/api/shop/search/${encodeURIComponent(title)}`)).json();
  return body.data.find((p: { title: string }) => p.title === title)._id;
}

/** New codes made by the owner over /api, in a session of their own. */
async function ownerAdds(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string, ...codes: Array<Record<string, unknown>>) {
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  for (const code of codes) expect((await admin.post("/api/admin/discounts/add", { data: code })).status()).toBe(201);
  await admin.dispose();
}

test("a shopper is told why a code is refused, applies one, removes it, and pays the discounted total", async ({
  page,
  playwright,
  baseURL,
  shopper: _,
}) => {
  const tenOff = unique("ten").toUpperCase();
  const bigSpender = unique("big").toUpperCase();
  await ownerAdds(
    playwright,
    baseURL!,
    { code: tenOff, type: "percent", value: 10 },
    { code: bigSpender, type: "fixed", value: 5, minSubtotal: 50 },
  );
  // One scarf, $9.99.
  const scarf = await productId(page.request, "Wool-Blend Scarf");
  expect((await page.request.post("/api/shop/cart/add", { data: { productId: scarf, quantity: 1 } })).status()).toBe(200);

  await page.goto("/shop/checkout");
  const summary = page.getByRole("region", { name: "Order Summary" });
  const field = summary.getByLabel("Discount code");
  await expect(summary.getByTestId("checkout-total")).toHaveText("$9.99");

  // Refused: the reason beside the field, what was typed kept.
  await field.fill("nosuchcode");
  await summary.getByRole("button", { name: "Apply" }).click();
  await expect(field).toHaveAccessibleDescription("This code does not exist. Please check it and try again.");
  await expect(field).toHaveValue("nosuchcode");
  await field.fill(bigSpender.toLowerCase());
  await summary.getByRole("button", { name: "Apply" }).click();
  await expect(field).toHaveAccessibleDescription("Add $40.01 more to your cart to use this code.");
  await expect(summary.getByTestId("checkout-total")).toHaveText("$9.99");

  // Applied, in any case: the discount line and the total after it.
  await field.fill(tenOff.toLowerCase());
  await summary.getByRole("button", { name: "Apply" }).click();
  await expectToast(page, `Discount code ${tenOff} applied.`);
  await expect(summary.getByTestId("applied-code")).toContainText(tenOff);
  await expect(summary.getByTestId("checkout-subtotal")).toHaveText("$9.99");
  await expect(summary.getByText(`Discount (${tenOff})`)).toBeVisible();
  await expect(summary.getByTestId("checkout-discount")).toHaveText("−$1.00");
  await expect(summary.getByTestId("checkout-total")).toHaveText("$8.99");

  // Removed: back to the full price, and the form again.
  await summary.getByRole("button", { name: `Remove discount code ${tenOff}` }).click();
  await expectToast(page, "Discount code removed.");
  await expect(summary.getByTestId("checkout-discount")).toHaveCount(0);
  await expect(summary.getByTestId("checkout-total")).toHaveText("$9.99");

  // Applied again and paid: PayPal asks for the amount after the discount.
  await summary.getByLabel("Discount code").fill(tenOff);
  await summary.getByRole("button", { name: "Apply" }).click();
  await expect(summary.getByTestId("checkout-total")).toHaveText("$8.99");
  await addAddress(page, "9 Discount Road");
  await page.getByText("Address: 9 Discount Road").click();
  await page.getByRole("button", { name: "Checkout with Paypal" }).click();
  await expect(page.getByText("PayPal simulator: this is a test payment")).toBeVisible();
  await expect(page.getByText("8.99 USD")).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get("order")!;
  await page.goto("/shop/account");
  await expect(orderRow(page, orderId)).toContainText("$8.99");

  // The code left the cart with the order; the cart's answer says so.
  const cart = await (await page.request.post("/api/shop/cart/add", { data: { productId: scarf, quantity: 1 } })).json();
  expect(cart.data).toMatchObject({ subtotal: 9.99, discountCode: null, discountAmount: 0, total: 9.99 });
});

test(
  "the discount form has no axe violations, refused and applied",
  { tag: "@needs-js" },
  async ({ page, playwright, baseURL, shopper: _ }) => {
    const [high, fine] = [unique("axe").toUpperCase(), unique("axe").toUpperCase()];
    await ownerAdds(
      playwright,
      baseURL!,
      { code: high, type: "percent", value: 20, minSubtotal: 1000 },
      { code: fine, type: "percent", value: 20 },
    );
    const scarf = await productId(page.request, "Wool-Blend Scarf");
    await page.request.post("/api/shop/cart/add", { data: { productId: scarf, quantity: 1 } });
    await page.goto("/shop/checkout");
    await page.getByLabel("Discount code").fill(high);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByLabel("Discount code")).toHaveAccessibleDescription(/more to your cart/);
    await noViolations(page, "refused");
    expect((await page.request.post("/api/shop/cart/discount", { data: { code: fine } })).status()).toBe(200);
    await page.goto("/shop/checkout");
    await expect(page.getByTestId("checkout-discount")).toHaveText("−$2.00");
    await noViolations(page, "applied");
  },
);

async function noViolations(page: Page, label: string) {
  await hydrated(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`),
    label,
  ).toEqual([]);
}
