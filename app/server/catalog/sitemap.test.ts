import { describe, expect, it } from "vitest";
import { productWith } from "#tests/support/catalog";
import { updateProduct } from "~/server/admin/products.server";
import { db } from "~/server/database/db.server";
import { seedBenchmarkProducts } from "~/server/demo/bulk-seed.server";
import { productSitemapPage, productSitemapPageCount, sitemapCategories, SITEMAP_PAGE_SIZE } from "./sitemap.server";

// Tests in order: an empty catalogue first, then one of some 12,000 products.

describe("an empty catalogue", () => {
  it("has no pages of products and no category pages", async () => {
    expect(await productSitemapPageCount()).toBe(0);
    expect(await productSitemapPage(1)).toEqual([]);
    expect(await sitemapCategories()).toEqual([]);
  });
});

describe("a catalogue of some 12,000 products", () => {
  it("is split into pages of 5,000 that list every product's handle once, with its last change", async () => {
    await seedBenchmarkProducts(12_000);
    await productWith([{ size: "M", stock: 2 }], { title: "Sitemap Linen Shirt", category: "kids" });
    const all = await db.selectFrom("products").select(["handle", "updated_at"]).execute();
    expect(all).toHaveLength(12_001);

    expect(SITEMAP_PAGE_SIZE).toBe(5000);
    expect(await productSitemapPageCount()).toBe(3);
    const pages = [await productSitemapPage(1), await productSitemapPage(2), await productSitemapPage(3)];
    expect(pages.map((p) => p.length)).toEqual([5000, 5000, 2001]);
    const listed = pages.flat();
    expect(new Set(listed.map((p) => p.handle)).size).toBe(12_001);
    expect(new Map(listed.map((p) => [p.handle, p.lastmod]))).toEqual(new Map(all.map((p) => [p.handle, p.updated_at])));
    expect(listed.some((p) => p.handle === "sitemap-linen-shirt")).toBe(true);

    // Past the end, or not a page at all: nothing.
    for (const page of [4, 0, -1, 1.5, Number.NaN]) expect(await productSitemapPage(page), String(page)).toEqual([]);
  });

  it("gives each category its newest product change; a product the owner edits moves its own and its category's", async () => {
    const before = await sitemapCategories();
    expect(before.map((c) => c.handle)).toEqual(["men", "women", "kids", "accessories", "footwear"]);
    for (const { handle: category, lastmod } of before) {
      const newest = await db
        .selectFrom("products")
        .select("updated_at")
        .where("category", "=", category)
        .orderBy("updated_at", "desc")
        .executeTakeFirstOrThrow();
      expect(lastmod, category).toBe(newest.updated_at);
    }

    const tee = await productWith([{ size: "S", stock: 1 }], { title: "Sitemap Moved Tee", category: "men" });
    // Made last year, so the edit's time is surely later.
    await db.updateTable("products").set({ updated_at: "2025-01-02T03:04:05.000Z" }).where("id", "=", tee.id).execute();
    const created = (await productSitemapPage(await pageOf("sitemap-moved-tee"))).find((p) => p.handle === "sitemap-moved-tee")!;
    expect(created.lastmod).toBe("2025-01-02T03:04:05.000Z");
    const updated = await updateProduct(tee.id, {
      title: "Sitemap Moved Tee",
      description: "Now for footwear",
      category: "footwear",
      brand: "nike",
      price: 25,
      salePrice: 0,
      variants: [{ size: "EU 42", color: "", colorHex: "", sku: null, stock: 1 }],
    });
    expect(updated.ok).toBe(true);
    const after = (await productSitemapPage(await pageOf("sitemap-moved-tee"))).find((p) => p.handle === "sitemap-moved-tee")!;
    expect(after.lastmod > created.lastmod).toBe(true);
    const stored = await db.selectFrom("products").select("updated_at").where("id", "=", tee.id).executeTakeFirstOrThrow();
    expect(after.lastmod).toBe(stored.updated_at);
    expect((await sitemapCategories()).find((c) => c.handle === "footwear")?.lastmod).toBe(after.lastmod);
  });
});

/** The sitemap page that lists `handle`. */
async function pageOf(handle: string): Promise<number> {
  const before = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("handle", "<", handle)
    .executeTakeFirstOrThrow();
  return Math.floor(Number(before.n) / SITEMAP_PAGE_SIZE) + 1;
}
