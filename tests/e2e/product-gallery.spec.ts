import AxeBuilder from "@axe-core/playwright";
import { request as playwrightRequest, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { ADMIN, expectToast, hydrated, unique, shotPath } from "./helpers";

// What shoppers see of a product's photos (issue 42): a gallery on the product page and in the
// dialog that works without JavaScript (a scroll-snap strip, thumbnail links, a Zoom per photo)
// and with it (thumbnails switch, arrow keys), the chosen colour's photos first, and sized
// pictures with the right loading hints on the listing and the product page.

type Seeded = { id: string; handle: string; title: string; colour: string; urls: string[]; dispose: () => Promise<void> };

const PHOTOS = [
  { alt: "Front of the tee", background: "#c0392b" },
  { alt: "Back of the tee", background: "#2c3e50" },
  { alt: "The tee in saffron", background: "#f4c430" },
];

/**
 * A tee in two colours of its own (no demo product has them) with three photos: front, back and
 * one linked to the first colour, last. Uploaded over /api (`upload-image`), each saved as the
 * product's `image` in turn, which puts it first (adoptCover); alt text and the colour link are
 * set through the owner's photo /api.
 */
async function seedProduct(baseURL: string): Promise<Seeded> {
  const admin = await playwrightRequest.newContext({ baseURL });
  expect((await (await admin.post("/api/auth/login", { data: ADMIN })).json()).success).toBe(true);
  const tag = unique("");
  const colour = `Saffron${tag}`;
  const title = `Gallery Tee ${tag}`;
  const urls: string[] = [];
  for (const photo of PHOTOS) {
    const buffer = await sharp({ create: { width: 1200, height: 1500, channels: 3, background: photo.background } })
      .jpeg()
      .toBuffer();
    const uploaded = await admin.post("/api/admin/products/upload-image", {
      multipart: { my_file: { name: "photo.jpg", mimeType: "image/jpeg", buffer } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    urls.push((await uploaded.json()).result.url);
  }
  const variants = [
    { size: "M", color: colour, colorHex: "#f4c430", sku: null, stock: 5 },
    { size: "M", color: `Ink${tag}`, colorHex: "#1f2a44", sku: null, stock: 5 },
  ];
  const base = { title, description: "A tee with a gallery", category: "kids", brand: "puma", price: 19, salePrice: 0, variants };
  const added = await admin.post("/api/admin/products/add", { data: { ...base, image: urls[2] } });
  expect(added.status(), await added.text()).toBeLessThan(300);
  let product = (await added.json()).data;
  for (const url of [urls[1], urls[0]]) {
    const edited = await admin.put(`/api/admin/products/edit/${product._id}`, { data: { ...product, image: url } });
    expect(edited.status(), await edited.text()).toBe(200);
    product = (await edited.json()).data;
  }
  const paths = urls.map((u) => new URL(u, baseURL).pathname);
  // Alt text and the colour link, as the owner's photo /api sets them.
  const listed = await admin.get(`/api/admin/products/${product._id}/photos`);
  expect(listed.status(), await listed.text()).toBe(200);
  const images: Array<{ id: string; url: string }> = (await listed.json()).data.images;
  expect(images.map((image) => new URL(image.url).pathname)).toEqual(paths);
  for (const [i, photo] of PHOTOS.entries()) {
    const saved = await admin.put(`/api/admin/products/${product._id}/photos/${images[i]!.id}`, {
      data: { alt: photo.alt, color: i === 2 ? colour : null },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  return {
    id: product._id,
    handle: product.handle,
    title,
    colour,
    urls: paths,
    dispose: async () => {
      expect((await admin.delete(`/api/admin/products/delete/${product._id}`)).status()).toBe(200);
      await admin.dispose();
    },
  };
}

let seeded: Seeded;
test.beforeEach(async ({ baseURL }) => {
  seeded = await seedProduct(baseURL!);
});
test.afterEach(async () => {
  await seeded.dispose();
});

const strip = (scope: Page | Locator, title: string) => scope.getByRole("list", { name: `Photos of ${title}` });
const thumbnails = (scope: Page | Locator, title: string) => scope.getByRole("list", { name: `Thumbnails of ${title}` });
const base = (url: string) => url.replace(/-\d+\.jpg$/, "");

/** Which photo is in view in the strip: the one whose box is at the strip's left edge. */
async function photoInView(list: Locator): Promise<string | null> {
  return list.evaluate((el) => {
    const left = el.getBoundingClientRect().left;
    const item = [...el.children].find((li) => Math.abs(li.getBoundingClientRect().left - left) < 2);
    return item?.getAttribute("aria-label") ?? null;
  });
}

test("the product page's gallery: photo n of 3 with alt text, thumbnails, Zoom, the chosen colour first, keys with JavaScript", async ({
  page,
  javaScriptEnabled,
  shopper: _,
}) => {
  const { title, handle, colour, urls } = seeded;
  await page.goto(`/shop/products/${handle}`);
  if (javaScriptEnabled) await hydrated(page);
  const photos = strip(page, title);
  await expect(photos.getByRole("listitem")).toHaveCount(3);
  for (const [i, photo] of PHOTOS.entries()) {
    const item = photos.getByRole("listitem", { name: `Photo ${i + 1} of 3` });
    await expect(item.getByRole("img", { name: photo.alt })).toBeAttached();
  }
  // The main photo: sized, eager and first to load; the others wait.
  const main = photos.getByRole("img", { name: PHOTOS[0]!.alt });
  await expect(main).toHaveAttribute("loading", "eager");
  await expect(main).toHaveAttribute("fetchpriority", "high");
  await expect(main).toHaveAttribute("width", "800");
  await expect(main).toHaveAttribute("height", "1000");
  // One srcset and one sizes per picture: the AVIF's (decision 0079); the JPEG is the fallback.
  const mainSource = main.locator("xpath=../source[@type='image/avif']");
  await expect(mainSource).toHaveAttribute("sizes", /calc\(100vw - 32px\)$/);
  await expect(mainSource).toHaveAttribute(
    "srcset",
    `${base(urls[0]!)}-320.avif 320w, ${base(urls[0]!)}-640.avif 640w, ${base(urls[0]!)}-960.avif 960w, ${base(urls[0]!)}-1200.avif 1200w`,
  );
  await expect(main).not.toHaveAttribute("srcset", /./);
  await expect(photos.getByRole("img", { name: PHOTOS[1]!.alt })).toHaveAttribute("loading", "lazy");
  await expect(photos.getByRole("img", { name: PHOTOS[1]!.alt })).not.toHaveAttribute("fetchpriority", /./);

  // Zoom: each photo's largest size.
  const zoom = photos.getByRole("link", { name: "Zoom photo 1 of 3 (opens in a new tab)" });
  await expect(zoom).toHaveAttribute("href", `${base(urls[0]!)}-1200.jpg`);
  const largest = await page.request.get(`${base(urls[0]!)}-1200.jpg`);
  expect(largest.status()).toBe(200);
  expect((await sharp(await largest.body()).metadata()).width).toBe(1200);

  // Thumbnails: a link to each photo, the first current.
  const thumbs = thumbnails(page, title);
  const second = thumbs.getByRole("link", { name: `Show photo 2 of 3: ${PHOTOS[1]!.alt}` });
  await expect(thumbs.getByRole("link", { name: `Show photo 1 of 3: ${PHOTOS[0]!.alt}` })).toHaveAttribute("aria-current", "true");
  await expect(second).toHaveAttribute("href", "#photo-2");
  await second.click();
  await expect.poll(() => photoInView(photos)).toBe("Photo 2 of 3");
  if (javaScriptEnabled) {
    // The page stays where it is (no jump to the anchor), the thumbnail is marked.
    await expect(page).toHaveURL(new RegExp(`/shop/products/${handle}$`));
    await expect(second).toHaveAttribute("aria-current", "true");
    // Arrow keys while the gallery has focus, from the thumbnails or the strip.
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => photoInView(photos)).toBe("Photo 3 of 3");
    await expect(thumbs.getByRole("link", { name: /^Show photo 3 of 3/ })).toBeFocused();
    await photos.focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => photoInView(photos)).toBe("Photo 1 of 3");
    await expect(thumbs.getByRole("link", { name: /^Show photo 1 of 3/ })).toHaveAttribute("aria-current", "true");
    // Only the Zoom of the photo in view is in the tab order.
    await expect(photos.getByRole("link", { name: /^Zoom photo 2 of 3/ })).toHaveAttribute("tabindex", "-1");
  } else {
    await expect(page).toHaveURL(new RegExp(`/shop/products/${handle}#photo-2$`));
  }

  // The colour: its photo first, with or without JavaScript (the picker's links).
  await page
    .getByRole("group", { name: /^Colour/ })
    .getByRole("link", { name: colour })
    .click();
  await expect(page).toHaveURL(new RegExp(`\\?color=${colour.toLowerCase()}(#buy)?$`));
  await expect(photos.getByRole("listitem", { name: "Photo 1 of 3" }).getByRole("img", { name: PHOTOS[2]!.alt })).toBeAttached();
  await expect(thumbs.getByRole("link", { name: `Show photo 1 of 3: ${PHOTOS[2]!.alt}` })).toHaveAttribute("aria-current", "true");
  await expect(photos.getByRole("link", { name: /^Zoom photo 1 of 3/ })).toHaveAttribute("href", `${base(urls[2]!)}-1200.jpg`);
  await expect.poll(() => photoInView(photos)).toBe("Photo 1 of 3");

  // What assistive technology reads of the gallery has no violations (names, roles, a focusable
  // scroller). axe runs as a script in the page: with JavaScript only.
  if (javaScriptEnabled) {
    await hydrated(page);
    const axe = await new AxeBuilder({ page }).include("main").analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);
  }
});

test.describe("on a phone", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test("a swipe moves the gallery to the next photo, and back", async ({ page, javaScriptEnabled, shopper: _ }) => {
    const { title, handle } = seeded;
    await page.goto(`/shop/products/${handle}`);
    if (javaScriptEnabled) await hydrated(page);
    const photos = strip(page, title);
    await expect(photos.getByRole("img", { name: PHOTOS[0]!.alt })).toBeVisible();
    const box = (await photos.boundingBox())!;
    // A finger drawn across the photo, as the phone's touch screen reports it.
    const cdp = await page.context().newCDPSession(page);
    const y = Math.round(box.y + box.height / 2);
    const swipe = async (from: number, to: number) => {
      const x = (f: number) => Math.round(box.x + box.width * f);
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: x(from), y }] });
      for (let step = 1; step <= 8; step++) {
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x(from + ((to - from) * step) / 8), y }] });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    const thumbs = thumbnails(page, title);
    await swipe(0.8, 0.2);
    await expect.poll(() => photoInView(photos)).toBe("Photo 2 of 3");
    // With JavaScript the thumbnails follow, and so do screen readers (aria-current).
    if (javaScriptEnabled) await expect(thumbs.getByRole("link", { name: /^Show photo 2 of 3/ })).toHaveAttribute("aria-current", "true");
    await swipe(0.2, 0.8);
    await expect.poll(() => photoInView(photos)).toBe("Photo 1 of 3");
    if (javaScriptEnabled) await expect(thumbs.getByRole("link", { name: /^Show photo 1 of 3/ })).toHaveAttribute("aria-current", "true");
  });
});

test("the cart and checkout lines show the chosen colour's photo, at its smallest size", async ({
  page,
  javaScriptEnabled,
  shopper: _,
}) => {
  const { handle, colour, urls } = seeded;
  await page.goto(`/shop/products/${handle}?color=${colour.toLowerCase()}`);
  if (javaScriptEnabled) await hydrated(page);
  await page.getByRole("button", { name: "Add to cart" }).click();
  // The answer, not the badge: with JavaScript the badge counts the line before the server has it.
  await expectToast(page, "Product is added to cart");
  await page.goto("/shop/checkout");
  const line = page.getByRole("listitem").filter({ hasText: seeded.title });
  const thumb = line.locator("img");
  await expect(thumb).toHaveAttribute("src", `${base(urls[2]!)}-320.jpg`);
  await expect(thumb).toHaveAttribute("width", "56");
  await expect(thumb).toHaveAttribute("loading", "lazy");
  expect((await page.request.get(`${base(urls[2]!)}-320.jpg`)).status()).toBe(200);
});

test("a listing filtered by a colour shows that colour's photo on the card, sized; the dialog's gallery starts with it", async ({
  page,
  javaScriptEnabled,
  shopper: _,
}) => {
  const { title, colour, urls, id } = seeded;
  await page.goto(`/shop/search?keyword=${encodeURIComponent(title)}`);
  const card = page.locator("main article", { hasText: title });
  const picture = card.getByRole("img", { name: title });
  // Unfiltered: the cover, its fallback the JPEG at a card's widest size (640 px).
  await expect(picture).toHaveAttribute("src", `${base(urls[0]!)}-640.jpg`);
  await page.goto(`/shop/listing?color=${colour.toLowerCase()}`);
  await expect(page.locator("main article")).toHaveCount(1);
  await expect(picture).toHaveAttribute("src", `${base(urls[2]!)}-640.jpg`);
  await expect(picture).toHaveAttribute("width", "320");
  await expect(picture).toHaveAttribute("height", "400");
  // One srcset and one sizes per picture: the AVIF's, at the widths a card uses (decision 0079).
  const source = card.locator("picture source[type='image/avif']");
  await expect(source).toHaveAttribute("sizes", /,calc\(50vw - 22px\)$/);
  await expect(source).toHaveAttribute("srcset", `${base(urls[2]!)}-320.avif 320w, ${base(urls[2]!)}-640.avif 640w`);
  // A 296 px card on a 1280 px screen: the browser takes the 320 px AVIF.
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(new RegExp(`${base(urls[2]!)}-320\\.avif$`));
  // The first card of a results page is in the first row: eager, and on a phone's two columns the likely largest paint.
  await expect(picture).toHaveAttribute("loading", "eager");
  await expect(picture).toHaveAttribute("fetchpriority", "high");

  if (javaScriptEnabled) await hydrated(page);
  await card
    .getByRole("link", { name: new RegExp(title) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`product=${id}`));
  const dialog = page.getByRole("dialog", { name: title });
  const photos = strip(dialog, title);
  await expect(photos.getByRole("listitem", { name: "Photo 1 of 3" }).getByRole("img", { name: PHOTOS[2]!.alt })).toBeAttached();
  await expect(thumbnails(dialog, title).getByRole("link", { name: `Show photo 2 of 3: ${PHOTOS[0]!.alt}` })).toHaveAttribute(
    "href",
    "#dialog-photo-2",
  );
});

for (const width of [390, 1280]) {
  test(`screenshots of the gallery at ${width} px`, async ({ page, javaScriptEnabled, shopper: _ }) => {
    const mode = javaScriptEnabled ? "js" : "no-js";
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(`/shop/products/${seeded.handle}`);
    if (javaScriptEnabled) await hydrated(page);
    await expect(strip(page, seeded.title).getByRole("img", { name: PHOTOS[0]!.alt })).toBeVisible();
    await page.screenshot({ path: shotPath(`gallery/product-${width}-${mode}.png`) });
    await thumbnails(page, seeded.title)
      .getByRole("link", { name: /^Show photo 3 of 3/ })
      .click();
    await expect.poll(() => photoInView(strip(page, seeded.title))).toBe("Photo 3 of 3");
    await page.screenshot({ path: shotPath(`gallery/product-${width}-${mode}-photo3.png`) });
    // The listing filtered by the colour, and the dialog opened from it.
    await page.goto(`/shop/listing?color=${seeded.colour.toLowerCase()}`);
    await expect(page.locator("main article").getByRole("img", { name: seeded.title })).toBeVisible();
    await page.screenshot({ path: shotPath(`gallery/listing-${width}-${mode}.png`) });
    await page.goto(`/shop/listing?color=${seeded.colour.toLowerCase()}&product=${seeded.id}`);
    if (javaScriptEnabled) await hydrated(page);
    const dialog = page.getByRole("dialog", { name: seeded.title });
    await expect(strip(dialog, seeded.title).getByRole("img", { name: PHOTOS[2]!.alt })).toBeVisible();
    await page.screenshot({ path: shotPath(`gallery/dialog-${width}-${mode}.png`) });
  });
}
