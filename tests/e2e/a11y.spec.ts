import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, buyOverApi, expectToast, hydrated, hydratedElement, SHOPPER, signIn } from "./helpers";

/** Gives the signed-in shopper one address, so checkout can go straight to PayPal. */
async function addAnAddress(page: Page) {
  const address = { address: "1 Keyboard Way", city: "Tabville", pincode: "1234", phone: "555-0100", notes: "Front door" };
  expect((await page.request.post("/api/shop/address/add", { data: address })).status()).toBe(201);
}

async function expectNoViolations(page: Page, label: string) {
  // The page as it settles: checked while React hydrated it, axe could read a half-changed tree.
  await hydrated(page);
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(" | ")}`,
  );
  expect(summary, label).toEqual([]);
}

// axe runs inside the page, so these run in the JavaScript project only (tag @needs-js); the markup
// it checks is the server-rendered HTML that the no-JS project gets too.
test.describe.configure({ timeout: 60_000 }); // axe takes a second or two on each page

test("auth pages have no axe violations", { tag: "@needs-js" }, async ({ page }) => {
  for (const path of ["/auth/login", "/auth/register", "/auth/forgot-password", "/auth/reset-password?token=expired"]) {
    await page.goto(path);
    await expectNoViolations(page, path);
  }
});

// One test per page, so the two workers share them.
const SHOP_PAGES = [
  "/shop/home",
  "/shop/listing",
  "/shop/listing?category=kids&brand=zara",
  "/shop/search?keyword=jeans",
  "/shop/search?keyword=nothingmatchesthis",
  "/shop/checkout",
  "/shop/account",
  "/shop/account?tab=addresses",
  "/shop/account?tab=addresses&address=new",
  "/shop/home?cart=open",
  // A product's page with a colour and a size chosen and a sold-out size (the demo's XS).
  "/shop/products/sportswear-club-fleece-hoodie?size=M",
  "/shop/payment-success",
  "/shop/paypal-return?token=UNKNOWN&PayerID=X",
  "/shop/no-such-page",
  "/unauth-page",
];
for (const path of SHOP_PAGES) {
  test(`shop page ${path} has no axe violations`, { tag: "@needs-js" }, async ({ page }) => {
    await signIn(page, SHOPPER);
    await page.goto(path);
    await expectNoViolations(page, path);
  });
}

test("the shop's product and order dialogs have no axe violations", { tag: "@needs-js" }, async ({ page }) => {
  await signIn(page, SHOPPER);
  await page.goto("/shop/listing");
  await page.locator("main article a").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolations(page, "product dialog");
  // The demo shopper bought the Classic Logo Hoodie: its dialog carries the review form.
  await page.goto("/shop/search?keyword=hoodie");
  await page
    .getByRole("link", { name: /Classic Logo Hoodie/ })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolations(page, "product dialog with reviews");
  await page.goto("/shop/account");
  await page.getByRole("link", { name: "View Details" }).first().click();
  await expect(page.getByRole("dialog", { name: "Order Details" })).toBeVisible();
  await expectNoViolations(page, "order details dialog");
});

for (const path of [
  "/admin/dashboard",
  "/admin/dashboard?tab=local",
  "/admin/products",
  "/admin/products?q=hoodie",
  "/admin/products?edit=new",
  "/admin/orders",
  "/admin/customers",
  "/admin/customers?search=nobody-is-called-this",
  "/admin/settings",
]) {
  test(`admin page ${path} has no axe violations`, { tag: "@needs-js" }, async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto(path);
    await expectNoViolations(page, path);
  });
}

test("a customer's page and its block confirmation have no axe violations", { tag: "@needs-js" }, async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(`/admin/customers?search=${SHOPPER.email}`);
  await page.getByRole("link", { name: SHOPPER.userName, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: SHOPPER.userName })).toBeVisible();
  await expectNoViolations(page, "customer page");
  // The confirmation only: the demo shopper stays unblocked for the other tests.
  await page.getByRole("button", { name: "Block" }).click();
  await expect(page.getByRole("alertdialog", { name: `Block ${SHOPPER.userName}?` })).toBeVisible();
  await expectNoViolations(page, "block confirmation");
});

test("the admin's sheets, dialogs and phone drawer have no axe violations", { tag: "@needs-js" }, async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/admin/products");
  await page
    .getByRole("link", { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: "Edit Product" })).toBeVisible();
  await expectNoViolations(page, "edit product sheet");
  await page.goto("/admin/products");
  await page
    .getByRole("link", { name: /^Delete / })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolations(page, "delete confirmation");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/admin/products");
  await page.getByLabel("Open admin menu").click();
  await expectNoViolations(page, "admin drawer on a phone");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/admin/orders");
  await page.getByRole("link", { name: "View Details" }).first().click();
  await expect(page.getByRole("dialog", { name: "Order Details" })).toBeVisible();
  await expectNoViolations(page, "admin order dialog");
});

test(
  "a cancellation to confirm, the admin's refund form and a rejection to confirm have no axe violations",
  { tag: "@needs-js" },
  async ({ page, shopper: _ }) => {
    const search = await (await page.request.get("/api/shop/search/Wool-Blend%20Scarf")).json();
    const orderId = await buyOverApi(page.request, search.data[0]._id);
    await page.goto(`/shop/account?order=${orderId}&cancel=confirm`);
    await expect(page.getByRole("alertdialog", { name: "Cancel this order?" })).toBeVisible();
    await expectNoViolations(page, "cancel confirmation");
    await signIn(page, ADMIN);
    await page.goto(`/admin/orders?order=${orderId}&confirm=reject`);
    await expect(page.getByRole("alertdialog", { name: "Reject this paid order?" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Refund" })).toBeVisible();
    await expectNoViolations(page, "refund form and reject confirmation");
  },
);

test(
  "an order with a discount: its dialog, the refund form and the rejection with the use-back choice have no axe violations",
  { tag: "@needs-js" },
  async ({ page, playwright, baseURL, shopper: _ }) => {
    const owner = await playwright.request.newContext({ baseURL });
    expect((await owner.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    const code = `AXE${Date.now().toString(36).toUpperCase()}`;
    expect((await owner.post("/api/admin/discounts/add", { data: { code, type: "percent", value: 10 } })).status()).toBe(201);
    await owner.dispose();
    const search = await (await page.request.get("/api/shop/search/Wool-Blend%20Scarf")).json();
    const orderId = await buyOverApi(page.request, search.data[0]._id, code);
    await page.goto(`/shop/account?order=${orderId}`);
    await expect(page.getByText(`Discount (${code})`)).toBeVisible();
    await expectNoViolations(page, "order dialog with a discount");
    await signIn(page, ADMIN);
    await page.goto(`/admin/orders?order=${orderId}&confirm=reject`);
    await expect(page.getByRole("alertdialog").getByRole("checkbox", { name: "Give the code's use back" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Refund" })).toBeVisible();
    await expectNoViolations(page, "refund form and reject confirmation with a discount");
  },
);

test("an order's receipt page has no axe violations", { tag: "@needs-js" }, async ({ page, shopper: _ }) => {
  const search = await (await page.request.get("/api/shop/search/Wool-Blend%20Scarf")).json();
  const orderId = await buyOverApi(page.request, search.data[0]._id);
  await page.goto(`/shop/account/orders/${orderId}/receipt`);
  await expect(page.getByRole("article", { name: "Receipt" })).toBeVisible();
  await expectNoViolations(page, "order receipt");
});

test("the PayPal simulator's approval page has no axe violations", { tag: "@needs-js" }, async ({ page, shopper: _ }) => {
  await addAnAddress(page);
  // Accessories come in one size: their cards add at once.
  await page.goto("/shop/listing?category=accessories");
  await page
    .locator("main article")
    .filter({ hasNot: page.getByText("Out Of Stock") })
    .getByRole("button", { name: /add to cart/i })
    .first()
    .click();
  // The badge moves at once (optimistic); the toast says the shop has the line: only then leave.
  await expect(page.getByTestId("cart-count")).not.toHaveText("0");
  await expectToast(page, "Product is added to cart");
  await page.goto("/shop/checkout");
  // The button follows the chosen address once React runs: choose it after React has the radio.
  await hydratedElement(page.locator("input[name=addressId]").first());
  await page.locator("input[name=addressId]").first().check();
  await page.getByRole("button", { name: /Checkout with PayPal/i }).click();
  await expect(page).toHaveURL(/paypal-sim\/checkoutnow/);
  await expectNoViolations(page, "PayPal simulator");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/shop\/checkout/);
});

/** Everything the keyboard reaches on a page must show where focus is. */
async function tabThrough(page: Page, stops: number) {
  const seen: string[] = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press("Tab");
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const visible = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
      return {
        label: `${el.tagName.toLowerCase()} ${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 30)}`,
        visible,
      };
    });
    if (!focus) continue;
    expect(focus.visible, `focus ring on ${focus.label}`).toBe(true);
    seen.push(focus.label);
  }
  return seen;
}

test(
  "keyboard: every stop shows focus, and a shopper can open a product, add it and open the cart without a mouse",
  { tag: "@needs-js" },
  async ({ page, shopper: _ }) => {
    await addAnAddress(page);
    await page.goto("/shop/listing?category=men");
    const stops = await tabThrough(page, 30);
    expect(stops.some((s) => s.startsWith("a ") && /Skip to content/.test(s))).toBe(true);

    // Open a product card with Enter, choose a size with the arrow keys, add it with Enter, close
    // with Escape, open the cart with Enter.
    const card = page
      .locator("main article")
      .filter({ hasNot: page.getByText("Out Of Stock") })
      .locator("a")
      .first();
    await card.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    const before =
      Number(
        await page
          .getByTestId("cart-count")
          .textContent()
          .catch(() => "0"),
      ) || 0;
    for (const legend of ["Size", "Colour"]) {
      const group = dialog.getByRole("group", { name: new RegExp(`^${legend}`) });
      if (!(await group.count())) continue;
      const choice = group.locator("input[type=radio]:not([disabled])").first();
      if (await choice.isChecked()) continue;
      await choice.focus();
      await page.keyboard.press("Space");
      await expect(choice).toBeChecked();
    }
    await dialog.getByRole("button", { name: /add to cart/i }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("toast")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(card).toBeFocused();
    await page.getByRole("link", { name: /^Cart/ }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Your Cart" })).toBeVisible();
    expect(Number(await page.getByTestId("cart-count").textContent())).toBeGreaterThanOrEqual(before);
    await tabThrough(page, 8);
  },
);

test(
  "keyboard: the admin reaches every sidebar link and the product sheet's fields with a visible focus",
  { tag: "@needs-js" },
  async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/products?edit=new");
    const stops = await tabThrough(page, 25);
    expect(stops.length).toBeGreaterThan(10);
  },
);

test("every page fits a 320 px wide screen without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const fits = async (label: string) => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${label} is ${width}px wide`).toBeLessThanOrEqual(320);
  };
  for (const path of ["/auth/login", "/auth/register", "/auth/forgot-password", "/auth/reset-password?token=expired"]) {
    await page.goto(path);
    await fits(path);
  }
  await signIn(page, SHOPPER);
  for (const path of [
    "/shop/home",
    "/shop/listing",
    "/shop/search?keyword=jeans",
    "/shop/home?cart=open",
    "/shop/checkout",
    "/shop/account",
    "/shop/account?tab=addresses&address=new",
    "/shop/checkout?address=new",
    "/shop/payment-success",
    "/shop/paypal-return?token=UNKNOWN&PayerID=X",
    "/shop/products/dri-fit-running-tee?color=navy&size=M",
  ]) {
    await page.goto(path);
    await fits(path);
  }
  await page.goto("/shop/listing");
  await page.locator("main article a").first().click();
  await fits("product dialog");
  await page.goto("/shop/account");
  await page.getByRole("link", { name: "View Details" }).first().click();
  await fits("order details");
  await page.context().clearCookies();
  await signIn(page, ADMIN);
  for (const path of [
    "/admin/dashboard",
    "/admin/dashboard?tab=local",
    "/admin/products",
    "/admin/products?q=hoodie&sort=title-atoz",
    "/admin/products?edit=new",
    "/admin/orders",
    "/admin/customers",
  ]) {
    await page.goto(path);
    await fits(path);
  }
  await page.goto("/admin/orders");
  await page.getByRole("link", { name: "View Details" }).first().click();
  await fits("admin order details");
  await page.goto(`/admin/customers?search=${SHOPPER.email}`);
  await page.getByRole("link", { name: `View customer ${SHOPPER.userName}` }).click();
  await page.getByRole("button", { name: "Block" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await fits("a customer's page with the block confirmation");
});
