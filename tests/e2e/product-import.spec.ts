import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { ADMIN, expectToast, signIn, unique } from "./helpers";
import { freePort, startOwnServer } from "./own-server";

// The owner's product import (issue 50), with JavaScript on and off (the js and no-js projects):
// check a file (the dry run), read its report, import it, watch the progress reach the end, find
// the products; and the file form's refusals beside the field. Imports add categories, brands and
// products: the spec runs on shops of its own.
test.use({ ownShop: true });

const HEADER =
  "Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty,Image Src,Color Swatch";

/** A small Shopify CSV: a product of two sizes, one with a bad price (skipped), and a photo address the shop must not fetch. */
function csvOf(tag: string) {
  return [
    HEADER,
    `${tag}-tee,Import Tee ${tag},<p>Soft <b>cotton</b></p>,Brand ${tag},Women > Tees ${tag},"cotton, summer",TRUE,Size,S,${tag}-S,25.00,4,http://127.0.0.1:9/tee.jpg,red`,
    `${tag}-tee,,,,,,,Size,M,${tag}-M,25.00,6,,`,
    `${tag}-bag,Import Bag ${tag},,Brand ${tag},Accessories,,TRUE,Title,Default Title,${tag}-B,abc,3,,`,
  ].join("\n");
}

async function importPage(page: Page) {
  await signIn(page, ADMIN);
  await page.goto("/admin/products");
  await page.getByRole("link", { name: "Import products" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import products" })).toBeVisible();
}

async function chooseFile(page: Page, name: string, content: string | Buffer, mimeType = "text/csv") {
  await page.getByLabel("Product file (.csv or .zip)").setInputFiles({ name, mimeType, buffer: Buffer.from(content) });
  await page.getByRole("button", { name: "Check the file" }).click();
}

test("the owner checks a CSV, reads the dry run with its problem, imports it and sees it finish", async ({ page }, testInfo) => {
  const tag = unique("imp").toLowerCase();
  await importPage(page);
  await chooseFile(page, `${tag}.csv`, csvOf(tag));

  // The dry run: nothing written yet.
  await expect(page).toHaveURL(/\/admin\/products\/import\/[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { level: 1, name: `Import of ${tag}.csv` })).toBeVisible();
  const counts = page.getByTestId("import-counts");
  await expect(counts.locator('[data-count="To create"]')).toHaveText("1");
  await expect(counts.locator('[data-count="Skipped"]')).toHaveText("1");
  await expect(counts.locator('[data-count="Variants"]')).toHaveText("2");
  await expect(page.getByText(`Brand ${tag}`, { exact: false }).first()).toBeVisible();
  await expect(page.getByText("Columns not imported:")).toBeVisible();
  const problems = page.getByRole("region", { name: /Problems found/ });
  await expect(problems).toContainText("Variant Price");
  await expect(problems).toContainText("4"); // the bag's line
  await expect(page.getByRole("link", { name: `${tag}.csv` })).toBeVisible(); // in the recent imports

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`import-report-${width}.png`), fullPage: true });
  }

  await page.getByRole("button", { name: "Import 1 product" }).click();
  // It refreshes itself (revalidating with JavaScript, the page's refresh without) until it is done.
  await expect(page.getByTestId("import-progress")).toContainText("Imported: 1 of 1 products (100%)", { timeout: 20_000 });
  await expect(page.locator('[data-import-state="done"]').first()).toBeVisible();
  await expect(page.locator("progress")).toHaveAttribute("value", "1");
  // The photo address was refused (a loopback address) and reported; the product went in anyway.
  await expect(page.getByRole("region", { name: /Problems while importing/ })).toContainText("127.0.0.1 is a private address");
  await page.screenshot({ path: testInfo.outputPath("import-done-1280.png"), fullPage: true });

  await page.getByRole("link", { name: "See the products" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.goto(`/admin/products?keyword=${tag}`);
  await expect(page.getByText(`Import Tee ${tag}`)).toBeVisible();
  await expect(page.getByText(`Import Bag ${tag}`)).toHaveCount(0);
});

test("the progress refreshes itself while the import works, with or without JavaScript", async ({ browser, javaScriptEnabled }) => {
  test.slow();
  // A photo host that holds its answer until the test has seen the import under way.
  const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#7f1d1d" } })
    .png()
    .toBuffer();
  let asked = false;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const photos = http.createServer((_request, response) => {
    asked = true;
    void held.then(() => response.writeHead(200, { "content-type": "image/png" }).end(png));
  });
  await new Promise<void>((resolve) => photos.listen(0, "127.0.0.1", resolve));
  const photoHost = `127.0.0.1:${(photos.address() as AddressInfo).port}`;
  // A shop of its own that may fetch from that host (IMPORT_ALLOW_HOSTS): the worker's shop may not.
  const shop = startOwnServer(await freePort(), {
    NODE_ENV: "production",
    DEMO_MODE: "1",
    PAYPAL_MODE: "simulator",
    WEB_CONCURRENCY: "1",
    LOG_LEVEL: "warn",
    IMPORT_ALLOW_HOSTS: photoHost,
  });
  try {
    await shop.healthy();
    const page = await (await browser.newContext({ baseURL: shop.url, javaScriptEnabled })).newPage();
    const tag = unique("run").toLowerCase();
    await importPage(page);
    await chooseFile(
      page,
      `${tag}.csv`,
      [HEADER, `${tag}-coat,Held Coat ${tag},,Brand ${tag},Women,,TRUE,Size,M,${tag}-M,80.00,2,http://${photoHost}/coat.png,`].join("\n"),
    );
    await page.getByRole("button", { name: "Import 1 product" }).click();
    const progress = page.getByTestId("import-progress");
    await expect(progress).toContainText("Importing: 0 of 1 products (0%)", { timeout: 15_000 });
    await expect.poll(() => asked, { timeout: 15_000 }).toBe(true);
    release();
    // No reload by the test: the page's own refresh (meta refresh without JavaScript, revalidation with it).
    await expect(progress).toContainText("Imported: 1 of 1 products (100%)", { timeout: 15_000 });
    await expect(page.getByRole("region", { name: /Problems while importing/ })).toHaveCount(0);
    await page.getByRole("link", { name: "See the products" }).click();
    await page.goto(`/admin/products?keyword=${tag}`);
    await expect(page.getByRole("img", { name: new RegExp(`Held Coat ${tag}`) }).first()).toHaveAttribute("src", /\/uploads\//);
    await page.context().close();
  } finally {
    release();
    await shop.stop();
    photos.closeAllConnections();
    await new Promise((resolve) => photos.close(resolve));
  }
});

test("a checked file can be discarded: nothing is imported", async ({ page }) => {
  const tag = unique("dis").toLowerCase();
  await importPage(page);
  await chooseFile(page, `${tag}.csv`, csvOf(tag));
  await expect(page.getByRole("button", { name: "Import 1 product" })).toBeVisible();
  await page.getByRole("button", { name: "Discard" }).click();
  await expectToast(page, "Import discarded: nothing was changed");
  await expect(page).toHaveURL(/\/admin\/products\/import$/);
  const recent = page
    .getByTestId("recent-imports")
    .getByRole("listitem")
    .filter({ hasText: `${tag}.csv` });
  await expect(recent.locator('[data-import-state="discarded"]')).toBeVisible();
  await page.goto(`/admin/products?keyword=${tag}`);
  await expect(page.getByText(`Import Tee ${tag}`)).toHaveCount(0);
});

test("the file form says beside the field what is wrong: no file, not a CSV, too large", async ({ page }, testInfo) => {
  // A 26 MB upload on a busy machine takes a while.
  test.slow();
  await importPage(page);
  const field = page.getByLabel("Product file (.csv or .zip)");
  const error = page.getByRole("region", { name: "Check a file" }).getByRole("listitem");
  const refused = async (message: string | RegExp) => {
    await expect(error).toHaveText(message);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    expect(await error.locator("xpath=..").getAttribute("id")).toBe(await field.getAttribute("aria-describedby"));
    await expect(page).toHaveURL(/\/admin\/products\/import$/);
  };

  await page.getByRole("button", { name: "Check the file" }).click();
  await refused("Choose the product CSV (or a ZIP of it and its photos) to import");

  await chooseFile(
    page,
    "holiday.png",
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0, 0xff, 0xfe]),
    "image/png",
  );
  await refused(/not a CSV/);

  // From a file on disk: a buffer this large crawls through the browser's protocol.
  const huge = testInfo.outputPath("huge.csv");
  fs.mkdirSync(path.dirname(huge), { recursive: true });
  fs.writeFileSync(huge, Buffer.alloc(26 * 1024 * 1024, 0x61));
  await field.setInputFiles(huge);
  await page.getByRole("button", { name: "Check the file" }).click();
  await refused("The file is 26.0 MB: an import takes at most 25 MB");
});
