import { expect, test } from "./fixtures";
import { expectToast, hydrated, hydratedElement, shopSql, unique } from "./helpers";

// A product's own page (issue 40): reached from the listing's dialog, its colour and size are
// links the address keeps, and its Add to cart has the dialog's rules and messages.

test("the dialog leads to the product's page, whose colour and size links the address keeps, and adds the chosen variant to the cart", async ({
  page,
  javaScriptEnabled,
  shopper: _,
}) => {
  await page.goto(`/shop/search?keyword=${encodeURIComponent("Dri-FIT Running Tee")}`);
  await page
    .locator("main article", { hasText: "Dri-FIT Running Tee" })
    .getByRole("link", { name: /^Choose/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Dri-FIT Running Tee" });
  const details = dialog.getByRole("link", { name: "View full details" });
  await expect(details).toHaveAttribute("href", "/shop/products/dri-fit-running-tee");
  if (javaScriptEnabled) {
    // What is chosen in the dialog goes along to the page.
    await hydrated(page);
    const white = dialog.getByRole("group", { name: /^Colour/ }).getByRole("radio", { name: "White" });
    await hydratedElement(white);
    await dialog
      .getByRole("group", { name: /^Colour/ })
      .getByText("White", { exact: true })
      .click();
    await expect(details).toHaveAttribute("href", "/shop/products/dri-fit-running-tee?color=white");
  }
  await details.click();
  await expect(page).toHaveURL(/\/shop\/products\/dri-fit-running-tee(\?color=white)?$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dri-FIT Running Tee" })).toBeVisible();
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: "Men" })).toHaveAttribute("href", "/shop/listing?category=men");

  // Nothing chosen: the dialog's messages, next to the pickers.
  await page.goto("/shop/products/dri-fit-running-tee");
  if (javaScriptEnabled) await hydrated(page);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("group", { name: /^Size/ }).getByText("Please select a size")).toBeVisible();
  await expect(page.getByRole("group", { name: /^Colour/ }).getByText("Please select a colour")).toBeVisible();

  await page
    .getByRole("group", { name: /^Colour/ })
    .getByRole("link", { name: "Navy" })
    .click();
  await expect(page).toHaveURL(/\?color=navy(#buy)?$/);
  // A new choice: the refusal of the last one no longer stands.
  await expect(page.getByText("Please select a colour")).toHaveCount(0);
  await page.getByRole("group", { name: /^Size/ }).getByRole("link", { name: "M", exact: true }).click();
  await expect(page).toHaveURL(/\?color=navy&size=M(#buy)?$/);
  await page.reload();
  await expect(page.getByRole("group", { name: /^Colour/ }).getByRole("link", { name: "Navy" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("group", { name: /^Size/ }).getByRole("link", { name: "M", exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(page.getByRole("group", { name: /^Size/ })).toContainText("Size: M");

  if (javaScriptEnabled) await hydrated(page);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expectToast(page, "Product is added to cart");
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await expect(page.getByText("Please select a size")).toHaveCount(0);
  await page.goto("/shop/checkout");
  await expect(page.getByText("M · Navy")).toBeVisible();
});

test("an unknown size is no choice, an old address moves for good, an unknown one is not found, a sold-out size is no link but can be the address's", async ({
  page,
  shopper: _,
}) => {
  const unknownSize = await page.goto("/shop/products/kids-essentials-hoodie?size=XXL&color=GREY");
  expect(unknownSize?.status()).toBe(200);
  const sizes = page.getByRole("group", { name: /^Size/ });
  await expect(sizes.getByRole("link", { name: "L", exact: true })).toBeVisible();
  await expect(sizes.locator("[aria-current]")).toHaveCount(0);
  await expect(sizes).not.toContainText("XXL");
  // The colour in any case is the colour.
  await expect(page.getByRole("group", { name: /^Colour/ }).getByRole("link", { name: "Grey" })).toHaveAttribute("aria-current", "true");

  const old = unique("old-hoodie-");
  await shopSql("insert into product_handles (handle, product_id, created_at) select ?, id, ? from products where handle = ?", [
    old,
    new Date().toISOString(),
    "kids-essentials-hoodie",
  ]);
  const moved = await page.request.get(`/shop/products/${old}?color=grey&size=M`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers()["location"]).toBe("/shop/products/kids-essentials-hoodie?color=grey&size=M");

  const missing = await page.goto("/shop/products/no-such-product-here");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the shop" })).toBeVisible();

  // The demo's fleece hoodie has its XS sold out: shown, struck through, not choosable.
  await page.goto("/shop/products/sportswear-club-fleece-hoodie");
  const fleeceSizes = page.getByRole("group", { name: /^Size/ });
  await expect(fleeceSizes.getByText("XS", { exact: true })).toBeVisible();
  await expect(fleeceSizes.locator("li", { hasText: "XS" })).toContainText("sold out");
  await expect(fleeceSizes.getByRole("link", { name: /XS/ })).toHaveCount(0);
  await expect(fleeceSizes.getByRole("link", { name: "S", exact: true })).toBeVisible();
  // A sold-out size in the address (a search engine's offer for it) shows it chosen and sold out,
  // never "In stock" (issue 48).
  await page.goto("/shop/products/sportswear-club-fleece-hoodie?size=XS");
  await expect(page.getByRole("group", { name: /^Size/ }).locator("[aria-current]")).toHaveText(/^XS\s*sold out$/);
  await expect(page.getByTestId("stock-note")).toHaveText("Out Of Stock");
  await expect(page.getByRole("button", { name: "Out Of Stock" })).toBeDisabled();
  // Half a choice with nothing left (size L sold out in both the hoodie's colours): nothing to add.
  const soldOut = await shopSql(
    "update product_variants set stock = 0 where size = 'L' and product_id = (select id from products where handle = 'kids-essentials-hoodie')",
  );
  expect(soldOut.changes).toBe(2);
  await page.goto("/shop/products/kids-essentials-hoodie?size=L");
  await expect(page.getByTestId("stock-note")).toHaveText("Out Of Stock");
  await expect(page.getByRole("button", { name: "Out Of Stock" })).toBeDisabled();
});
