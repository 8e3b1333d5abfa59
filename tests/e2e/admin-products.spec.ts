import { expect, test } from "./fixtures";
import sharp from "sharp";
import { ADMIN, expectToast, hydratedElement, SHOPPER, signIn, unique } from "./helpers";

const pngFile = async (name = "photo.png") => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 1200, height: 1200, channels: 3, background: "#aa3366" } })
    .png()
    .toBuffer(),
});

test("an admin adds a product with an uploaded image, the shop shows it, then edits and deletes it", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  const title = unique("Test Jacket ");
  await signIn(page, ADMIN);
  await page.goto("/admin/products");
  await page.getByRole("link", { name: "Add New Product" }).click();
  const sheet = page.getByRole("dialog", { name: "Add New Product" });
  await expect(sheet).toBeVisible();

  // Adding without an image is refused with SPEC's message.
  await sheet.getByLabel("Title", { exact: true }).fill(title);
  await sheet.getByLabel("Description", { exact: true }).fill("A warm test jacket.");
  await sheet.getByLabel("Category").selectOption("men");
  await sheet.getByLabel("Brand").selectOption("puma");
  await sheet.getByLabel("Price", { exact: true }).fill("80");
  await sheet.getByLabel("Sale Price").fill("");
  await sheet.getByLabel("Size (row 1)").selectOption("One size");
  await sheet.getByLabel("Stock (row 1)").fill("12");
  await sheet.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Please upload a product image before adding the product.")).toBeVisible();

  const form = page.getByRole("dialog", { name: "Add New Product" });
  if (javaScriptEnabled) await hydratedElement(form.getByLabel("Upload Image"));
  await form.getByLabel("Upload Image").setInputFiles(await pngFile());
  if (javaScriptEnabled) await expect(form.getByAltText("Product preview")).toBeVisible();
  // Without JavaScript the values came back with the refusal; with it they never left the form.
  await expect(form.getByLabel("Title", { exact: true })).toHaveValue(title);
  await form.getByRole("button", { name: "Add Product" }).click();
  await expectToast(page, "Product added successfully");

  // The shopper sees it, with the uploaded image served from DATA_DIR.
  const shopper = await context.browser()!.newContext({ javaScriptEnabled });
  const shop = await shopper.newPage();
  await signIn(shop, SHOPPER);
  await shop.goto(`/shop/search?${new URLSearchParams({ keyword: title })}`);
  const card = shop.locator("main article", { hasText: title });
  await expect(card).toContainText("$80.00");
  const src = await card.locator("img").getAttribute("src");
  expect(src).toMatch(/^\/uploads\/[0-9a-f]{32}-[0-9]+\.jpg$/);
  const image = await shop.request.get(src!);
  expect(image.headers()["content-type"]).toBe("image/jpeg");
  expect(image.headers()["cache-control"]).toContain("immutable");

  // Edit price and stock. Newest first: the product just added leads the admin's list.
  await page.goto("/admin/products");
  await expect(page.locator("main article h2").first()).toHaveText(title);
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Product" });
  await edit.getByLabel("Price", { exact: true }).fill("70");
  await edit.getByLabel("Sale Price").fill("55.5");
  await edit.getByLabel("Stock (row 1)").fill("3");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Product updated successfully");
  await shop.reload();
  await expect(card).toContainText("$70.00");
  await expect(card).toContainText("$55.50");
  await expect(card).toContainText("Only 3 items left");

  // Delete, after confirming.
  await page.getByRole("link", { name: `Delete ${title}` }).click();
  await page
    .getByRole("dialog", { name: `Delete ${title}?` })
    .getByRole("button", { name: "Delete" })
    .click();
  await expectToast(page, "Product deleted successfully");
  await shop.reload();
  await expect(shop.getByText(`No results found for "${title}"`)).toBeVisible();
  await shopper.close();
});

test("the product form shows field errors for bad numbers", async ({ page }) => {
  await signIn(page, ADMIN);
  const response = await page.request.post("/admin/products?edit=new", {
    multipart: { title: "X", description: "Y", category: "men", brand: "nike", price: "10", salePrice: "20", totalStock: "-1", image: "" },
  });
  expect(response.status()).toBe(400);
  const html = await response.text();
  expect(html).toContain("Sale price must be lower than the price");
  expect(html).toContain("Stock cannot be negative");
});

test("the edit form shows prices with two decimals and each colour's whole hex code, on a phone and a desktop", async ({ page }) => {
  await signIn(page, ADMIN);
  const title = unique("Cents Coat ");
  const added = await page.request.post("/api/admin/products/add", {
    data: {
      title,
      description: "A price ending in 0",
      category: "women",
      brand: "zara",
      price: 49.9,
      salePrice: 39.5,
      image: "/demo/products/nike-dri-fit-running-tee.svg",
      variants: [
        { size: "M", color: "Charcoal", colorHex: "#1f2937", sku: null, stock: 4 },
        { size: "L", color: "Olive", colorHex: "#4d7c0f", sku: null, stock: 2 },
      ],
    },
  });
  expect(added.status()).toBe(201);
  const id = (await added.json()).data._id;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/products?edit=${id}`);
    const form = page.getByRole("dialog", { name: "Edit Product" });
    await expect(form.getByLabel("Price", { exact: true })).toHaveValue("49.90");
    await expect(form.getByLabel("Sale Price")).toHaveValue("39.50");
    for (const [row, hex] of [
      [1, "#1f2937"],
      [2, "#4d7c0f"],
    ] as const) {
      const swatch = form.getByLabel(`Swatch (row ${row})`);
      await expect(swatch).toHaveValue(hex);
      // The whole code shows: the field is wide enough for its text (nothing scrolled out of view).
      expect(await swatch.evaluate((input) => input.scrollWidth <= input.clientWidth), `${hex} at ${width} px`).toBe(true);
    }
  }
  expect((await page.request.delete(`/api/admin/products/delete/${id}`)).status()).toBe(200);
});
