import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Collection } from "~/lib/catalogue";
import { parseListingQuery } from "~/lib/listing";
import { BrandSchema, CategorySchema, CollectionSchema } from "~/lib/schemas/catalogue";
import { db } from "~/server/database/db.server";
import { addedProduct } from "#tests/support/catalog";
import { listCollectionProducts, relatedProducts, searchProducts } from "./catalog.server";
import { catalogue, saveBrand, saveCategory, saveCollection } from "./catalogue.server";
import { BRANDS_SHOWN, listingFilterGroups } from "./listing-filters.server";
import { sitemapCategories, sitemapCollections } from "./sitemap.server";
import { homeCatalogue, shopMenu } from "./storefront.server";

// The storefront as the owner's catalogue shapes it (issue 49): the menu, the home page's tiles,
// the listing's filters and counts, a collection's products, the search by the owner's names,
// "You may also like" and the sitemap. Tests in order, on one catalogue built as they go.

async function added(title: string, over: Record<string, unknown> = {}) {
  const product = await addedProduct(title, over);
  // A second apart: "newest first" is the order they were added in, never a tie.
  await db
    .updateTable("products")
    .set({ created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, ++addedCount)).toISOString() })
    .where("id", "=", product.id)
    .execute();
  return product;
}
let addedCount = 0;

function ok<T>(result: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

/** A listing's filter groups, as a shopper sees them a few seconds later (what every listing shares is kept 5 s). */
function filters(search: string, more: "brand" | "category" | null = null) {
  vi.setSystemTime(Date.now() + 10_000);
  return listingFilterGroups(parseListingQuery(new URLSearchParams(search)), more);
}
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterAll(() => {
  vi.useRealTimers();
});
const countsOf = (options: Array<{ id: string; count: number | null }>) => Object.fromEntries(options.map((o) => [o.id, o.count]));

let dresses: { id: string; handle: string };
let atelier: { id: string; handle: string };
let linenEdit: Collection;

describe("the owner's catalogue on the storefront", () => {
  it("the menu and the home page: the top categories in order, the menu's and the home's collections", async () => {
    dresses = ok(await saveCategory(null, CategorySchema.parse({ name: "Dresses", parentId: "women" })));
    atelier = ok(await saveBrand(null, BrandSchema.parse({ name: "Atelier Nord" })));
    await added("Linen Wrap Dress", { category: dresses.id, brand: atelier.id, tags: "linen", price: "80" });
    await added("Linen Shift Dress", { category: dresses.id, brand: "zara", tags: "linen, summer", price: "60" });
    await added("Wool Coat", { category: "women", brand: "zara", tags: "wool", price: "150" });
    await added("Oxford Shirt", { category: "men", brand: "nike", price: "45" });
    linenEdit = ok(
      await saveCollection(
        null,
        CollectionSchema.parse({ name: "Linen edit", rules: [{ field: "tag", op: "is", value: "linen" }], inMenu: true, onHome: true }),
      ),
    );
    ok(await saveCollection(null, CollectionSchema.parse({ name: "Quiet one", rules: [{ field: "tag", op: "is", value: "wool" }] })));

    const snapshot = await catalogue();
    expect(shopMenu(snapshot)).toEqual({
      categories: [
        { name: "Men", handle: "men" },
        { name: "Women", handle: "women" },
        { name: "Kids", handle: "kids" },
        { name: "Accessories", handle: "accessories" },
        { name: "Footwear", handle: "footwear" },
      ],
      collections: [{ name: "Linen edit", handle: "linen-edit" }],
    });
    const home = homeCatalogue(snapshot);
    expect(home.categories.map((c) => c.name)).toEqual(["Men", "Women", "Kids", "Accessories", "Footwear"]);
    expect(home.brands.map((b) => b.name)).toEqual(["Nike", "Adidas", "Puma", "Levi's", "Zara", "H&M", "Atelier Nord"]);
    expect(home.collections).toEqual([{ name: "Linen edit", handle: "linen-edit", image: "", description: "" }]);
  });

  it("the listing's filters: the tree with counts, brands counted within the chosen categories and the other way round, tags", async () => {
    const all = await filters("");
    expect(all.categories.map((c) => [c.id, c.count, c.children.map((d) => [d.id, d.count])])).toEqual([
      ["men", 1, []],
      ["women", 3, [["women-dresses", 2]]],
    ]);
    expect(countsOf(all.brands)).toEqual({ nike: 1, zara: 2, "atelier-nord": 1 });
    expect(all.tags).toEqual([
      { id: "linen", label: "linen", count: 2 },
      { id: "summer", label: "summer", count: 1 },
      { id: "wool", label: "wool", count: 1 },
    ]);

    // Brands within the chosen categories; categories within the chosen brands (each group ignores its own choice).
    const inDresses = await filters("category=women-dresses");
    expect(countsOf(inDresses.brands)).toEqual({ zara: 1, "atelier-nord": 1 });
    expect(inDresses.categories.map((c) => c.id)).toEqual(["men", "women"]);
    const ofZara = await filters("brand=zara");
    expect(ofZara.categories.map((c) => [c.id, c.count, c.children.map((d) => d.count)])).toEqual([["women", 2, [1]]]);
    // A ticked brand stays offered even without products among the chosen categories.
    expect(countsOf((await filters("category=men&brand=zara")).brands)).toEqual({ nike: 1, zara: 0 });
    // A tag the address asks for that is not among the most used stays offered, without a count.
    expect((await filters("tag=cotton")).tags.at(-1)).toEqual({ id: "cotton", label: "cotton", count: null });
  });

  it("a long list of brands shows the first ones and every ticked one; `more` shows them all", async () => {
    for (let i = 1; i <= BRANDS_SHOWN + 5; i++) {
      const brand = ok(await saveBrand(null, BrandSchema.parse({ name: `Label ${String(i).padStart(2, "0")}` })));
      await added(`Label tee ${i}`, { category: "men", brand: brand.id });
    }
    const cut = await filters("");
    expect(cut.brands).toHaveLength(BRANDS_SHOWN);
    expect(cut.hiddenBrands).toBe(8);
    const ticked = await filters("brand=label-35");
    expect(ticked.brands.map((b) => b.id)).toContain("label-35");
    expect(ticked.brands).toHaveLength(BRANDS_SHOWN + 1);
    const whole = await filters("", "brand");
    expect(whole.brands).toHaveLength(BRANDS_SHOWN + 8);
    expect(whole.hiddenBrands).toBe(8);
  });

  it("a collection's page: an automatic one newest first or sorted, a manual one in the owner's order, page by page", async () => {
    const newest = await listCollectionProducts(linenEdit, "", 1);
    expect(newest.items.map((p) => p.title)).toEqual(["Linen Shift Dress", "Linen Wrap Dress"]);
    expect(newest.total).toBe(2);
    expect((await listCollectionProducts(linenEdit, "price-hightolow", 1)).items.map((p) => p.title)).toEqual([
      "Linen Wrap Dress",
      "Linen Shift Dress",
    ]);
    // Kept up to date: a product the owner tags joins it.
    await added("Linen Trousers", { category: "men", brand: "nike", tags: "linen" });
    expect((await listCollectionProducts(linenEdit, "title-atoz", 1)).items.map((p) => p.title)).toEqual([
      "Linen Shift Dress",
      "Linen Trousers",
      "Linen Wrap Dress",
    ]);
    expect((await listCollectionProducts(linenEdit, "title-atoz", 2, 2)).items.map((p) => p.title)).toEqual(["Linen Wrap Dress"]);

    const ids = (await db.selectFrom("products").select(["id", "title"]).orderBy("title").execute()).filter((p) =>
      ["Wool Coat", "Oxford Shirt", "Linen Wrap Dress"].includes(p.title),
    );
    const byTitle = Object.fromEntries(ids.map((p) => [p.title, p.id]));
    const picks = ok(
      await saveCollection(
        null,
        CollectionSchema.parse({
          name: "Owner picks",
          productIds: [byTitle["Wool Coat"], byTitle["Linen Wrap Dress"], byTitle["Oxford Shirt"]],
        }),
      ),
    );
    expect((await listCollectionProducts(picks, "", 1)).items.map((p) => p.title)).toEqual([
      "Wool Coat",
      "Linen Wrap Dress",
      "Oxford Shirt",
    ]);
    const second = await listCollectionProducts(picks, "", 2, 2);
    expect([second.items.map((p) => p.title), second.total, second.pageCount]).toEqual([["Oxford Shirt"], 3, 2]);
    expect((await listCollectionProducts(picks, "price-lowtohigh", 1)).items.map((p) => p.title)).toEqual([
      "Oxford Shirt",
      "Linen Wrap Dress",
      "Wool Coat",
    ]);
    expect(await listCollectionProducts({ ...picks, id: "nothing-here" }, "", 1)).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
  });

  it("the search finds products by their category's and brand's names as the owner wrote them", async () => {
    const found = async (keyword: string) => (await searchProducts(keyword, 1, 100)).items.map((p) => p.title).sort();
    expect(await found("atelier")).toEqual(["Linen Wrap Dress"]);
    expect(await found("nord dress")).toEqual(["Linen Wrap Dress"]);
    expect(await found("dresses")).toEqual(["Linen Shift Dress", "Linen Wrap Dress"]);
    // A top category's name finds its subcategories' products too.
    expect(await found("women")).toEqual(["Linen Shift Dress", "Linen Wrap Dress", "Wool Coat"]);
    expect(await found("atelier coat")).toEqual([]);
    // The demo's names, found as they always were.
    expect(await found("nike oxford")).toEqual(["Oxford Shirt"]);
    // Renamed: found by the new name at once.
    ok(await saveBrand(atelier.id, BrandSchema.parse({ name: "Maison Sud" })));
    expect(await found("maison")).toEqual(["Linen Wrap Dress"]);
    expect(await found("atelier")).toEqual([]);
  });

  it("'You may also like': the product's own category first, then the rest of its branch", async () => {
    const [wrap] = (await searchProducts("wrap", 1, 1)).items;
    const related = await relatedProducts(wrap!, 4);
    expect(related.map((p) => p.title)).toEqual(["Linen Shift Dress", "Wool Coat"]);
    const coat = (await searchProducts("coat", 1, 1)).items[0]!;
    expect((await relatedProducts(coat, 1)).map((p) => p.title)).toEqual(["Linen Shift Dress"]);
  });

  it("the sitemap: both levels of categories by their current handles, and the collections with products", async () => {
    ok(await saveCategory(dresses.id, CategorySchema.parse({ name: "Dresses", parentId: "women", handle: "dresses" })));
    const categories = await sitemapCategories();
    expect(categories.map((c) => c.handle)).toEqual(["men", "women", "dresses"]);
    const newest = await db
      .selectFrom("products")
      .select((eb) => eb.fn.max("updated_at").as("t"))
      .where("category", "in", ["women", dresses.id])
      .executeTakeFirstOrThrow();
    expect(categories.find((c) => c.handle === "women")!.lastmod).toBe(newest.t);
    const collections = await sitemapCollections();
    expect(collections.map((c) => c.handle)).toEqual(["linen-edit", "quiet-one", "owner-picks"]);
    // Each changed when it or its newest product did (a W3C date, as the sitemap's lastmod).
    for (const c of collections) expect(c.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
