import { expect, test } from "./fixtures";
import { ADMIN, expectToast, shopSql, shotPath, signIn, unique } from "./helpers";

// Bulk changes from the admin's product list (issue 50, point 6): tick products or all matching the
// filter, preview the change, apply it. Plain forms: the same steps with and without JavaScript.

// Changes every Puma product's stock: a shop of its own.
test.use({ ownShop: true });

test("the owner ticks two products, previews a 10 % raise, applies it and sees the new prices", async ({ page, javaScriptEnabled }) => {
  await signIn(page, ADMIN);
  const prefix = unique("Bulk tee ");
  for (const [title, price] of [
    [`${prefix} one`, 19.99],
    [`${prefix} two`, 45],
  ] as const) {
    const added = await page.request.post("/api/admin/products/add", {
      data: {
        title,
        description: "For a bulk change",
        category: "men",
        brand: "levi",
        price,
        image: "/demo/products/nike-dri-fit-running-tee.svg",
        totalStock: 3,
      },
    });
    expect(added.status()).toBe(201);
  }
  await page.goto(`/admin/products?${new URLSearchParams({ q: prefix })}`);
  await page.getByRole("checkbox", { name: `Select ${prefix} one` }).check();
  await page.getByRole("checkbox", { name: `Select ${prefix} two` }).check();
  const panel = page.getByRole("form", { name: "Change the chosen products" });
  await panel.getByLabel("Change", { exact: true }).selectOption({ label: "Price: raise by percent" });
  await panel.getByLabel(/^Percent/).fill("10");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: shotPath(`bulk/list-${width}-${javaScriptEnabled ? "js" : "nojs"}.png`), fullPage: true });
  }
  await panel.getByRole("button", { name: "Preview" }).click();

  await expect(page.getByRole("heading", { name: "Bulk change" })).toBeVisible();
  await expect(page.getByTestId("bulk-summary")).toHaveText("2 of 2 products would change.");
  const preview = page.getByTestId("bulk-preview");
  await expect(preview.getByRole("listitem").filter({ hasText: `${prefix} one` })).toContainText(
    /Price \$19\.99\W+becomes\W*Price \$21\.99/,
  );
  await expect(preview.getByRole("listitem").filter({ hasText: `${prefix} two` })).toContainText(
    /Price \$45\.00\W+becomes\W*Price \$49\.50/,
  );
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: shotPath(`bulk/preview-${width}-${javaScriptEnabled ? "js" : "nojs"}.png`), fullPage: true });
  }
  // Previewing wrote nothing.
  const prices = () =>
    shopSql<{ price_cents: number }>("select price_cents from products where title like ? order by title", [`${prefix}%`]).then((r) =>
      r.rows.map((row) => Number(row.price_cents)),
    );
  expect(await prices()).toEqual([1999, 4500]);

  await page.getByRole("button", { name: "Apply to 2 products" }).click();
  await expectToast(page, "2 products changed");
  await expect(page).toHaveURL(/\/admin\/products/);
  await page.goto(`/admin/products?${new URLSearchParams({ q: prefix })}`);
  await expect(page.locator("article", { hasText: `${prefix} one` })).toContainText("$21.99");
  await expect(page.locator("article", { hasText: `${prefix} two` })).toContainText("$49.50");
  expect(await prices()).toEqual([2199, 4950]);
});

test("the owner filters by a brand, selects all matching, and sets every size's stock", async ({ page, javaScriptEnabled }) => {
  await signIn(page, ADMIN);
  await page.goto("/admin/products");
  const toolbar = page.getByRole("search");
  await toolbar.getByLabel("Brand").selectOption({ label: "Puma" });
  if (!javaScriptEnabled) await toolbar.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/brand=puma/);
  const { rows } = await shopSql<{ n: number }>("select count(*) as n from products where brand = 'puma'");
  const pumas = Number(rows[0]!.n);
  expect(pumas).toBeGreaterThan(0);

  const panel = page.getByRole("form", { name: "Change the chosen products" });
  await panel.getByRole("checkbox", { name: `Select all ${pumas} matching this filter` }).check();
  await panel.getByLabel("Change", { exact: true }).selectOption({ label: "Stock: set every size to" });
  await panel.getByLabel(/^(Stock of each size|Percent, amount or stock)$/).fill("7");
  await panel.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("bulk-chosen")).toHaveText("all products matching brand Puma");
  await expect(page.getByTestId("bulk-summary")).toContainText(`of ${pumas} products would change`);

  await page.getByRole("button", { name: /^Apply to \d+ products?$/ }).click();
  await expectToast(page, /\d+ products? changed/);
  // Back on the filtered list.
  await expect(page).toHaveURL(/brand=puma/);
  const stock = await shopSql<{ stock: number; brand: string }>(
    "select v.stock, p.brand from product_variants v join products p on p.id = v.product_id",
  );
  expect(new Set(stock.rows.filter((r) => r.brand === "puma").map((r) => Number(r.stock)))).toEqual(new Set([7]));
  expect(stock.rows.some((r) => r.brand !== "puma" && Number(r.stock) !== 7)).toBe(true);
});

test("a change some products refuse: said in the preview, nothing changes until the owner leaves them out", async ({ page }) => {
  await signIn(page, ADMIN);
  const prefix = unique("Bulk cap ");
  for (const [title, price] of [
    [`${prefix} cheap`, 1],
    [`${prefix} dear`, 30],
  ] as const) {
    const added = await page.request.post("/api/admin/products/add", {
      data: {
        title,
        description: "Cap",
        category: "men",
        brand: "nike",
        price,
        image: "/demo/products/nike-dri-fit-running-tee.svg",
        totalStock: 1,
      },
    });
    expect(added.status()).toBe(201);
  }
  await page.goto(`/admin/products?${new URLSearchParams({ q: prefix })}`);
  await page.getByRole("checkbox", { name: `Select ${prefix} cheap` }).check();
  await page.getByRole("checkbox", { name: `Select ${prefix} dear` }).check();
  const panel = page.getByRole("form", { name: "Change the chosen products" });
  await panel.getByLabel("Change", { exact: true }).selectOption({ label: "Price: lower by amount" });
  // No amount: the preview page says so beside the field, and keeps the choice.
  await panel.getByRole("button", { name: "Preview" }).click();
  const again = page.getByRole("form", { name: "Change the chosen products" });
  const amount = again.getByLabel(/^(Amount \(\$\)|Percent, amount or stock)$/);
  await expect(amount).toHaveAccessibleDescription("The amount must be a number");
  await expect(again.getByLabel("Change", { exact: true })).toHaveValue("lower-amount");
  await amount.fill("5");
  await again.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("bulk-refusals")).toContainText(`${prefix} cheap: Its price would drop to $0.00 or below (from $1.00)`);
  await expect(page.getByRole("button", { name: /^Apply to 2 products$/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Apply to 1 product, leave the 1 refused as it is" }).click();
  await expectToast(page, "1 product changed");
  const { rows } = await shopSql<{ price_cents: number }>("select price_cents from products where title like ? order by title", [
    `${prefix}%`,
  ]);
  expect(rows.map((r) => Number(r.price_cents))).toEqual([100, 2500]);
});
