import { db } from "~/server/database/db.server";
import { catalogue, categoriesWithin, rulesWhere } from "./catalogue.server";

// What the sitemaps list (issue 40): every product's page with its last change, and the pages of
// the categories and collections that have products. A catalogue of 100,000 products is 20 pages of addresses;
// each page is read through the handle index, never by walking the table (decision 0052).

/** Addresses per sitemap page (the protocol allows 50,000; smaller pages stay quick to build and fetch). */
export const SITEMAP_PAGE_SIZE = 5000;

/**
 * How many pages of product addresses the catalogue fills (0 for an empty one), from the counts
 * the triggers keep per category and brand (migration 0007): some 30 rows, whatever the catalogue.
 */
export async function productSitemapPageCount(): Promise<number> {
  const row = await db
    .selectFrom("product_counts")
    .select((eb) => eb.fn.sum<number | string | null>("n").as("n"))
    .executeTakeFirst();
  return Math.ceil(Number(row?.n ?? 0) / SITEMAP_PAGE_SIZE);
}

export type SitemapProduct = { handle: string; lastmod: string };

/**
 * Page `page` (from 1) of the products by handle: at most SITEMAP_PAGE_SIZE, [] past the end. The
 * first handle of the page is found in the handle index alone (no table rows read for the ones
 * skipped); the page itself is then a range of that index.
 */
export async function productSitemapPage(page: number): Promise<SitemapProduct[]> {
  if (!Number.isSafeInteger(page) || page < 1) return [];
  const first = await db
    .selectFrom("products")
    .select("handle")
    .orderBy("handle")
    .limit(1)
    .offset((page - 1) * SITEMAP_PAGE_SIZE)
    .executeTakeFirst();
  if (!first) return [];
  const rows = await db
    .selectFrom("products")
    .select(["handle", "updated_at"])
    .where("handle", ">=", first.handle)
    .orderBy("handle")
    .limit(SITEMAP_PAGE_SIZE)
    .execute();
  return rows.map((row) => ({ handle: row.handle, lastmod: row.updated_at }));
}

export type SitemapCategory = { handle: string; lastmod: string };

/**
 * The owner's categories that have products, both levels, by their current handles, each with its
 * newest product change (a category's page shows its products, so it changed when one of them did;
 * a top category's shows its subcategories' too), in the tree's order. One look per category in
 * products_category_updated_idx (migration 0021).
 */
export async function sitemapCategories(): Promise<SitemapCategory[]> {
  const snapshot = await catalogue();
  const newest = await Promise.all(
    snapshot.categories.map((category) =>
      db
        .selectFrom("products")
        .select((eb) => eb.fn.max("updated_at").as("lastmod"))
        .where("category", "=", category.id)
        .executeTakeFirst(),
    ),
  );
  const own = new Map(snapshot.categories.map((category, i) => [category.id, newest[i]?.lastmod ?? null]));
  return snapshot.categories.flatMap((category) => {
    const lastmod = categoriesWithin(snapshot, [category.id])
      .map((id) => own.get(id))
      .filter((t): t is string => Boolean(t))
      .sort()
      .at(-1);
    return lastmod ? [{ handle: category.handle, lastmod }] : [];
  });
}

/** The collections that have products, by their current handles, in the owner's order (one short look each). */
export async function sitemapCollections(): Promise<Array<{ handle: string; lastmod: string }>> {
  const snapshot = await catalogue();
  // Each collection changed when it did or when its newest-changed product did; one without products is left out.
  const [rows, newest] = await Promise.all([
    db.selectFrom("collections").select(["id", "updated_at"]).execute(),
    Promise.all(
      snapshot.collections.map((collection) =>
        collection.rules === null
          ? db
              .selectFrom("collection_products")
              .innerJoin("products", "products.id", "collection_products.product_id")
              .select((eb) => eb.fn.max("products.updated_at").as("at"))
              .where("collection_products.collection_id", "=", collection.id)
              .executeTakeFirst()
          : db
              .selectFrom("products")
              .select((eb) => eb.fn.max("products.updated_at").as("at"))
              .where(rulesWhere(snapshot, collection.rules))
              .executeTakeFirst(),
      ),
    ),
  ]);
  const changed = new Map(rows.map((r) => [r.id, r.updated_at]));
  return snapshot.collections.flatMap((c, i) => {
    const products = newest[i]?.at ?? null;
    if (products === null) return [];
    const own = changed.get(c.id) ?? products;
    return [{ handle: c.handle, lastmod: own > products ? own : products }];
  });
}
