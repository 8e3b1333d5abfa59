import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, SHOPPER, signIn } from "./helpers";

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`);
  expect(summary, label).toEqual([]);
}

// axe runs inside the page, so these run in the JavaScript project; the markup it checks is the
// server-rendered HTML that the no-JS project gets too.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe needs JavaScript in the page");

test("auth pages have no axe violations", async ({ page }) => {
  for (const path of ["/auth/login", "/auth/register"]) {
    await page.goto(path);
    await expectNoViolations(page, path);
  }
});

test("shop pages, with their dialogs and sheets open, have no axe violations", async ({ page }) => {
  await signIn(page, SHOPPER);
  for (const path of ["/shop/home", "/shop/listing", "/shop/search?keyword=jeans", "/shop/checkout", "/shop/account", "/shop/account?tab=addresses&address=new", "/shop/home?cart=open"]) {
    await page.goto(path);
    await expectNoViolations(page, path);
  }
  await page.goto("/shop/listing");
  await page.locator("main article a").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolations(page, "product dialog");
  await page.goto("/shop/account");
  await page.getByRole("link", { name: "View Details" }).first().click();
  await expect(page.getByRole("dialog", { name: "Order Details" })).toBeVisible();
  await expectNoViolations(page, "order details dialog");
});

test("admin pages, with the product sheet open, have no axe violations", async ({ page }) => {
  await signIn(page, ADMIN);
  for (const path of ["/admin/dashboard", "/admin/products", "/admin/products?edit=new", "/admin/orders"]) {
    await page.goto(path);
    await expectNoViolations(page, path);
  }
  await page.goto("/admin/orders");
  await page.getByRole("link", { name: "View Details" }).first().click();
  await expect(page.getByRole("dialog", { name: "Order Details" })).toBeVisible();
  await expectNoViolations(page, "admin order dialog");
});
