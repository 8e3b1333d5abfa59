import { expect, test } from "./fixtures";
import { ADMIN, SHOPPER } from "./helpers";

/** A product in a list (issue 52: without what only its own answer needs). */
const listedShape = {
  _id: expect.stringMatching(/^[0-9a-f]{24}$/),
  image: expect.any(String),
  title: expect.any(String),
  description: expect.any(String),
  category: expect.any(String),
  brand: expect.any(String),
  price: expect.any(Number),
  salePrice: expect.any(Number),
  totalStock: expect.any(Number),
  averageReview: expect.any(Number),
  variants: expect.any(Array),
  // Issue 40: the product's own page.
  handle: expect.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/shop\/products\/[a-z0-9-]+$/),
};

/** A product's own answer: the list's, with its photos, tags and SEO words, and each variant's colour and SKU. */
const productShape = {
  ...listedShape,
  // Issue 42: its photos, the cover first (the cover is `image`).
  images: expect.any(Array),
  // Issue 49: its tags (the demo's have none).
  tags: expect.any(Array),
  // Issue 50: what search engines show ('' = made from the title and the description).
  seoTitle: expect.any(String),
  seoDescription: expect.any(String),
};

test.describe("/api/shop and /api/common", () => {
  test("need a session (401), except the banner list", async ({ request }) => {
    for (const path of ["/api/shop/products/get", "/api/shop/search/jeans", "/api/shop/review/ffffffffffffffffffffffff"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(401);
      expect(await response.json()).toEqual({ success: false, message: expect.any(String) });
    }
    const add = await request.post("/api/shop/review/add", { data: {} });
    expect(add.status()).toBe(401);
    const banners = await request.get("/api/common/feature/get");
    expect(banners.status()).toBe(200);
    expect(await banners.json()).toEqual({ success: true, data: [] });
  });

  test("products: filtered and sorted list, one product, 404 for an unknown id", async ({ request }) => {
    await request.post("/api/auth/login", { data: SHOPPER });
    const list = await request.get("/api/shop/products/get?category=men,women&brand=nike&sortBy=price-hightolow");
    expect(list.status()).toBe(200);
    const body = await list.json();
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);
    for (const p of body.data) {
      expect(p).toEqual(listedShape);
      for (const v of p.variants) {
        expect(Object.keys(v).sort()).toEqual(["_id", "color", "size", "stock"]);
        expect(v._id).toMatch(/^[0-9a-f]{24}$/);
      }
      // The total is the sum of the sizes and colours.
      expect(p.totalStock).toBe(p.variants.reduce((sum: number, v: { stock: number }) => sum + v.stock, 0));
      expect(["men", "women"]).toContain(p.category);
      expect(p.brand).toBe("nike");
    }
    const unit = body.data.map((p: { price: number; salePrice: number }) => (p.salePrice > 0 ? p.salePrice : p.price));
    expect(unit).toEqual([...unit].sort((a: number, b: number) => b - a));

    // One product alone: the list's answer, and what lists leave out.
    const one = (await (await request.get(`/api/shop/products/get/${body.data[0]._id}`)).json()).data;
    expect(one).toEqual(productShape);
    const { images, tags, seoTitle, seoDescription, variants, ...rest } = one;
    expect({ ...rest, variants: variants.map(({ colorHex: _hex, sku: _sku, ...v }: Record<string, unknown>) => v) }).toEqual(body.data[0]);
    expect(tags).toEqual([]);
    expect([typeof seoTitle, typeof seoDescription]).toEqual(["string", "string"]);
    expect(images[0].url).toBe(one.image);
    for (const [i, image] of images.entries()) {
      expect(Object.keys(image).sort()).toEqual(["alt", "color", "position", "url"]);
      expect([typeof image.url, typeof image.alt, image.color === null || typeof image.color === "string", image.position]).toEqual([
        "string",
        "string",
        true,
        i,
      ]);
    }
    for (const v of variants) {
      expect(Object.keys(v).sort()).toEqual(["_id", "color", "colorHex", "size", "sku", "stock"]);
      expect(v.sku === null || typeof v.sku === "string").toBe(true);
    }
    for (const id of ["ffffffffffffffffffffffff", "not-an-id", "%27%20OR%201%3D1"]) {
      const missing = await request.get(`/api/shop/products/get/${id}`);
      expect(missing.status(), id).toBe(404);
      expect(await missing.json()).toEqual({ success: false, message: "Product not found" });
    }
  });

  test("lists say how long they are and take page and limit (at most 100)", async ({ playwright, baseURL }) => {
    const shopper = await playwright.request.newContext({ baseURL });
    const admin = await playwright.request.newContext({ baseURL });
    expect((await (await shopper.post("/api/auth/login", { data: SHOPPER })).json()).success).toBe(true);
    expect((await (await admin.post("/api/auth/login", { data: ADMIN })).json()).success).toBe(true);
    const get = async (as: typeof shopper, url: string) => {
      const response = await as.get(url);
      expect(response.status(), url).toBe(200);
      return response.json();
    };
    for (const [as, list] of [
      [shopper, "/api/shop/products/get"],
      [admin, "/api/admin/products/get"],
      [admin, "/api/admin/orders/get"],
      [shopper, "/api/shop/search/classic"],
    ] as const) {
      const whole = await get(as, list);
      const total = whole.total as number;
      expect(total, list).toBeGreaterThan(1);
      expect(whole, list).toMatchObject({ success: true, page: 1, pageCount: Math.ceil(total / 100) });
      expect(whole.data).toHaveLength(Math.min(total, 100));

      // One at a time: the rows in the same order, and one page each.
      const sep = list.includes("?") ? "&" : "?";
      const first = await get(as, `${list}${sep}limit=1`);
      expect(first).toMatchObject({ total, page: 1, pageCount: total });
      expect(first.data.map((r: { _id: string }) => r._id)).toEqual([whole.data[0]._id]);
      const second = await get(as, `${list}${sep}limit=1&page=2`);
      expect(second.page).toBe(2);
      expect(second.data.map((r: { _id: string }) => r._id)).toEqual([whole.data[1]._id]);
      // Past the end: an empty page, not the last one again.
      const past = await get(as, `${list}${sep}limit=1&page=${total + 1}`);
      expect(past).toMatchObject({ data: [], total, page: total + 1 });
      // More than 100 is 100; nonsense falls back to the defaults.
      expect((await get(as, `${list}${sep}limit=1000`)).data).toHaveLength(Math.min(total, 100));
      expect(await get(as, `${list}${sep}limit=-1&page=abc`)).toMatchObject({ page: 1, pageCount: Math.ceil(total / 100) });
    }
    await shopper.dispose();
    await admin.dispose();
  });

  test("search answers products and never fails on odd keywords", async ({ request }) => {
    await request.post("/api/auth/login", { data: SHOPPER });
    const jeans = await (await request.get("/api/shop/search/jeans")).json();
    expect(jeans.success).toBe(true);
    expect(jeans.data.length).toBe(4);
    for (const keyword of ['"', "*", "(", "NEAR", "中文", "'; drop table products; --"]) {
      const response = await request.get(`/api/shop/search/${encodeURIComponent(keyword)}`);
      expect(response.status(), keyword).toBe(200);
      expect((await response.json()).success).toBe(true);
    }
  });

  test("reviews: list, add as yourself only, refusals with status codes", async ({ request }) => {
    const login = await (await request.post("/api/auth/login", { data: SHOPPER })).json();
    const user = login.user;
    const watch = (await (await request.get("/api/shop/search/minimalist%20steel%20watch")).json()).data[0];
    const sunglasses = (await (await request.get("/api/shop/search/round%20metal%20sunglasses")).json()).data[0];

    const impostor = await request.post("/api/shop/review/add", {
      data: { productId: watch._id, userId: "ffffffffffffffffffffffff", userName: "Someone", reviewMessage: "x", reviewValue: 5 },
    });
    expect(impostor.status()).toBe(403);

    const invalid = await request.post("/api/shop/review/add", { data: { productId: watch._id, reviewMessage: "", reviewValue: 7 } });
    expect(invalid.status()).toBe(400);
    expect(await invalid.json()).toEqual({ success: false, message: expect.any(String) });

    const notBought = await request.post("/api/shop/review/add", {
      data: { productId: sunglasses._id, userId: user.id, userName: user.userName, reviewMessage: "Nice", reviewValue: 5 },
    });
    expect(notBought.status()).toBe(403);
    expect(await notBought.json()).toEqual({ success: false, message: "You need to purchase this product to review it." });

    const added = await request.post("/api/shop/review/add", {
      data: { productId: watch._id, userId: user.id, userName: user.userName, reviewMessage: "Keeps good time", reviewValue: 3 },
    });
    expect(added.status()).toBe(201);
    expect(await added.json()).toMatchObject({ success: true, data: { productId: watch._id, userId: user.id, reviewValue: 3 } });

    const twice = await request.post("/api/shop/review/add", { data: { productId: watch._id, reviewMessage: "Again", reviewValue: 3 } });
    expect(twice.status()).toBe(409);

    const reviews = await (await request.get(`/api/shop/review/${watch._id}`)).json();
    expect(reviews).toEqual({
      success: true,
      data: [expect.objectContaining({ productId: watch._id, userName: user.userName, reviewMessage: "Keeps good time", reviewValue: 3 })],
    });
    const product = await (await request.get(`/api/shop/products/get/${watch._id}`)).json();
    expect(product.data.averageReview).toBe(3);
  });

  test("an admin cannot post reviews", async ({ request }) => {
    await request.post("/api/auth/login", { data: ADMIN });
    const response = await request.post("/api/shop/review/add", {
      data: { productId: "ffffffffffffffffffffffff", reviewMessage: "x", reviewValue: 5 },
    });
    expect(response.status()).toBe(403);
  });
});
