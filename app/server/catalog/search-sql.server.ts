import { sql, type RawBuilder } from "kysely";

// The only SQLite-specific query text of the app (DESIGN: one small adapter). A PostgreSQL port
// replaces these two functions: a tsvector query for search, a plain column for the hint.

/**
 * Turns whatever a shopper typed into a safe FTS5 query: the letter and number runs of the text
 * (any script), each as a quoted prefix term, all required. Quotes, `*`, `(`, `-`, `NEAR`, column
 * filters and other FTS5 syntax never reach SQLite as syntax. Null when nothing searchable is left.
 */
export function ftsMatchExpression(keyword: string): string | null {
  const words = keyword.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = words.slice(0, 12).map((w) => `"${w.slice(0, 64)}"*`);
  return terms.length ? terms.join(" ") : null;
}

/** Rows of `products` whose indexed text matches an FTS5 expression from ftsMatchExpression. */
export function productMatches(match: string): RawBuilder<boolean> {
  return sql<boolean>`products.rowid in (select rowid from products_fts where products_fts match ${match})`;
}

/**
 * "This product has stock in one of these colours", asked per product, for colours without a bit
 * in `color_mask` (past the first 53). The index is named: it answers from the product's own
 * variants.
 */
export function hasColorInStock(colors: readonly string[]): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from product_variants as v indexed by product_variants_filter_idx
    where v.product_id = products.id and v.stock > 0 and lower(v.color) in (${sql.join(colors)}))`;
}

/**
 * A column reference SQLite will not use an index for (unary plus), so that a broad filter is
 * checked while walking the index of the sort order instead of sorting every match. See
 * docs/decisions/0007-listing-query-plan.md.
 */
export function withoutIndex(column: "products.category" | "products.brand"): RawBuilder<string> {
  return sql<string>`+${sql.ref(column)}`;
}
