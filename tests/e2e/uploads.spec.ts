import { expect, test } from "./fixtures";
import { ADMIN, expectToast, hydratedElement, photoJpeg, signIn, unique } from "./helpers";

// A real photo is several MB: far above the 256 KB other forms may send. Routes that take an
// image allow it whether the form posts to the page URL (no JavaScript) or to its `.data` URL
// (JavaScript).
//
// Making a 4 MB photo's sizes takes the server about 1 s (a product's) to 2 s (a banner's, wider) on
// two idle cores, and several times that while other tests share them: the owner sees "Uploading…"
// until it is done. What waits for an upload's answer waits for as long as an upload may take.
const UPLOAD = { timeout: 30_000 };

test("a 4 MB photo becomes a product image", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(60_000);
  const photo = await photoJpeg();
  const title = unique("Photo Parka ");
  await signIn(page, ADMIN);
  await page.goto("/admin/products?edit=new");
  const sheet = page.getByRole("dialog", { name: "Add New Product" });
  await sheet.getByLabel("Title", { exact: true }).fill(title);
  await sheet.getByLabel("Description", { exact: true }).fill("Photographed in the rain.");
  await sheet.getByLabel("Category").selectOption("women");
  await sheet.getByLabel("Brand").selectOption("zara");
  await sheet.getByLabel("Price", { exact: true }).fill("120");
  await sheet.getByLabel("Size (row 1)").selectOption("One size");
  await sheet.getByLabel("Stock (row 1)").fill("4");
  // With JavaScript the file is uploaded as soon as it is chosen (once the sheet's code has
  // hydrated it; a file chosen earlier goes with the form); without, it goes with the form.
  if (javaScriptEnabled) await hydratedElement(sheet.getByLabel("Upload Image"));
  await sheet.getByLabel("Upload Image").setInputFiles(photo);
  if (javaScriptEnabled) await expect(sheet.getByAltText("Product preview")).toBeVisible(UPLOAD);
  await sheet.getByRole("button", { name: "Add Product" }).click();
  await expectToast(page, "Product added successfully", UPLOAD);

  const product = await findProduct(page.request, title);
  // The cover's fallback size (a JPEG at most 960 px wide); its other sizes and formats beside it.
  expect(product?.image).toMatch(/\/uploads\/[0-9a-f]{32}-960\.jpg$/);
  const image = await page.request.get(product!.image);
  expect(image.headers()["content-type"]).toBe("image/jpeg");
  expect((await page.request.get(product!.image.replace("-960.jpg", "-1440.avif"))).headers()["content-type"]).toBe("image/avif");
  expect((await image.body()).byteLength).toBeLessThan(photo.buffer.byteLength);
  expect((await page.request.delete(`/api/admin/products/delete/${product!._id}`)).status()).toBe(200);
});

test("a 4 MB photo becomes a banner", async ({ page }) => {
  test.setTimeout(60_000);
  const photo = await photoJpeg("banner.jpg");
  await signIn(page, ADMIN);
  await page.goto("/admin/dashboard");
  const before = (await (await page.request.get("/api/common/feature/get")).json()).data.length;
  await page.getByLabel("Banner image").setInputFiles(photo);
  await page.getByRole("button", { name: "Upload Banner" }).click();
  await expectToast(page, "Banner image added successfully", UPLOAD);
  await expect(page.getByText(`${before + 1} banner(s) available`)).toBeVisible();
  // Leave the banners as they were for the other tests.
  await page.getByRole("link", { name: `Delete banner ${before + 1}` }).click();
  await page
    .getByRole("dialog", { name: `Delete banner ${before + 1}?` })
    .getByRole("button", { name: "Delete" })
    .click();
  await expectToast(page, "Banner image deleted successfully");
  await expect(page.getByRole("link", { name: `Delete banner ${before + 1}` })).toHaveCount(0);
  expect((await (await page.request.get("/api/common/feature/get")).json()).data).toHaveLength(before);
});

async function findProduct(request: import("@playwright/test").APIRequestContext, title: string) {
  for (let n = 1; ; n++) {
    const body = await (await request.get(`/api/admin/products/get?page=${n}`)).json();
    const found = body.data.find((p: { title: string }) => p.title === title);
    if (found || n >= body.pageCount) return found as { _id: string; image: string } | undefined;
  }
}
