import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { ADMIN, SHOPPER } from "./helpers";

// Photos over HTTP (issue 42): the older clients' upload saved as a product's image, the sizes
// made of it served with a year's immutable cache and an ETag, and the demo catalogue's photos.

const TYPES = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" } as const;
const IMMUTABLE = "public, max-age=31536000, immutable";

async function signedIn(baseURL: string | undefined, who: typeof ADMIN): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL });
  expect((await context.post("/api/auth/login", { data: who })).ok()).toBe(true);
  return context;
}

test("an upload of the older client is made in every size it is wide enough for, and saved as a product's cover", async ({ baseURL }) => {
  const admin = await signedIn(baseURL, ADMIN);
  const picture = await sharp({ create: { width: 500, height: 250, channels: 3, background: "#2255aa" } })
    .jpeg()
    .toBuffer();
  const uploaded = await admin.post("/api/admin/products/upload-image", {
    multipart: { my_file: { name: "tee.jpg", mimeType: "image/jpeg", buffer: picture } },
  });
  expect(uploaded.status()).toBe(200);
  const body = await uploaded.json();
  // The fallback JPEG at the widest size it has (500: never wider than the original).
  expect(body).toEqual({ success: true, result: { url: expect.stringMatching(/^http:\/\/[^/]+\/uploads\/[0-9a-f]{32}-500\.jpg$/) } });
  const url = new URL(body.result.url);
  const id = url.pathname.match(/^\/uploads\/([0-9a-f]{32})-/)![1]!;

  const added = await admin.post("/api/admin/products/add", {
    data: {
      title: "Photo Http Tee",
      description: "Y",
      category: "men",
      brand: "nike",
      price: 10,
      salePrice: 0,
      totalStock: 1,
      image: body.result.url,
    },
  });
  expect(added.status()).toBe(201);
  const product = (await added.json()).data;
  try {
    expect(product.image).toBe(body.result.url);
    expect(product.images).toEqual([{ url: body.result.url, alt: "Photo Http Tee", color: null, position: 0 }]);

    for (const width of [320, 500]) {
      for (const [ext, type] of Object.entries(TYPES)) {
        const path = `/uploads/${id}-${width}.${ext}`;
        const response = await admin.get(path);
        expect(response.status(), path).toBe(200);
        const headers = response.headers();
        expect([headers["content-type"], headers["cache-control"]], path).toEqual([type, IMMUTABLE]);
        const meta = await sharp(await response.body()).metadata();
        expect([meta.format === "heif" ? "avif" : meta.format === "jpeg" ? "jpg" : meta.format, meta.width, meta.height], path).toEqual([
          ext,
          width,
          width / 2,
        ]);
        // Asked again with its ETag: 304, no body.
        expect(headers.etag, path).toBeTruthy();
        const again = await admin.get(path, { headers: { "If-None-Match": headers.etag! } });
        expect(again.status(), path).toBe(304);
        expect((await again.body()).byteLength).toBe(0);
      }
    }
    // No size wider than the original, and names that were never made.
    for (const path of [
      `/uploads/${id}-640.jpg`,
      `/uploads/${id}-960.webp`,
      `/uploads/${"f".repeat(32)}-320.jpg`,
      `/uploads/${id}-320.png`,
    ]) {
      expect((await admin.get(path)).status(), path).toBe(404);
    }
    // A stale ETag of a name that does not exist is not answered 304.
    expect(
      (await admin.get(`/uploads/${"f".repeat(32)}-320.jpg`, { headers: { "If-None-Match": `"${"f".repeat(32)}-320.jpg"` } })).status(),
    ).toBe(404);
  } finally {
    expect((await admin.delete(`/api/admin/products/delete/${product._id}`)).status()).toBe(200);
  }
});

test("the demo catalogue's products have 2 to 4 photos each, served in every size and format", async ({ baseURL }) => {
  const shopper = await signedIn(baseURL, SHOPPER);
  const list = await (await shopper.get("/api/shop/products/get?limit=100")).json();
  // Each product's own answer has its photos (a list answers the cover only, issue 52).
  const products = (await Promise.all(
    list.data.map(async (p: { _id: string }) => (await (await shopper.get(`/api/shop/products/get/${p._id}`)).json()).data),
  )) as Array<{
    title: string;
    image: string;
    images: Array<{ url: string; alt: string; color: string | null; position: number }>;
  }>;
  expect(products.length).toBeGreaterThan(20);
  for (const product of products) {
    expect(product.images.length, product.title).toBeGreaterThanOrEqual(2);
    expect(product.images.length, product.title).toBeLessThanOrEqual(4);
    // The cover is the product's image (older clients), a JPEG: link previews show no SVG.
    expect(product.images[0]!.url).toBe(product.image);
    expect(product.image, product.title).toMatch(/^http:\/\/[^/]+\/demo\/photos\/[a-z0-9-]+-1-960\.jpg$/);
    expect(product.images.map((i) => i.position)).toEqual([...product.images.keys()]);
    for (const image of product.images)
      expect(image.alt, product.title).toMatch(new RegExp(`^${product.title.replace(/[()]/g, "\\$&")} in `));
  }
  // Every size and format of one product's photos (all of them would be 50 requests per product).
  const windrunner = products.find((p) => p.title === "Windrunner Jacket");
  expect(windrunner?.images.map((i) => [i.alt, i.color])).toEqual([
    ["Windrunner Jacket in Navy, front", "Navy"],
    ["Windrunner Jacket in Navy, back", "Navy"],
    ["Windrunner Jacket in Navy, close-up of the fabric", "Navy"],
  ]);
  for (const image of windrunner!.images) {
    const base = new URL(image.url).pathname.replace(/-960\.jpg$/, "");
    for (const width of [320, 640, 960]) {
      for (const [ext, type] of Object.entries(TYPES)) {
        const response = await shopper.get(`${base}-${width}.${ext}`);
        expect([response.status(), response.headers()["content-type"]], `${base}-${width}.${ext}`).toEqual([200, type]);
        expect((await sharp(await response.body()).metadata()).width).toBe(width);
      }
    }
  }
  expect((await shopper.get("/demo/photos/nike-windrunner-jacket-9-320.jpg")).status()).toBe(404);
});
