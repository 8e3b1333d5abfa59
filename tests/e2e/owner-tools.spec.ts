import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, expectToast, hydrated, shotPath, signIn, unique, addShirt } from "./helpers";

// Issue 48, the owner: the dashboard's shop window line, a product's preview, photo edits that
// are never lost, and the settings' zones (Add zone, the first error, regions, the filter), at
// 320, 390 and 1280 px, with JavaScript and without. Every setting is left as it started.

const WIDTHS = [320, 390, 1280];
const fits = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
const mode = (js: boolean) => (js ? "js" : "no-js");

test("the dashboard says the shop is closed, one click from the setting; a shared link's visitor is told why", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  await signIn(page, ADMIN);
  const visitor = await browser.newPage({ javaScriptEnabled });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/admin/dashboard");
    const notice = page.getByTestId("shop-window");
    await expect(notice).toContainText("Your shop is closed to visitors");
    await fits(page, width);
    await page.screenshot({ path: shotPath(`owner/dashboard-closed-${mode(javaScriptEnabled)}-${width}.png`) });

    await visitor.setViewportSize({ width, height: 800 });
    await visitor.goto("/shop/listing?category=men");
    await expect(visitor).toHaveURL(/\/auth\/login\?redirectTo=/);
    await expect(visitor.getByRole("note")).toHaveText(
      "This shop is open to members only. Sign in, or register, to see the page you were sent.",
    );
    await expect(visitor.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
    await fits(visitor, width);
    await visitor.screenshot({ path: shotPath(`owner/members-only-${mode(javaScriptEnabled)}-${width}.png`) });
  }
  await visitor.close();
  await page.getByRole("link", { name: "Open it to visitors in Settings" }).click();
  await expect(page).toHaveURL(/\/admin\/settings#shop-window$/);
  await expect(page.getByRole("checkbox", { name: "Visitors can browse without an account" })).toBeInViewport();
});

test("the owner previews a product's page from the product list and from its photos page", async ({ page, javaScriptEnabled }) => {
  await signIn(page, ADMIN);
  const title = unique("Preview Shirt ");
  const id = await addShirt(page.request, title);
  try {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/admin/products?keyword=${encodeURIComponent(title)}`);
      await page.getByRole("link", { name: `Preview ${title} as shoppers see it` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/products/${id}/preview$`));
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByText("Preview: this product's page as shoppers see it")).toBeVisible();
      // Its choices stay in the preview; nothing is added here.
      await page
        .getByRole("group", { name: /Colour/ })
        .getByRole("link", { name: "Sand" })
        .click();
      await expect(page).toHaveURL(new RegExp(`/admin/products/${id}/preview\\?color=sand`));
      await expect(page.getByTestId("preview-note")).toBeVisible();
      await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
      await fits(page, width);
      await page.screenshot({ path: shotPath(`owner/preview-${mode(javaScriptEnabled)}-${width}.png`), fullPage: true });
      await page.goto(`/admin/products/${id}/photos`);
      await page.getByRole("link", { name: "Preview as shoppers see it" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/products/${id}/preview$`));
    }
  } finally {
    expect((await page.request.delete(`/api/admin/products/delete/${id}`)).status()).toBe(200);
  }
});

test("photo edits are never lost: Move saves what was typed, a refused Save keeps it beside its row", async ({
  page,
  javaScriptEnabled,
}) => {
  await signIn(page, ADMIN);
  const id = await addShirt(page.request, unique("Rows Shirt "));
  try {
    const form = new FormData();
    form.append(
      "photos",
      new File(
        [new Uint8Array(await (await page.request.get("/demo/photos/adidas-adicolor-classics-firebird-jacket-1-320.jpg")).body())],
        "a.jpg",
      ),
    );
    expect((await page.request.post(`/api/admin/products/${id}/photos`, { multipart: form })).status()).toBe(201);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/admin/products/${id}/photos`);
      if (javaScriptEnabled) await hydrated(page);
      await page.getByLabel("Alt text of photo 1").fill(`Front ${width}`);
      await page.getByLabel("Alt text of photo 2").fill(`Back ${width}`);
      // Moving a photo saves both rows first.
      await page.getByRole("button", { name: "Move down photo 1" }).click();
      await expectToast(page, "Photo moved");
      await expect(page.getByLabel("Alt text of photo 1")).toHaveValue(`Back ${width}`);
      await expect(page.getByLabel("Alt text of photo 2")).toHaveValue(`Front ${width}`);
      // A refused Save: the message names the photo, next to its row, and both rows keep their typing.
      await page.getByLabel("Alt text of photo 1").fill("Kept");
      await page.getByLabel("Alt text of photo 2").fill("");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByLabel("Alt text of photo 2")).toHaveAccessibleDescription(
        "Photo 2: Please describe the photo for people who cannot see it",
      );
      await expect(page.getByLabel("Alt text of photo 1")).toHaveValue("Kept");
      await expect(page.getByTestId("unsaved").first()).toBeVisible();
      await fits(page, width);
      await page.screenshot({ path: shotPath(`owner/photos-refused-${mode(javaScriptEnabled)}-${width}.png`), fullPage: true });
    }
    const images = (await (await page.request.get(`/api/admin/products/${id}/photos`)).json()).data.images;
    expect(images.map((i: { alt: string }) => i.alt)).toEqual(["Back 1280", "Front 1280"]);
    // An existing product's form points to the photos page instead of a second image editor.
    await page.goto(`/admin/products?edit=${id}`);
    const sheet = page.getByRole("dialog", { name: "Edit Product" });
    await expect(sheet.getByRole("link", { name: "Manage photos" })).toHaveAttribute("href", `/admin/products/${id}/photos`);
    await expect(sheet.getByLabel("Upload Image")).toHaveCount(0);
  } finally {
    expect((await page.request.delete(`/api/admin/products/delete/${id}`)).status()).toBe(200);
  }
});

test("leaving the photos page with unsaved changes asks first @needs-js", async ({ page }) => {
  await signIn(page, ADMIN);
  const id = await addShirt(page.request, unique("Leave Shirt "));
  try {
    await page.goto(`/admin/products/${id}/photos`);
    await hydrated(page);
    await page.getByLabel("Alt text of photo 1").fill("Not yet saved");
    await expect(page.getByRole("status").filter({ hasText: "Unsaved changes to photo 1." })).toBeVisible();
    await page.getByRole("link", { name: "← All products" }).click();
    const ask = page.getByRole("dialog", { name: "Leave without saving?" });
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Stay on this page" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${id}/photos$`));
    await expect(page.getByLabel("Alt text of photo 1")).toHaveValue("Not yet saved");
    await page.getByRole("link", { name: "← All products" }).click();
    await page.getByRole("dialog", { name: "Leave without saving?" }).getByRole("button", { name: "Leave without saving" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
  } finally {
    expect((await page.request.delete(`/api/admin/products/delete/${id}`)).status()).toBe(200);
  }
});

test("settings: a bad value never blocks Add zone, a refused Save opens at its first error naming zone and country, regions tick countries", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(60_000);
  await signIn(page, ADMIN);
  const before = (await (await page.request.get("/api/admin/settings")).json()).data;
  const zones = page.getByTestId("shipping-zone");
  try {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/admin/settings");
      if (javaScriptEnabled) await hydrated(page);
      await page.getByRole("button", { name: "Add zone" }).click();
      await expect(zones).toHaveCount(1);
      await zones.first().getByRole("textbox", { name: "Zone name" }).fill("Europe");
      await page.getByRole("checkbox", { name: "European Union (27) for zone 1" }).check();
      if (javaScriptEnabled) {
        // The region ticks its countries at once; the filter finds one by typing.
        await expect(page.getByText(/^Ticked: .*Germany/)).toBeVisible();
        await page.getByLabel("Find a country for zone 1").fill("norw");
        await expect(zones.first().getByRole("checkbox", { name: "Norway" })).toBeVisible();
        await expect(zones.first().getByRole("checkbox", { name: "France" })).toBeHidden();
        await zones.first().getByRole("checkbox", { name: "Norway" }).check();
        await page.getByLabel("Find a country for zone 1").fill("");
      }
      // A bad value in the method's price, then Add zone: the zone comes, the click is not lost.
      await page.getByLabel("Price ($) (method 1 of zone 1)").fill("abc");
      await page.getByRole("button", { name: "Add zone" }).click();
      await expect(zones).toHaveCount(2);
      await zones.nth(1).getByRole("textbox", { name: "Zone name" }).fill("Everywhere");
      await zones.nth(1).getByRole("checkbox", { name: "France" }).check();
      await page.getByLabel("Price ($) (method 1 of zone 2)").fill("5");
      await page.getByLabel("Method name (method 1 of zone 2)").fill("Standard");
      await page.getByLabel("Method name (method 1 of zone 1)").fill("Standard");

      await page.getByRole("button", { name: "Save", exact: true }).click();
      // The page opens at the first error, which says which zone it is about.
      const first = page.getByText("Zone 1 (Europe), method 1: The method's price must be a number");
      await expect(first).toBeInViewport();
      if (!javaScriptEnabled) await expect(page).toHaveURL(/#first-error$/);
      await page.getByLabel("Price ($) (method 1 of zone 1)").fill("4.95");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      // France in both zones (the EU's, and ticked again in zone 2): named with both zones.
      await expect(
        page.getByText("France is in two zones: zone 1 (Europe) and zone 2 (Everywhere). Untick it in one of them."),
      ).toBeInViewport();
      await fits(page, width);
      await page.screenshot({ path: shotPath(`owner/settings-error-${mode(javaScriptEnabled)}-${width}.png`) });
      await zones.nth(1).getByRole("checkbox", { name: "France" }).uncheck();
      await zones.nth(1).getByRole("checkbox", { name: "Brazil" }).check();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expectToast(page, "Settings saved");
      const saved = (await (await page.request.get("/api/admin/settings")).json()).data.shippingZones;
      expect(saved[0].countries).toEqual(expect.arrayContaining(["DE", "FR", "SE"]));
      expect(saved[0].countries.includes("NO")).toBe(javaScriptEnabled);
      expect(saved[1].countries).toEqual(["BR"]);
      expect((await page.request.put("/api/admin/settings", { data: before })).status()).toBe(200);
    }
  } finally {
    expect((await page.request.put("/api/admin/settings", { data: before })).status()).toBe(200);
  }
});
