import { sql, type RawBuilder, type SelectQueryBuilder } from "kysely";
import type { Database } from "#db/schema";
import { db, engine } from "~/server/database/db.server";

// The query text that differs between SQLite and PostgreSQL (DESIGN: one small adapter): full-text
// search (FTS5 there, a weighted tsvector here), and two hints for SQLite's planner.

type Products = SelectQueryBuilder<Database, "products", object>;

/**
 * The words of whatever a shopper typed: letter and number runs (any script), at most 12, each at
 * most 64 characters. Only these reach the search engine, each as a quoted prefix term, so quotes,
 * `*`, `(`, `-`, `NEAR`, `&`, `!`, column filters and other query syntax never do. Null when
 * nothing searchable is left.
 */
export function searchWords(keyword: string): string[] | null {
  const words = (keyword.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12).map((w) => w.slice(0, 64));
  return words.length ? words : null;
}

/** FTS5: every word as a prefix, all required; `{title} : (…)` when only the title counts. */
function ftsMatch(words: string[], titleOnly = false): string {
  const terms = words.map((w) => `"${w}"*`).join(" ");
  return titleOnly ? `{title} : (${terms})` : terms;
}

/**
 * PostgreSQL: every word as a prefix, all required (`'word':*`), in the title only with weight A.
 * shop_fold() drops diacritics as it does for the indexed text (migration 0002).
 */
function tsQuery(words: string[], titleOnly = false): RawBuilder<unknown> {
  const text = words.map((w) => `'${w}':*${titleOnly ? "A" : ""}`).join(" & ");
  return sql`to_tsquery('simple', shop_fold(${text}))`;
}

/** Rows of `products` whose indexed text has every word. */
export function productMatches(words: string[]): RawBuilder<boolean> {
  return engine === "postgres"
    ? sql<boolean>`products.search_vector @@ ${tsQuery(words)}`
    : sql<boolean>`products.rowid in (select rowid from products_fts where products_fts match ${ftsMatch(words)})`;
}

/**
 * The products that have every word, best first: those with every word in the title, then by
 * relevance (title above brand above category above description), then by id.
 */
export function rankedMatches(words: string[]): Products {
  if (engine === "postgres") {
    return db
      .selectFrom("products")
      .where(productMatches(words))
      .orderBy(sql`products.search_vector @@ ${tsQuery(words, true)}`, "desc")
      .orderBy(sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', products.search_vector, ${tsQuery(words)})`, "desc")
      .orderBy("products.id");
  }
  // bm25() can only rank rows of the FTS table itself, so the products are joined to it.
  return db
    .selectFrom(sql`products_fts`.as("f"))
    .innerJoin("products", (join) => join.on(sql<boolean>`products.rowid = f.rowid`))
    .where(sql<boolean>`products_fts match ${ftsMatch(words)}`)
    .orderBy(sql`f.rowid in (select rowid from products_fts where products_fts match ${ftsMatch(words, true)})`, "desc")
    .orderBy(sql`bm25(products_fts, 10.0, 4.0, 2.0, 1.0)`)
    .orderBy("products.id");
}

/**
 * "This product has stock in one of these colours", asked per product, for colours without a bit
 * in `color_mask` (past the first 53). On SQLite the index is named: it answers from the
 * product's own variants.
 */
export function hasColorInStock(colors: readonly string[]): RawBuilder<boolean> {
  const variants = engine === "postgres" ? sql`product_variants as v` : sql`product_variants as v indexed by product_variants_filter_idx`;
  return sql<boolean>`exists (select 1 from ${variants}
    where v.product_id = products.id and v.stock > 0 and lower(v.color) in (${sql.join(colors)}))`;
}

/**
 * A column reference SQLite will not use an index for (unary plus), so that a broad filter is
 * checked while walking the index of the sort order instead of sorting every match. See
 * docs/decisions/0007-listing-query-plan.md. PostgreSQL's planner weighs both plans by its
 * statistics itself: the plain column.
 */
export function withoutIndex(column: "products.category" | "products.brand"): RawBuilder<string> {
  return engine === "postgres" ? sql<string>`${sql.ref(column)}` : sql<string>`+${sql.ref(column)}`;
}
