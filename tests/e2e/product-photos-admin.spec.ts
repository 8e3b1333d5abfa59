import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { ADMIN, expectToast, hydrated, signIn, unique, shotPath, addShirt } from "./helpers";

// The owner's photo manager (`/admin/products/:id/photos`, issue 42), with JavaScript and without:
// several photos in one upload, Move up / Move down (dragging with JavaScript), alt text, colour,
// Delete with a confirmation, and the refusals the owner must see.

const png = async (name: string, background: string) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 600, height: 750, channels: 3, background } })
    .png()
    .toBuffer(),
});

const removeProduct = async (page: Page, id: string) =>
  expect((await page.request.delete(`/api/admin/products/delete/${id}`)).status()).toBe(200);

async function openManager(page: Page, id: string, javaScriptEnabled: boolean) {
  await page.goto(`/admin/products/${id}/photos`);
  if (javaScriptEnabled) await hydrated(page);
}

const items = (page: Page) => page.getByTestId("photo-item");
/** Each photo's alt text, in the order the page lists them. */
const altTexts = (page: Page) =>
  items(page)
    .locator('input[name="alt"]')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

test("the owner uploads three photos at once, orders, describes, colours and deletes them", async ({ page, javaScriptEnabled }) => {
  await signIn(page, ADMIN);
  const title = unique("Photo Shirt ");
  const id = await addShirt(page.request, title);
  try {
    // From the product list: the card's Photos link.
    await page.goto(`/admin/products?keyword=${encodeURIComponent(title)}`);
    await page.getByRole("link", { name: `Photos of ${title}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Photos of ${title}` })).toBeVisible();
    if (javaScriptEnabled) await hydrated(page);
    await expect(items(page)).toHaveCount(1);
    await expect(items(page).first()).toContainText("Photo 1 of 1");
    await expect(items(page).first()).toContainText("Cover");

    await page
      .getByLabel("Photos", { exact: true })
      .setInputFiles([await png("front.png", "#1e3a8a"), await png("back.png", "#d6c7a1"), await png("detail.png", "#7f1d1d")]);
    await page.getByRole("button", { name: "Add photos" }).click();
    await expectToast(page, "3 photos added");
    await expect(items(page)).toHaveCount(4);
    await expect(items(page).nth(3)).toContainText("Photo 4 of 4");
    // The files are no longer chosen: a second click cannot add them twice.
    await expect.poll(() => page.getByLabel("Photos", { exact: true }).evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);

    // Alt text for every photo, then one Save (issue 48): none of the four is lost.
    for (const [n, alt] of [
      [1, "Drawing"],
      [2, "Front view"],
      [3, "Back view"],
      [4, "Fabric detail"],
    ] as const) {
      await page.getByLabel(`Alt text of photo ${n}`).fill(alt);
    }
    if (javaScriptEnabled) {
      await expect(page.getByTestId("unsaved")).toHaveCount(4);
      await expect(page.getByRole("status").filter({ hasText: "Unsaved changes to 4 photos." })).toBeVisible();
    }
    await page.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "4 photos saved");
    await expect(page.getByTestId("unsaved")).toHaveCount(0);
    expect(await altTexts(page)).toEqual(["Drawing", "Front view", "Back view", "Fabric detail"]);

    // Move up / Move down: plain form posts.
    await page.getByRole("button", { name: "Move up photo 4" }).click();
    await expectToast(page, "Photo moved");
    await expect.poll(() => altTexts(page)).toEqual(["Drawing", "Front view", "Fabric detail", "Back view"]);
    await expect(page.getByRole("button", { name: "Move up photo 1" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Move down photo 4" })).toBeDisabled();
    await page.getByRole("button", { name: "Move down photo 1" }).click();
    await expectToast(page, "Photo moved");
    await expect.poll(() => altTexts(page)).toEqual(["Front view", "Drawing", "Fabric detail", "Back view"]);
    await expect(items(page).first()).toContainText("Cover");
    await expect(items(page).nth(1)).not.toContainText("Cover");

    if (javaScriptEnabled) {
      // Dragging "Back view" onto the cover puts it first (both on the screen: a drag does not scroll).
      await page.setViewportSize({ width: 1280, height: 1600 });
      await items(page).nth(3).locator("img").dragTo(items(page).first());
      await expect.poll(() => altTexts(page)).toEqual(["Back view", "Front view", "Drawing", "Fabric detail"]);
      await expectToast(page, "Photos reordered");
      await page.reload();
      await expect.poll(() => altTexts(page)).toEqual(["Back view", "Front view", "Drawing", "Fabric detail"]);
      await hydrated(page);
    } else {
      for (let n = 4; n > 1; n--) {
        await page.getByRole("button", { name: `Move up photo ${n}` }).click();
        await expectToast(page, "Photo moved");
      }
      await expect.poll(() => altTexts(page)).toEqual(["Back view", "Front view", "Drawing", "Fabric detail"]);
    }
    // The cover is the product's image for every client.
    const product = (await (await page.request.get(`/api/admin/products/${id}/photos`)).json()).data;
    expect(product.images[0].alt).toBe("Back view");
    expect((await (await page.request.get(`/api/shop/products/get/${id}`)).json()).data.image).toBe(product.images[0].url);

    // A colour for "Front view" (photo 2).
    await expect(page.getByLabel("Colour of photo 2")).toHaveValue("");
    await page.getByLabel("Colour of photo 2").selectOption("Navy");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "Photo saved");
    await page.reload();
    await expect(page.getByLabel("Colour of photo 2")).toHaveValue("Navy");
    await expect(page.getByLabel("Colour of photo 1")).toHaveValue("");

    // Delete asks first; Cancel keeps the photo.
    await page.getByRole("button", { name: "Delete photo 3" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete photo 3 of 4?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(items(page)).toHaveCount(4);
    await page.getByRole("button", { name: "Delete photo 3" }).click();
    await page.getByRole("dialog", { name: "Delete photo 3 of 4?" }).getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Photo deleted");
    await expect(items(page)).toHaveCount(3);
    await expect.poll(() => altTexts(page)).toEqual(["Back view", "Front view", "Fabric detail"]);
    await expect(items(page).nth(2)).toContainText("Photo 3 of 3");
  } finally {
    await removeProduct(page, id);
  }
});

test("a text file named .jpg is refused with its name, and a product's last photo cannot be deleted", async ({
  page,
  javaScriptEnabled,
}) => {
  // Many page loads without JavaScript: about 25 s alone, more on a loaded CI machine.
  test.setTimeout(60_000);
  await signIn(page, ADMIN);
  const id = await addShirt(page.request, unique("Refused Shirt "));
  try {
    await openManager(page, id, javaScriptEnabled);
    await page
      .getByLabel("Photos", { exact: true })
      .setInputFiles([
        await png("good.png", "#1e3a8a"),
        { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("shopping list: milk, eggs") },
      ]);
    await page.getByRole("button", { name: "Add photos" }).click();
    const alert = page.locator("#new-photos-error");
    await expect(alert).toContainText('"notes.jpg": Invalid file type');
    await expect(page.getByLabel("Photos", { exact: true })).toHaveAttribute("aria-invalid", "true");
    // None of the two was added.
    await expect(items(page)).toHaveCount(1);

    // Six files of 4.5 MB: over the 25 MB one upload may carry. With JavaScript the page says so
    // before sending; without, the server answers it without reading the files.
    const heavy = Array.from({ length: 6 }, (_, n) => ({
      name: `big${n}.jpg`,
      mimeType: "image/jpeg",
      buffer: Buffer.alloc(4.5 * 1024 * 1024, 7),
    }));
    await page.getByLabel("Photos", { exact: true }).setInputFiles(heavy);
    if (javaScriptEnabled) {
      await expect(alert).toHaveText("Too large: send at most 25 MB of photos at once, each under 5 MB");
      await expect(page.getByRole("button", { name: "Add photos" })).toBeDisabled();
      await openManager(page, id, javaScriptEnabled);
    } else {
      await page.getByRole("button", { name: "Add photos" }).click();
      await expect(alert).toHaveText("Too large: send at most 25 MB of photos at once, each under 5 MB");
    }
    await expect(items(page)).toHaveCount(1);

    await page.getByRole("button", { name: "Delete photo 1" }).click();
    await page.getByRole("dialog", { name: "Delete photo 1 of 1?" }).getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "A product needs at least one photo: add another before deleting this one");
    await expect(items(page)).toHaveCount(1);
    expect((await (await page.request.get(`/api/admin/products/${id}/photos`)).json()).data.images).toHaveLength(1);
  } finally {
    await removeProduct(page, id);
  }
});

test("the photo manager on a phone and a desktop (screenshots)", async ({ page, javaScriptEnabled }) => {
  await signIn(page, ADMIN);
  const title = unique("Shot Shirt ");
  const id = await addShirt(page.request, title);
  try {
    const form = new FormData();
    for (const [name, colour] of [
      ["front.png", "#1e3a8a"],
      ["back.png", "#d6c7a1"],
    ] as const) {
      const file = await png(name, colour);
      form.append("photos", new File([new Uint8Array(file.buffer)], name, { type: "image/png" }));
    }
    form.set("color", "Navy");
    const added = await page.request.post(`/api/admin/products/${id}/photos`, { multipart: form });
    expect(added.status()).toBe(201);
    const photoId = (await added.json()).data.images[0].id;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await openManager(page, id, javaScriptEnabled);
      await expect(items(page)).toHaveCount(3);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: shotPath(`admin/photos-${javaScriptEnabled ? "js" : "no-js"}-${width}.png`), fullPage: true });
      // The product's card links to its photos: its three buttons fit the card.
      await page.goto(`/admin/products?keyword=${encodeURIComponent(title)}`);
      await expect(page.getByRole("link", { name: `Photos of ${title}` })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: shotPath(`admin/products-card-${javaScriptEnabled ? "js" : "no-js"}-${width}.png`) });
      await page.goto(`/admin/products/${id}/photos?delete=${photoId}`);
      await expect(page.getByRole("dialog", { name: "Delete photo 1 of 3?" })).toBeVisible();
      await page.screenshot({ path: shotPath(`admin/photos-delete-${javaScriptEnabled ? "js" : "no-js"}-${width}.png`) });
    }
  } finally {
    await removeProduct(page, id);
  }
});

test("with the keyboard, a moved photo keeps the focus on its buttons @needs-js", async ({ page }) => {
  await signIn(page, ADMIN);
  const id = await addShirt(page.request, unique("Keys Shirt "));
  try {
    const form = new FormData();
    for (const [name, colour] of [
      ["front.png", "#1e3a8a"],
      ["back.png", "#d6c7a1"],
    ] as const) {
      const file = await png(name, colour);
      form.append("photos", new File([new Uint8Array(file.buffer)], name, { type: "image/png" }));
    }
    form.set("alt", "New");
    expect((await page.request.post(`/api/admin/products/${id}/photos`, { multipart: form })).status()).toBe(201);
    await openManager(page, id, true);
    const first = await page.getByLabel("Alt text of photo 1").inputValue();
    await page.getByRole("button", { name: "Move down photo 1" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => altTexts(page)).toEqual(["New", first, "New"]);
    await expect(page.getByRole("button", { name: "Move down photo 2" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect.poll(() => altTexts(page)).toEqual(["New", "New", first]);
    // At the end Move down is disabled: the focus is on its Move up.
    await expect(page.getByRole("button", { name: "Move up photo 3" })).toBeFocused();
  } finally {
    await removeProduct(page, id);
  }
});

test("the photo page and its delete dialog have no axe violations @needs-js", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, ADMIN);
  const id = await addShirt(page.request, unique("Axe Shirt "));
  try {
    const tiny = await png("front.png", "#1e3a8a");
    expect((await page.request.post(`/api/admin/products/${id}/photos`, { multipart: { photos: tiny } })).status()).toBe(201);
    const photoId = (await (await page.request.get(`/api/admin/products/${id}/photos`)).json()).data.images[1].id;
    for (const path of [`/admin/products/${id}/photos`, `/admin/products/${id}/photos?delete=${photoId}`]) {
      await page.goto(path);
      await hydrated(page);
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`),
        path,
      ).toEqual([]);
    }
  } finally {
    await removeProduct(page, id);
  }
});
