import { beforeAll, expect, it } from "vitest";
import { parseListingQuery } from "~/lib/listing";
import { db } from "~/server/database/db.server";
import { seedBenchmarkProducts, seedWideCatalogue } from "~/server/demo/bulk-seed.server";
import { listProducts } from "./catalog.server";
import { catalogue, categoriesWithin, resolve, rulesWhere } from "./catalogue.server";

// Issue 49's catalogue at scale (decision 0069): 200 categories, 500 brands, tags and 50 automatic
// collections over 8,000 products. Whichever plan a filter takes (many matches: the sort order's
// index walked, the filters checked on the way; few: found by the filter's index and sorted), the
// shopper gets the same products in the same order.

beforeAll(async () => {
  await seedWideCatalogue();
  await seedBenchmarkProducts(8000, { wide: true });
}, 60_000);

it("lists a top category with its subcategories, a tag and both, the same by either plan", async () => {
  const snapshot = await catalogue();
  const products = await db.selectFrom("products").select(["id", "category", "title", "unit_price_cents"]).execute();
  const tags = await db.selectFrom("product_tags").select(["product_id", "tag"]).execute();
  // [address, whether it matches more than the 2,000 products up to which the matches are sorted]
  const cases: Array<[string, boolean]> = [
    ["category=men&sortBy=price-hightolow&page=3", true],
    ["category=department-40&sortBy=title-atoz", false],
    // Three tags: checked per product while walking.
    ["tag=cotton,linen,wool&sortBy=title-atoz&page=2", true],
    // A rare tag, and a tag within a top category: found through the tag's index.
    ["tag=wool-29", false],
    ["category=men&tag=linen&page=2", false],
  ];
  for (const [search, walked] of cases) {
    const query = parseListingQuery(new URLSearchParams(search));
    const within = new Set(categoriesWithin(snapshot, resolve(snapshot, "category", query.category).ids));
    const tagged = new Set(tags.filter((t) => query.tag!.includes(t.tag)).map((t) => t.product_id));
    const matching = products
      .filter((p) => (!within.size || within.has(p.category)) && (!query.tag!.length || tagged.has(p.id)))
      .sort((a, b) =>
        query.sortBy === "title-atoz"
          ? a.title < b.title
            ? -1
            : a.title > b.title
              ? 1
              : a.id < b.id
                ? -1
                : 1
          : query.sortBy === "price-hightolow"
            ? b.unit_price_cents - a.unit_price_cents || (b.id < a.id ? -1 : 1)
            : a.unit_price_cents - b.unit_price_cents || (a.id < b.id ? -1 : 1),
      );
    expect(matching.length, search).toBeGreaterThan(24);
    expect(matching.length > 2000, search).toBe(walked);
    const page = await listProducts(query, 24);
    expect(page.total, search).toBe(matching.length);
    expect(
      page.items.map((p) => p.id),
      search,
    ).toEqual(matching.slice((query.page - 1) * 24, query.page * 24).map((p) => p.id));
  }
});

it("finds an automatic collection's products alike whether they are looked up or checked while walking", async () => {
  const snapshot = await catalogue();
  const automatic = snapshot.collections.filter((c) => c.rules !== null);
  expect(automatic).toHaveLength(50);
  for (const collection of automatic) {
    const ids = async (walk: boolean) =>
      (
        await db
          .selectFrom("products")
          .select("id")
          .where(rulesWhere(snapshot, collection.rules!, { walk }))
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .execute()
      ).map((r) => r.id);
    const found = await ids(false);
    expect(found.length, collection.handle).toBeGreaterThan(0);
    expect(await ids(true), collection.handle).toEqual(found);
  }
});
