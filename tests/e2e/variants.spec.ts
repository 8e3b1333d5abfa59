import sharp from "sharp";
import { expect, test } from "./fixtures";
import { ADMIN, addAddress, expectToast, filterBox, hydrated, hydratedElement, SHOPPER, signIn, unique } from "./helpers";

// Sizes and colours, as a shopper and the owner meet them, with JavaScript on and off.

test("a shopper picks a size and colour, is told when the size is missing, buys two sizes and sees them on the order", async ({
  page,
  javaScriptEnabled,
  shopper: _,
}) => {
  await page.goto(`/shop/search?keyword=${encodeURIComponent("Oversized Cotton Tee")}`);
  const card = page.locator("main article", { hasText: "Oversized Cotton Tee" });
  // A product with sizes is chosen in its details, not added from the card.
  await card.getByRole("link", { name: "Choose size for Oversized Cotton Tee" }).click();
  const dialog = page.getByRole("dialog", { name: "Oversized Cotton Tee" });
  await expect(dialog).toBeVisible();
  if (javaScriptEnabled) await hydrated(page);
  const sizes = dialog.getByRole("group", { name: /^Size/ });
  const colours = dialog.getByRole("group", { name: /^Colour/ });
  await expect(sizes.getByRole("radio")).toHaveCount(6);
  expect(await sizes.locator("label").allInnerTexts()).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);

  // The colour alone: "Please select a size", and the colour stays chosen.
  await colours.getByText("White", { exact: true }).click();
  await dialog.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("dialog", { name: "Oversized Cotton Tee" }).getByText("Please select a size")).toBeVisible();
  await expect(colours.getByRole("radio", { name: "White" })).toBeChecked();

  for (const [i, size] of ["M", "L"].entries()) {
    // Without JavaScript the page comes back fresh after an add: the colour is chosen again.
    if (javaScriptEnabled) await hydratedElement(sizes.getByRole("radio", { name: size, exact: true }));
    await colours.getByText("White", { exact: true }).click();
    await sizes.getByText(size, { exact: true }).click();
    await expect(sizes.getByRole("radio", { name: size, exact: true })).toBeChecked();
    await dialog.getByRole("button", { name: "Add to cart" }).click();
    await expectToast(page, "Product is added to cart");
    await expect(page.getByRole("dialog", { name: "Oversized Cotton Tee" }).getByText("Please select a size")).toHaveCount(0);
    // The add has landed (and the page has its new cart) before the next size is chosen.
    await expect(page.getByTestId("cart-count")).toHaveText(String(i + 1));
  }
  // Two sizes of one product: two lines.
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await page.goto("/shop/checkout");
  await expect(page.getByText("M · White")).toBeVisible();
  await expect(page.getByText("L · White")).toBeVisible();
  await addAddress(page, "7 Size Street");
  await page.getByRole("button", { name: "Checkout with Paypal" }).click();
  await expect(page).toHaveURL(/paypal-sim\/checkoutnow/);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await page.getByRole("link", { name: "View Order Details" }).click();
  const order = page.getByRole("dialog", { name: "Order Details" });
  await expect(order.getByText("M · White")).toBeVisible();
  await expect(order.getByText("L · White")).toBeVisible();
});

test("the owner adds a product with three sizes, one at zero stock; the shopper sees that size sold out", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  // Titled to sort early among the sold-out sizes the dashboard lists.
  const title = unique("Anorak Three Size ");
  await signIn(page, ADMIN);
  await page.goto("/admin/products?edit=new");
  const sheet = page.getByRole("dialog", { name: "Add New Product" });
  // Typed once the form has hydrated (its code loads on demand): nothing typed is lost or mixed up.
  if (javaScriptEnabled) await hydratedElement(sheet.getByLabel("Title", { exact: true }));
  await sheet.getByLabel("Title", { exact: true }).fill(title);
  await sheet.getByLabel("Description", { exact: true }).fill("A rain jacket in three sizes.");
  await sheet.getByLabel("Category").selectOption("men");
  await sheet.getByLabel("Brand").selectOption("puma");
  await sheet.getByLabel("Price", { exact: true }).fill("50");
  const rows: Array<[string, string]> = [
    ["S", "3"],
    ["M", "0"],
    ["L", "5"],
  ];
  for (const [i, [size, stock]] of rows.entries()) {
    if (i > 0) {
      // "Add variant" sends the form and gets it back with one more row, what was typed kept.
      await page.getByRole("button", { name: "Add variant" }).click();
      await expect(page.getByTestId("variant-row")).toHaveCount(i + 1);
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    }
    await page.getByLabel(`Size (row ${i + 1})`).selectOption(size);
    await page.getByLabel(`Colour (row ${i + 1})`).fill("Olive");
    await page.getByLabel(`Swatch (row ${i + 1})`).fill("#556b2f");
    await page.getByLabel(`Stock (row ${i + 1})`).fill(stock);
  }
  // A fourth row repeating a size and colour is refused next to it; "Remove" takes it away again.
  await page.getByRole("button", { name: "Add variant" }).click();
  await page.getByLabel("Size (row 4)").selectOption("S");
  await page.getByLabel("Colour (row 4)").fill("olive");
  await page.getByLabel("Stock (row 4)").fill("1");
  if (javaScriptEnabled) await hydratedElement(page.getByLabel("Upload Image"));
  await page.getByLabel("Upload Image").setInputFiles({
    name: "anorak.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 600, height: 600, channels: 3, background: "#556b2f" } })
      .png()
      .toBuffer(),
  });
  if (javaScriptEnabled) await expect(page.getByAltText("Product preview")).toBeVisible();
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("This size and colour is already listed")).toBeVisible();
  await page.getByRole("button", { name: /^Remove row 4/ }).click();
  await expect(page.getByTestId("variant-row")).toHaveCount(3);
  await expect(page.getByLabel("Stock (row 3)")).toHaveValue("5");
  // Without JavaScript a chosen file travels with the form: choose it again after the refusal.
  if (!javaScriptEnabled) {
    await page.getByLabel("Upload Image").setInputFiles({
      name: "anorak.png",
      mimeType: "image/png",
      buffer: await sharp({ create: { width: 600, height: 600, channels: 3, background: "#556b2f" } })
        .png()
        .toBuffer(),
    });
  }
  await page.getByRole("button", { name: "Add Product" }).click();
  await expectToast(page, "Product added successfully");
  await expect(page.locator("main article", { hasText: title })).toContainText("Stock 8");

  // The dashboard lists the sold-out size.
  await page.goto("/admin/dashboard");
  const lowStock = page.getByTestId("low-stock");
  const more = lowStock.getByText(/^Show \d+ more$/);
  if (await more.count()) await more.click();
  await expect(lowStock.getByRole("listitem").filter({ hasText: title }).filter({ hasText: "M · Olive" })).toContainText("Sold out");

  const shopper = await context.browser()!.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
  const shop = await shopper.newPage();
  await signIn(shop, SHOPPER);
  await shop.goto(`/shop/search?keyword=${encodeURIComponent(title)}`);
  await shop
    .locator("main article", { hasText: title })
    .getByRole("link", { name: `Choose size for ${title}` })
    .click();
  const dialog = shop.getByRole("dialog", { name: title });
  const sizes = dialog.getByRole("group", { name: /^Size/ });
  await expect(sizes.getByRole("radio", { name: "M" })).toBeDisabled();
  await expect(sizes.locator("label", { hasText: "M" })).toContainText("sold out");
  await expect(sizes.getByRole("radio", { name: "S", exact: true })).toBeEnabled();
  await expect(sizes.getByRole("radio", { name: "L", exact: true })).toBeEnabled();
  // The only colour is chosen already; the stock note follows the size.
  await expect(dialog.getByRole("group", { name: /^Colour/ }).getByRole("radio", { name: "Olive" })).toBeChecked();
  if (javaScriptEnabled) {
    await hydrated(shop);
    await sizes.getByText("S", { exact: true }).click();
    await expect(dialog.getByTestId("stock-note")).toHaveText("Only 3 items left");
  }
  await shopper.close();
});

test("the listing filters by size and colour, in the URL", async ({ page, javaScriptEnabled, shopper: _ }) => {
  await page.goto("/shop/listing");
  if (javaScriptEnabled) await hydrated(page);
  await (await filterBox(page, "Size", "XL")).check();
  await (await filterBox(page, "Colour", "Black")).check();
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/shop\/listing\?size=xl&color=black$/);
  await expect(page.getByTestId("active-filters")).toHaveText("2 active");
  await expect(page.getByRole("checkbox", { name: "XL", exact: true })).toBeChecked();
  const found = Number((await page.getByRole("heading", { level: 1 }).textContent())!.match(/\((\d+) products?\)/)![1]);
  const api = await (await page.request.get("/api/shop/products/get?size=xl&color=black&limit=100")).json();
  expect(found).toBe(api.total);
  expect(found).toBeGreaterThan(0);
  await expect(page.locator("main article")).toHaveCount(Math.min(found, 24));
  if (javaScriptEnabled) {
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem("filters")))!)).toMatchObject({ size: ["xl"], color: ["black"] });
  }
});
