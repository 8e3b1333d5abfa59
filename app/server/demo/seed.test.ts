import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOW_STOCK_THRESHOLD } from "~/lib/constants";
import { db } from "~/server/database/db.server";
import { catalogue, rulesWhere } from "~/server/catalog/catalogue.server";
import { seedBenchmarkProducts, seedWideCatalogue } from "./bulk-seed.server";
import { seedDemoAccounts, seedDemoCatalog } from "./seed.server";
import { verifyLogin } from "~/server/accounts/users.server";
import { DEMO_ACCOUNTS } from "~/server/platform/config.server";

describe("demo catalog", () => {
  it("fills an empty database once, covering every category and brand", async () => {
    expect(await seedDemoCatalog()).toBeGreaterThanOrEqual(60);
    expect(await seedDemoCatalog()).toBe(0);
    const products = await db.selectFrom("products").selectAll().execute();
    // The shop's categories and brands are rows (migration 0027): the demo uses every one.
    const categories = await db.selectFrom("categories").select("id").execute();
    const brands = await db.selectFrom("brands").select("id").execute();
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(categories.map((c) => c.id)));
    expect(new Set(products.map((p) => p.brand))).toEqual(new Set(brands.map((b) => b.id)));
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

  it("tags products and starts the shop with two automatic collections and a manual one, the home page's marked", async () => {
    const tags = await db
      .selectFrom("product_tags")
      .innerJoin("products", "products.id", "product_tags.product_id")
      .select(["products.title", "product_tags.tag"])
      .execute();
    const titlesOf = (tag: string) => tags.filter((t) => t.tag === tag).map((t) => t.title);
    expect(titlesOf("summer")).toEqual(
      expect.arrayContaining(["Relaxed Fit Linen Shirt", "Linen-Blend Shirt Dress", "Strappy Flat Sandals"]),
    );
    expect(titlesOf("running")).toContain("Pegasus 41 Running Shoes");
    expect(titlesOf("denim")).toContain("501 Original Fit Jeans");
    expect(new Set(tags.map((t) => t.tag)).size).toBe(6);

    const { collections } = await catalogue();
    expect(collections.map((c) => [c.name, c.rules === null ? "manual" : "automatic", c.onHome, c.inMenu])).toEqual([
      ["On sale", "automatic", true, true],
      ["Staff favourites", "manual", true, false],
      ["Summer edit", "automatic", false, true],
    ]);
    // The automatic ones hold what their rules say, read as the collection page reads them.
    const members = async (handle: string) => {
      const rules = collections.find((c) => c.handle === handle)!.rules!;
      const rows = await db
        .selectFrom("products")
        .select(["title", "sale_price_cents", "stock"])
        .where(rulesWhere(await catalogue(), rules))
        .execute();
      return rows;
    };
    const onSale = await members("on-sale");
    const saleCount = await db.selectFrom("products").select("id").where("sale_price_cents", ">", 0).execute();
    expect(onSale.length).toBe(saleCount.length);
    const summer = await members("summer-edit");
    expect(summer.length).toBeGreaterThan(3);
    for (const p of summer) expect(titlesOf("summer"), p.title).toContain(p.title);
    expect(summer.every((p) => p.stock > 0)).toBe(true);
    // The manual one in the owner's order.
    const picks = await db
      .selectFrom("collection_products")
      .innerJoin("collections", "collections.id", "collection_products.collection_id")
      .innerJoin("products", "products.id", "collection_products.product_id")
      .select("products.title")
      .where("collections.handle", "=", "staff-favourites")
      .orderBy("collection_products.position")
      .execute();
    expect(picks.map((p) => p.title).slice(0, 3)).toEqual(["Air Max 90", "Satin Effect Midi Dress", "501 Original Fit Jeans"]);
    expect(picks.length).toBe(8);
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

  it("fills a shop emptied by its owner again, leaving the owner's collections as they are", async () => {
    await db.deleteFrom("products").execute();
    await db.updateTable("collections").set({ name: "Mid-season sale" }).where("handle", "=", "on-sale").execute();
    expect(await seedDemoCatalog()).toBeGreaterThanOrEqual(60);
    const names = await db.selectFrom("collections").select("name").orderBy("position").execute();
    expect(names.map((c) => c.name)).toEqual(["Mid-season sale", "Staff favourites", "Summer edit"]);
    expect(await db.selectFrom("collection_products").select("product_id").execute()).toEqual([]);
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

  it("builds issue 49's large catalogue once: 200 categories in two levels, 500 brands, 50 automatic collections of every rule", async () => {
    const collections = await seedWideCatalogue();
    expect(await seedWideCatalogue()).toEqual(collections);
    const categories = await db.selectFrom("categories").select(["id", "parent_id"]).execute();
    const tops = categories.filter((c) => c.parent_id === null);
    expect([categories.length, tops.length]).toEqual([200, 40]);
    for (const top of tops) expect(categories.filter((c) => c.parent_id === top.id)).toHaveLength(4);
    const brands = await db.selectFrom("brands").select("id").execute();
    expect(brands).toHaveLength(500);
    expect(collections).toHaveLength(50);
    const fields = new Set(collections.flatMap((c) => c.rules.split("+")));
    expect(fields).toEqual(new Set(["category", "brand", "tag", "price", "onSale", "inStock"]));

    await db.deleteFrom("products").execute();
    await seedBenchmarkProducts(2000, { wide: true });
    const { categories: tree } = await catalogue();
    const perTop = tops.map((top) => new Set(tree.filter((c) => c.id === top.id || c.parentId === top.id).map((c) => c.id)));
    const products = await db.selectFrom("products").select(["id", "category"]).execute();
    const shares = perTop.map((within) => products.filter((p) => within.has(p.category)).length);
    // A long tail: the first department holds the most, and every one has some.
    expect(shares[0]).toBe(Math.max(...shares));
    expect(shares[0]!).toBeGreaterThan(400);
    expect(Math.min(...shares)).toBeGreaterThan(0);
    const tagged = await db.selectFrom("product_tags").select(["product_id", "tag"]).execute();
    expect(new Set(tagged.map((t) => t.product_id)).size).toBeGreaterThan(1000);
    // An automatic collection on a top category holds its subcategories' products too.
    const edit1 = (await catalogue()).collections.find((c) => c.handle === "edit-1")!;
    const members = await db
      .selectFrom("products")
      .select("category")
      .where(rulesWhere(await catalogue(), edit1.rules!))
      .execute();
    expect(members.length).toBe(shares[tops.findIndex((t) => t.id === edit1.rules![0]!.value)]);
    expect(new Set(members.map((m) => m.category)).size).toBe(5);
  });
});
