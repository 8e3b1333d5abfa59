import { expect, test } from "./fixtures";
import { ADMIN, signIn } from "./helpers";

// The admin header's "View shop" (issue 38): the home page's banners and featured products as
// shoppers see them, inside the admin area (the specification keeps an admin off the shop's pages).

for (const width of [390, 1280]) {
  test(`View shop at ${width} px shows the shoppers' banners and featured products`, async ({
    browser,
    page,
    javaScriptEnabled,
    shopper,
  }) => {
    // What a shopper's home page shows.
    await signIn(page, shopper);
    await page.goto("/shop/home");
    const featured = page.getByRole("region", { name: "Featured Products" }).getByRole("heading", { level: 3 });
    await expect(featured.first()).toBeVisible();
    const titles = await featured.allTextContents();
    expect(titles.length).toBeGreaterThan(0);

    const admin = await browser.newPage({ javaScriptEnabled, viewport: { width, height: 900 } });
    await signIn(admin, ADMIN);
    await admin.goto("/admin/dashboard");
    await admin.getByRole("link", { name: "View shop" }).click();
    await expect(admin).toHaveURL(/\/admin\/storefront$/);
    await expect(admin.getByRole("heading", { name: "Your shop as shoppers see it" })).toBeVisible();
    await expect(admin.locator("[aria-roledescription=carousel]")).toBeVisible();
    await expect(admin.getByRole("group", { name: /^1 of \d+$/ })).toBeAttached();
    const preview = admin.getByRole("heading", { level: 3 });
    await expect(preview).toHaveText(titles);
    // Nothing to open or add in a preview, and nothing runs off a phone's screen.
    await expect(admin.getByRole("button", { name: /add to cart/i })).toHaveCount(0);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await admin.close();
  });
}

test("a shopper opening View shop's address is refused, as for every admin page", async ({ page, shopper }) => {
  await signIn(page, shopper);
  await page.goto("/admin/storefront");
  await expect(page).toHaveURL(/\/unauth-page$/);
});
