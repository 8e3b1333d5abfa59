import { db } from "~/server/database/db.server";

// The listing's counts at any size of catalogue (issue 49, decision 0069): its total, each
// category's products within the chosen brands, and each brand's within the chosen categories. With none
// chosen on the other side, one row per category or brand (category_counts, brand_counts); within
// chosen ones, only their (category, brand) pairs of product_counts, found by an index either way
// (migration 0028). Never a walk over every pair: at 200 categories and 500 brands that was about
// 8,000 rows per count at 10,000 products.

/**
 * How many products the listing's category and brand filters match (the listing's total without a
 * size, colour or tag filter): without brands, a sum over category_counts (one row per category);
 * with them, over their pairs of product_counts.
 */
export async function productTotal(categoryIds: readonly string[], brandIds: readonly string[]): Promise<number> {
  const row = brandIds.length
    ? await db
        .selectFrom("product_counts")
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("n"), eb.lit(0)).as("total"))
        .where("brand", "in", [...brandIds])
        .$if(categoryIds.length > 0, (q) => q.where("category", "in", [...categoryIds]))
        .executeTakeFirstOrThrow()
    : await db
        .selectFrom("category_counts")
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("n"), eb.lit(0)).as("total"))
        .$if(categoryIds.length > 0, (q) => q.where("category", "in", [...categoryIds]))
        .executeTakeFirstOrThrow();
  return Number(row.total);
}

export type FilterCounts = { category: Map<string, number>; brand: Map<string, number> };

/** Products per category within `brandIds`, and per brand within `categoryIds` (all products when empty). */
export async function filterCounts(categoryIds: readonly string[], brandIds: readonly string[]): Promise<FilterCounts> {
  const [categories, brands] = await Promise.all([
    brandIds.length
      ? db
          .selectFrom("product_counts")
          .select((eb) => ["category", eb.fn.sum<number | string>("n").as("n")])
          .where("brand", "in", [...brandIds])
          .groupBy("category")
          .execute()
      : db.selectFrom("category_counts").select(["category", "n"]).where("n", ">", 0).execute(),
    categoryIds.length
      ? db
          .selectFrom("product_counts")
          .select((eb) => ["brand", eb.fn.sum<number | string>("n").as("n")])
          .where("category", "in", [...categoryIds])
          .groupBy("brand")
          .execute()
      : db.selectFrom("brand_counts").select(["brand", "n"]).where("n", ">", 0).execute(),
  ]);
  return {
    category: new Map(categories.map((r) => [r.category, Number(r.n)])),
    brand: new Map(brands.map((r) => [r.brand, Number(r.n)])),
  };
}
