import type { Locator, Page } from "@playwright/test";
import { arrangeStory, STORY } from "./catalogue-setup";
import { expect, test } from "./fixtures";
import { shotPath } from "./helpers";

// Issue 49: the storefront follows the owner's catalogue. The owner has "Women > Dresses", the
// brand "Atelier Nord", a linen dress of theirs and an automatic collection "Linen edit" in the
// menu and on the home page (catalogue-setup.ts); a visitor on a phone and a signed-in shopper on
// a desktop find them in the header, the home page's tiles, the listing's filters with their
// counts, the collection's page with its sorting, and the product's breadcrumbs. With JavaScript
// and without (the js and no-js projects).
// It adds categories, a brand and a menu collection: a shop of its own, so no other spec sees them.
test.use({ catalogue: "open", ownShop: true });

test.beforeEach(async ({ baseURL }) => arrangeStory(baseURL!));

/** Every row of a grid's tiles reaches its right edge: no tile alone with a gap beside it. */
async function rowsFilled(tiles: Locator, label: string) {
  const row = (await tiles.boundingBox())!;
  const boxes = await tiles.getByRole("link").evaluateAll((links) => links.map((l) => l.getBoundingClientRect().toJSON()));
  const rights = new Map<number, number>();
  for (const b of boxes) rights.set(Math.round(b.y), Math.max(rights.get(Math.round(b.y)) ?? 0, b.x + b.width));
  for (const [y, right] of rights) expect(Math.abs(right - (row.x + row.width)), `${label}: row at ${y}`).toBeLessThan(2);
}

/** A filter box's count, as a screen reader hears it after the box's name. */
const countOf = async (page: Page, box: Locator) =>
  (await page.locator(`[id="${await box.getAttribute("aria-describedby")}"]`).textContent())?.trim();

/** Opens the filters (folded on a phone) and the group (folded unless one of its boxes is ticked), and gives its box. */
async function box(page: Page, group: string, name: string): Promise<Locator> {
  const groupButton = page.locator("#listing-filters summary", { hasText: new RegExp(`^${group}`, "i") });
  if (await groupButton.isHidden()) await page.locator("details.listing-filters > summary").click();
  const found = page.getByRole("checkbox", { name, exact: true });
  if (await found.isHidden()) await groupButton.click();
  await expect(found).toBeVisible();
  return found;
}

test("a visitor on a phone finds the owner's collection, sorts it, and follows a product's breadcrumbs to its subcategory", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const shots = (name: string) => shotPath(`catalogue/${testInfo.project.name}-390-${name}.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/shop/home");

  // The menu: the owner's top categories and the collection they put in it.
  await page.getByLabel("Open menu").click();
  const menu = page.getByRole("navigation", { name: "Shop menu" });
  await expect(menu.getByRole("link", { name: "Women", exact: true })).toHaveAttribute("href", "/shop/listing?category=women");
  await expect(menu.getByRole("link", { name: STORY.collection })).toHaveAttribute("href", `/shop/collections/${STORY.collectionHandle}`);
  await page.getByLabel("Open menu").click();

  // The home page: the brand's tile (seven brands now, every row full) and the collection's card.
  const brands = page.getByTestId("brand-tiles");
  await expect(brands.getByRole("link", { name: STORY.brand })).toHaveAttribute("href", `/shop/listing?brand=${STORY.brandHandle}`);
  await rowsFilled(brands, "brands at 390");
  await rowsFilled(page.getByTestId("category-tiles"), "categories at 390");
  await page.screenshot({ path: shots("home"), fullPage: true });

  await page.getByRole("region", { name: "Collections" }).getByRole("link", { name: STORY.collection }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/collections/${STORY.collectionHandle}$`));
  await expect(page.getByRole("heading", { level: 1, name: STORY.collection })).toBeVisible();
  await expect(page.getByText("Our linen, washed soft.")).toBeVisible();
  const titles = page.locator("main article h3");
  // Its own order first (newest first for an automatic collection), then the shopper's.
  await expect(titles).toHaveText([STORY.shirt, STORY.dress]);
  await page.getByLabel("Sort by").selectOption("price-hightolow");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\?sortBy=price-hightolow$/);
  await expect(titles).toHaveText([STORY.dress, STORY.shirt]);
  await page.screenshot({ path: shots("collection"), fullPage: true });

  // The product's page: Home › Women › Dresses › the product, by the owner's tree.
  // (Its title links the page; with JavaScript a click opens the dialog instead, so the page is opened by its address.)
  const href = await page.getByRole("link", { name: STORY.dress, exact: true }).getAttribute("href");
  expect(href).toBe(`/shop/products/${STORY.dressHandle}`);
  await page.goto(href!);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("listitem")).toHaveText(["Home›", "Women›", "Dresses›", STORY.dress]);
  await expect(page.getByText(STORY.brand, { exact: true })).toBeVisible();
  await crumbs.getByRole("link", { name: "Dresses" }).click();

  // The subcategory's listing: its name, the tree with counts, the brand and the tag.
  await expect(page).toHaveURL(new RegExp(`/shop/listing\\?category=${STORY.categoryHandle}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Dresses\s*\(1 product\)$/);
  const dresses = await box(page, "Category", "Dresses");
  await expect(dresses).toBeChecked();
  expect(await countOf(page, dresses)).toBe("1 product");
  expect(await countOf(page, await box(page, "Category", "Women"))).toMatch(/^\d+ products$/);
  expect(await countOf(page, await box(page, "Brand", STORY.brand))).toBe("1 product");
  expect(await countOf(page, await box(page, "Tag", "linen"))).toBe("2 products");
  await page.screenshot({ path: shots("listing"), fullPage: true });
});

test("a signed-in shopper on a desktop: the header marks the department, filters narrow by the owner's brand and tag", async ({
  page,
  shopper: _,
  javaScriptEnabled,
}, testInfo) => {
  const shots = (name: string) => shotPath(`catalogue/${testInfo.project.name}-1280-${name}.png`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/shop/home");
  const main = page.getByRole("navigation", { name: "Main" });
  await expect(main.getByRole("link", { name: STORY.collection })).toBeVisible();
  await rowsFilled(page.getByTestId("brand-tiles"), "brands at 1280");
  await expect(page.getByRole("region", { name: "Shop by Brand" }).getByRole("link", { name: STORY.brand })).toBeVisible();
  await page.screenshot({ path: shots("home"), fullPage: true });

  // A subcategory's listing marks its top category in the header.
  await page.goto(`/shop/listing?category=${STORY.categoryHandle}`);
  await expect(main.getByRole("link", { name: "Women", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(main.locator("[aria-current=page]")).toHaveCount(1);

  // The owner's brand and tag narrow the listing; the filter boxes keep their state in the address.
  await page.goto("/shop/listing");
  await (await box(page, "Tag", "linen")).check();
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/shop\/listing\?tag=linen$/);
  await expect(page.locator("main article h3")).toHaveText([STORY.shirt, STORY.dress]);
  await (await box(page, "Brand", STORY.brand)).check();
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/listing\\?brand=${STORY.brandHandle}&tag=linen$`));
  await expect(page.locator("main article h3")).toHaveText([STORY.dress]);
  await page.screenshot({ path: shots("listing"), fullPage: true });

  await main.getByRole("link", { name: STORY.collection }).click();
  await expect(page.getByRole("heading", { level: 1, name: STORY.collection })).toBeVisible();
  await expect(main.getByRole("link", { name: STORY.collection })).toHaveAttribute("aria-current", "page");
  await page.screenshot({ path: shots("collection"), fullPage: true });

  // An address with the subcategory's old handle moves for good to the current one.
  const old = await page.request.get(`/shop/listing?category=${STORY.oldCategoryHandle}`, { maxRedirects: 0 });
  expect([old.status(), old.headers().location]).toEqual([301, `/shop/listing?category=${STORY.categoryHandle}`]);
});
