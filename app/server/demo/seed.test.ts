import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BRAND_IDS, CATEGORY_IDS, LOW_STOCK_THRESHOLD } from "~/lib/constants";
import { db } from "~/server/database/db.server";
import { seedBenchmarkProducts } from "./bulk-seed.server";
import { seedDemoAccounts, seedDemoCatalog } from "./seed.server";
import { verifyLogin } from "~/server/accounts/users.server";
import { DEMO_ACCOUNTS } from "~/server/platform/config.server";

describe("demo catalog", () => {
  it("fills an empty database once, covering every category and brand", async () => {
    expect(await seedDemoCatalog()).toBeGreaterThanOrEqual(60);
    expect(await seedDemoCatalog()).toBe(0);
    const products = await db.selectFrom("products").selectAll().execute();
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(CATEGORY_IDS));
    expect(new Set(products.map((p) => p.brand))).toEqual(new Set(BRAND_IDS));
    expect(products.filter((p) => p.sale_price_cents > 0).length).toBeGreaterThan(5);
    expect(products.filter((p) => p.stock === 0).length).toBeGreaterThan(0);
    expect(products.filter((p) => p.stock > 0 && p.stock < LOW_STOCK_THRESHOLD).length).toBeGreaterThan(0);
    const prices = products.map((p) => p.price_cents);
    expect(Math.max(...prices) / Math.min(...prices)).toBeGreaterThan(5);
  });

  it("sells clothing in sizes and 1 to 3 colours, shoes in EU sizes, accessories in one size; some sizes sold out", async () => {
    const rows = await db
      .selectFrom("product_variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select(["p.id", "p.title", "p.category", "p.stock as total", "v.size", "v.color", "v.stock"])
      .execute();
    const byProduct = new Map<string, typeof rows>();
    for (const row of rows) byProduct.set(row.id, [...(byProduct.get(row.id) ?? []), row]);
    for (const variants of byProduct.values()) {
      const { title, category, total } = variants[0]!;
      const sizes = new Set(variants.map((v) => v.size));
      const colours = new Set(variants.map((v) => v.color));
      expect(colours.size, title).toBeGreaterThanOrEqual(1);
      expect(colours.size, title).toBeLessThanOrEqual(3);
      expect(
        variants.reduce((sum, v) => sum + v.stock, 0),
        `${title}: the total is the sum`,
      ).toBe(total);
      if (category === "accessories") expect([...sizes], title).toEqual(["One size"]);
      else if (category === "footwear") for (const size of sizes) expect(size, title).toMatch(/^EU \d\d$/);
      else expect(sizes.size, title).toBeGreaterThan(1);
    }
    // A product in stock with one of its sizes sold out, to be seen at once.
    const someSoldOut = [...byProduct.values()].filter((v) => v[0]!.total > 0 && v.some((x) => x.stock === 0));
    expect(someSoldOut.length).toBeGreaterThan(3);
    // The demo's totals are the catalogue's.
    const { DEMO_PRODUCTS } = await import("#db/seed/catalog");
    for (const p of DEMO_PRODUCTS) expect(rows.find((r) => r.title === p.title)?.total, p.title).toBe(p.stock);
  });

  it("gives each product 2 to 4 photos, its cover its image, and ships every size and format of them", async () => {
    const products = await db.selectFrom("products").select(["id", "image"]).execute();
    const photos = await db.selectFrom("product_photos").selectAll().orderBy("position").execute();
    for (const { id, image } of products) {
      const own = photos.filter((p) => p.product_id === id);
      expect(own.length, image).toBeGreaterThanOrEqual(2);
      expect(own.length, image).toBeLessThanOrEqual(4);
      expect(own.map((p) => p.position)).toEqual([...own.keys()]);
      expect(own[0]!.src).toBe(image);
      for (const photo of own) {
        expect(photo.base, image).toMatch(/^\/demo\/photos\/[a-z0-9-]+-\d$/);
        expect([photo.widths, photo.width, photo.height, photo.src]).toEqual(["320,640,960", 960, 960, `${photo.base}-960.jpg`]);
        for (const width of [320, 640, 960]) {
          for (const ext of ["avif", "webp", "jpg"]) {
            const file = path.join("public", `${photo.base}-${width}.${ext}`);
            expect(fs.existsSync(file), file).toBe(true);
          }
        }
      }
    }
    // Each photo of a colour names one the product comes in, as its variants write it.
    const colours = await db.selectFrom("product_variants").select(["product_id", "color"]).execute();
    for (const photo of photos.filter((p) => p.color !== null)) {
      expect(
        colours.some((c) => c.product_id === photo.product_id && c.color === photo.color),
        `${photo.alt}`,
      ).toBe(true);
    }
    // Products in several colours have a front view of each.
    expect(photos.filter((p) => p.alt.startsWith("Dri-FIT Running Tee in ")).map((p) => [p.alt, p.color])).toEqual([
      ["Dri-FIT Running Tee in Black, front", "Black"],
      ["Dri-FIT Running Tee in White, front", "White"],
      ["Dri-FIT Running Tee in Navy, front", "Navy"],
      ["Dri-FIT Running Tee in Black, back", "Black"],
    ]);
  });

  it("stores the unit price a shopper pays: the sale price when above 0, else the price", async () => {
    const rows = await db.selectFrom("products").select(["price_cents", "sale_price_cents", "unit_price_cents"]).execute();
    for (const r of rows) expect(r.unit_price_cents).toBe(r.sale_price_cents > 0 ? r.sale_price_cents : r.price_cents);
  });

  it("creates the demo accounts with the printed passwords", async () => {
    expect(await seedDemoAccounts()).toEqual([DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.shopper.email]);
    expect(await seedDemoAccounts()).toEqual([]);
    expect(await verifyLogin(DEMO_ACCOUNTS.admin)).toMatchObject({ role: "admin" });
    expect(await verifyLogin(DEMO_ACCOUNTS.shopper)).toMatchObject({ role: "user" });
  });

  it("adds generated benchmark products in bulk", async () => {
    const before = await db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    await seedBenchmarkProducts(1234);
    const after = await db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(1234);
  });
});
