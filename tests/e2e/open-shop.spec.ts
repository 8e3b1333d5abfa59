import { expect, test } from "./fixtures";
import { expectToast, hydratedElement, registerShopper, unique } from "./helpers";

// A shop whose owner lets visitors browse without an account (issue 40): the workers of this file
// start their shop open. With JavaScript and without.
test.use({ catalogue: "open" });

test("a visitor browses without an account; the header's Sign in brings them back", async ({ page }) => {
  // The pages a visitor sees may be kept by shared caches: their CSP allows their scripts by hash.
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.goto("/");
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto("/shop/listing?category=men");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "User menu" })).toHaveCount(0);
  const account = await registerShopper(page.request);
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fshop%2Flisting%3Fcategory%3Dmen$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/shop\/listing\?category=men$/);
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  expect(violations).toEqual([]);
});

test("a visitor shares a variant's link; another browser adds it to a cart, registers on the way to checkout, and finds it there", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  // The first visitor picks a colour and a size on a product page, and copies the address.
  const products = (await (await page.request.get("/api/shop/products/get?category=women&limit=100")).json()).data as Array<{
    title: string;
    url: string;
    variants: Array<{ size: string; color: string; stock: number }>;
  }>;
  const product = products.find(
    (p) => new Set(p.variants.map((v) => v.size)).size > 1 && p.variants.filter((v) => v.stock > 1).length > 1,
  )!;
  const variant = product.variants.filter((v) => v.stock > 1).at(-1)!;
  await page.goto(new URL(product.url).pathname);
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
  // Each choice is a navigation: the size link is the one built once the colour is in the address.
  if (variant.color) {
    await page.getByRole("link", { name: variant.color, exact: true }).click();
    await expect(page).toHaveURL(/[?&]color=/);
  }
  await page.getByRole("link", { name: variant.size, exact: true }).click();
  await expect(page).toHaveURL(/[?&]size=/);
  if (variant.color) await expect(page).toHaveURL(/[?&]color=/);
  const shared = page.url();

  // Someone else opens it in a browser of their own, without an account.
  const other = await browser.newContext({ javaScriptEnabled });
  const visitor = await other.newPage();
  await visitor.goto(shared);
  await expect(visitor.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
  // With JavaScript, the form is sent by the page's own code once it has hydrated.
  if (javaScriptEnabled) await hydratedElement(visitor.getByRole("button", { name: "Add to cart" }));
  await visitor.getByRole("button", { name: "Add to cart" }).click();
  await expectToast(visitor, "Product is added to cart");
  await expect(visitor.getByTestId("cart-count")).toHaveText("1");

  // Checkout asks them to sign in or register; registering on the way comes back to checkout.
  await visitor.goto("/shop/checkout");
  await expect(visitor).toHaveURL(/\/auth\/login\?redirectTo=%2Fshop%2Fcheckout$/);
  await expect(visitor.getByText("Sign in or create an account to check out.")).toBeVisible();
  await visitor.getByRole("link", { name: "Register" }).click();
  const name = unique("visitor");
  await visitor.getByLabel("User Name").fill(name);
  await visitor.getByLabel("Email").fill(`${name}@example.com`);
  await visitor.getByLabel("Password").fill("a-good-password");
  await visitor.getByRole("button", { name: "Sign Up" }).click();
  await expect(visitor).toHaveURL(/\/auth\/login\?redirectTo=%2Fshop%2Fcheckout$/);
  await visitor.getByLabel("Email").fill(`${name}@example.com`);
  await visitor.getByLabel("Password").fill("a-good-password");
  await visitor.getByRole("button", { name: "Sign In" }).click();
  await expect(visitor).toHaveURL(/\/shop\/checkout$/);
  await expectToast(visitor, "The items you added before signing in are in your cart");
  const summary = visitor.getByRole("main");
  await expect(summary.getByText(product.title).first()).toBeVisible();
  await expect(summary.getByText(variant.size, { exact: false }).first()).toBeVisible();
  await expect(visitor.getByTestId("cart-count")).toHaveText("1");
  await other.close();
});

test("in an open shop, account and checkout still ask a visitor to sign in", async ({ browser }) => {
  // The closed shop's wall (the specification's) is tested in access.spec.ts.
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const path of ["/shop/account", "/shop/checkout"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/auth/login\\?redirectTo=${encodeURIComponent(path)}$`));
  }
  await context.close();
});

test("a card's title links its product's page: with JavaScript a click opens the dialog, as the card does; without it, the page", async ({
  page,
  javaScriptEnabled,
}) => {
  // Phone and desktop: the card's own link lies over the whole card but under its title and button.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/shop/listing?category=accessories");
    const card = page.locator("main article").first();
    const title = card.getByRole("heading", { level: 3 }).getByRole("link");
    const name = (await title.textContent())!;
    await expect(title).toHaveAttribute("href", /^\/shop\/products\/[a-z0-9-]+$/);
    const href = (await title.getAttribute("href"))!;
    await title.click();
    if (javaScriptEnabled) {
      await expect(page.getByRole("dialog", { name })).toBeVisible();
      await expect(page).toHaveURL(/\/shop\/listing\?category=accessories&product=/);
    } else {
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    }
    // Anywhere else on the card (its price) opens the dialog, with or without JavaScript.
    await page.goto("/shop/listing?category=accessories");
    const price = (await card.locator("p").last().boundingBox())!;
    await page.mouse.click(price.x + 4, price.y + price.height / 2);
    await expect(page.getByRole("dialog", { name })).toBeVisible();
  }
});
