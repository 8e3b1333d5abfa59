import { request as playwrightRequest, type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, expectToast, orderRow, shopSql, shotPath, signIn, unique } from "./helpers";

// Guest checkout (issue 51) in the browser, with and without JavaScript, on a phone and a desktop:
// a visitor of the open shop buys without an account (e-mail, name, address), pays at the PayPal
// simulator and lands on the success page; the owner sees the order with the guest's e-mail, and
// the guest gets one confirmation e-mail with the link to the order's page. The API and its
// refusals are guest-checkout.http.spec.ts's.
test.use({ catalogue: "open", ownShop: true });

/** The owner's settings: the shop open to visitors, guest checkout on or off, delivery zones (none: free, as SPEC's). */
async function guestCheckout(baseURL: string, on: boolean, shippingZones: unknown[] = []) {
  const owner = await playwrightRequest.newContext({ baseURL });
  expect((await (await owner.post("/api/auth/login", { data: ADMIN })).json()).success).toBe(true);
  const saved = await owner.put("/api/admin/settings", { data: { publicCatalogue: true, guestCheckout: on, shippingZones } });
  expect(saved.status(), await saved.text()).toBe(200);
  await owner.dispose();
}

/** A visitor (a browser without an account) who put `title` in their cart from the search page. */
async function visitorWith(browser: Browser, title: string, javaScriptEnabled: boolean, width: number): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/shop/search?${new URLSearchParams({ keyword: title })}`);
  await page
    .locator("main article", { has: page.getByRole("heading", { name: title, exact: true }) })
    .getByRole("button", { name: "Add to cart" })
    .click();
  await expectToast(page, "Product is added to cart");
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  return page;
}

/** The address fields, as the saved-address form names them (the test shop is in the United States). */
async function fillAddress(page: Page, street: string) {
  await page.getByLabel("Address", { exact: true }).fill(street);
  await page.getByLabel("City").fill("Springfield");
  await expect(page.getByLabel("Country")).toHaveValue("US");
  await page.getByLabel("ZIP code").fill("12345");
  await page.getByLabel("Phone").fill("555-0101");
  await page.getByLabel("Notes").fill("Leave at the door");
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test("a visitor checks out as a guest, pays at PayPal, and gets one confirmation e-mail with the order's link", async ({
      browser,
      baseURL,
      javaScriptEnabled,
    }) => {
      await guestCheckout(baseURL!, true);
      const mode = javaScriptEnabled ? "js" : "nojs";
      const page = await visitorWith(browser, "Wool-Blend Scarf", javaScriptEnabled, width);
      const email = `${unique("guest")}@example.com`;

      await page.goto("/shop/checkout");
      await expect(page).toHaveURL(/\/shop\/checkout$/);
      await expect(page.getByRole("heading", { name: "Checking out as a guest" })).toBeVisible();
      // Sign in and Create an account come back here.
      await expect(page.getByRole("link", { name: "Sign in", exact: true }).last()).toHaveAttribute(
        "href",
        "/auth/login?redirectTo=%2Fshop%2Fcheckout",
      );
      await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute(
        "href",
        "/auth/register?redirectTo=%2Fshop%2Fcheckout",
      );
      await expect(page.getByRole("region", { name: "Order Summary" })).toContainText("Wool-Blend Scarf");
      await expect(page.getByTestId("checkout-total")).toHaveText("$9.99");
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Full name").fill("Ada Guest");
      await fillAddress(page, "7 Guest Lane");
      await page.getByLabel("Send me a reminder if I don't finish").check();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      await page.screenshot({ path: shotPath(`guest-checkout/checkout-${width}-${mode}.png`), fullPage: true });
      await page.getByRole("button", { name: "Pay with PayPal" }).click();

      await expect(page.getByText("PayPal simulator: this is a test payment")).toBeVisible();
      await expect(page.getByText("9.99 USD")).toBeVisible();
      // The reminder's box is recorded on the visitor's cart while they pay...
      const reminded = async () =>
        (await shopSql<{ n: number }>("select count(*) as n from carts where reminder_email = ? and reminder_opt_in = 1", [email])).rows[0]!
          .n;
      expect(Number(await reminded())).toBe(1);
      await page.getByRole("button", { name: "Pay" }).click();

      await expect(page).toHaveURL(/\/shop\/payment-success\?order=[0-9a-f]{24}$/);
      await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
      await expect(page.getByTestId("guest-confirmation")).toHaveText(
        `We sent the confirmation to ${email}, with a link to follow your order. No account is needed.`,
      );
      await expect(page.getByTestId("cart-count")).toHaveText("0");
      await page.screenshot({ path: shotPath(`guest-checkout/success-${width}-${mode}.png`), fullPage: true });
      const orderId = new URL(page.url()).searchParams.get("order")!;

      // ...and ends with the order: the cart that paid it is reminded to nobody (a shared computer's next guest).
      const { rows: carts } = await shopSql<{ reminder_email: string | null }>(
        "select carts.reminder_email from carts join orders on orders.cart_id = carts.id where orders.id = ?",
        [orderId],
      );
      expect(carts).toEqual([{ reminder_email: null }]);
      expect(Number(await reminded())).toBe(0);

      // The owner's list shows the order with the guest's e-mail.
      const ownerContext = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });
      const admin = await ownerContext.newPage();
      await signIn(admin, ADMIN);
      await admin.goto("/admin/orders");
      await expect(orderRow(admin, orderId)).toContainText(email);
      await expect(orderRow(admin, orderId)).toContainText("Ada Guest");
      await ownerContext.close();

      // Exactly one confirmation went to the guest, with the link to the order's page.
      const { rows: mails } = await shopSql<{ text_body: string }>("select text_body from outbox where recipient = ?", [email]);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text_body).toMatch(/\/shop\/orders\/[A-Za-z0-9_-]{20,}/);
      await page.context().close();
    });
  });
}

test("a wrong e-mail is said beside its field, what was typed kept", async ({ browser, baseURL, javaScriptEnabled }) => {
  await guestCheckout(baseURL!, true);
  const page = await visitorWith(browser, "Heritage Backpack", javaScriptEnabled, 390);
  await page.goto("/shop/checkout");
  await page.getByLabel("E-mail").fill("not-an-address");
  await page.getByLabel("Full name").fill("Ada Guest");
  await fillAddress(page, "8 Typo Street");
  await page.getByRole("button", { name: "Pay with PayPal" }).click();
  await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription("Please enter a valid email address");
  await expect(page.getByLabel("Full name")).toHaveValue("Ada Guest");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("8 Typo Street");
  await expect(page).toHaveURL(/\/shop\/checkout$/);
  await page.screenshot({ path: shotPath(`guest-checkout/bad-email-390-${javaScriptEnabled ? "js" : "nojs"}.png`), fullPage: true });
  await page.context().close();
});

test("with guest checkout off, checkout sends a visitor to sign in", async ({ browser, baseURL, javaScriptEnabled }) => {
  await guestCheckout(baseURL!, false);
  const page = await visitorWith(browser, "Heritage Backpack", javaScriptEnabled, 1280);
  await page.goto("/shop/checkout");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fshop%2Fcheckout$/);
  await page.context().close();
});

test("a guest chooses delivery and a country: the costs follow, and a total not seen is never charged", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  await guestCheckout(baseURL!, true, [
    {
      name: "Domestic",
      countries: ["US"],
      methods: [
        { name: "Standard", price: 4.95, freeAbove: null, estimate: "3-5 business days" },
        { name: "Express", price: 12, freeAbove: null, estimate: "Next business day" },
      ],
    },
    { name: "Abroad", countries: ["GB"], methods: [{ name: "Airmail", price: 15, freeAbove: null, estimate: "" }] },
  ]);
  try {
    const page = await visitorWith(browser, "Wool-Blend Scarf", javaScriptEnabled, 1280);
    await page.goto("/shop/checkout");
    const delivery = page.getByRole("group", { name: "Delivery" });
    await expect(delivery.getByRole("radio", { name: /Standard/ })).toBeChecked();
    await expect(page.getByTestId("checkout-total")).toHaveText("$14.94");
    await page.getByLabel("E-mail").fill(`${unique("zoned")}@example.com`);
    await page.getByLabel("Full name").fill("Zoe Guest");
    await fillAddress(page, "3 Zone Road");

    // Express: at once with JavaScript; without, "Update total" shows it, what was typed kept.
    await delivery.getByRole("radio", { name: /Express/ }).check();
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Update total" }).click();
    await expect(page.getByTestId("checkout-total")).toHaveText("$21.99");
    await expect(page.getByLabel("Full name")).toHaveValue("Zoe Guest");

    // To the United Kingdom: only Airmail goes there.
    await page.getByLabel("Country").selectOption("GB");
    await page.locator('[name="pincode"]').fill("NW1 6XE");
    if (javaScriptEnabled) {
      await expect(page.getByTestId("checkout-total")).toHaveText("$24.99");
      await expect(page.getByLabel("Postcode")).toHaveValue("NW1 6XE");
    } else {
      // Paid without "Update total": the page shows the new total first, and charges nothing.
      await page.getByRole("button", { name: "Pay with PayPal" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Please check your order total before paying" })).toBeVisible();
      await expect(page.getByTestId("checkout-total")).toHaveText("$24.99");
      await expect(page.getByLabel("Country")).toHaveValue("GB");
      await expect(page.getByLabel("Postcode")).toHaveValue("NW1 6XE");
    }
    await expect(delivery.getByRole("radio", { name: /Airmail/ })).toBeChecked();
    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await expect(page.getByText("PayPal simulator: this is a test payment")).toBeVisible();
    await expect(page.getByText("24.99 USD")).toBeVisible();
    await page.context().close();
  } finally {
    await guestCheckout(baseURL!, true);
  }
});

test("a guest applies a discount code: a refused one says why beside the field, and the total paid is the discounted one", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  await guestCheckout(baseURL!, true);
  const tenOff = unique("gten").toUpperCase();
  const bigSpender = unique("gbig").toUpperCase();
  const owner = await playwrightRequest.newContext({ baseURL });
  expect((await owner.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  for (const code of [
    { code: tenOff, type: "percent", value: 10 },
    { code: bigSpender, type: "fixed", value: 5, minSubtotal: 50 },
  ])
    expect((await owner.post("/api/admin/discounts/add", { data: code })).status()).toBe(201);
  await owner.dispose();

  const mode = javaScriptEnabled ? "js" : "nojs";
  const page = await visitorWith(browser, "Wool-Blend Scarf", javaScriptEnabled, 390);
  const email = `${unique("coded")}@example.com`;
  await page.goto("/shop/checkout");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Full name").fill("Cody Guest");
  await fillAddress(page, "5 Code Street");
  const summary = page.getByRole("region", { name: "Order Summary" });
  const field = summary.getByLabel("Discount code");

  // Refused: the reason beside the field; the code and the details typed kept.
  await field.fill(bigSpender.toLowerCase());
  await summary.getByRole("button", { name: "Apply" }).click();
  await expect(field).toHaveAccessibleDescription("Add $40.01 more to your cart to use this code.");
  await expect(field).toHaveValue(bigSpender.toLowerCase());
  await expect(summary.getByTestId("checkout-total")).toHaveText("$9.99");
  await expect(page.getByLabel("E-mail")).toHaveValue(email);

  // Applied: its line and the total after it, what was typed still there.
  await field.fill(tenOff.toLowerCase());
  await summary.getByRole("button", { name: "Apply" }).click();
  if (javaScriptEnabled) await expectToast(page, `Discount code ${tenOff} applied.`);
  await expect(summary.getByTestId("applied-code")).toContainText(tenOff);
  await expect(summary.getByText(`Discount (${tenOff})`)).toBeVisible();
  await expect(summary.getByTestId("checkout-discount")).toHaveText("−$1.00");
  await expect(summary.getByTestId("checkout-total")).toHaveText("$8.99");
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await expect(page.getByLabel("Full name")).toHaveValue("Cody Guest");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("5 Code Street");
  await expect(page.getByLabel("Phone")).toHaveValue("555-0101");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: shotPath(`guest-checkout/code-applied-390-${mode}.png`), fullPage: true });

  // Paid: PayPal asks for the amount after the discount, and the order has the code.
  await page.getByRole("button", { name: "Pay with PayPal" }).click();
  await expect(page.getByText("PayPal simulator: this is a test payment")).toBeVisible();
  await expect(page.getByText("8.99 USD")).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get("order")!;
  const { rows } = await shopSql<{ discount_code: string | null; customer_email: string }>(
    "select discount_code, customer_email from orders where id = ?",
    [orderId],
  );
  expect(rows).toEqual([{ discount_code: tenOff, customer_email: email }]);
  await page.context().close();
});
