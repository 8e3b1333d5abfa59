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

/** Words longer than this are not tried as two written apart (bounds the query a long word makes). */
const SPLIT_UP_TO = 20;

/**
 * The forms a word is searched as, each a prefix: itself, and without an English plural ending
 * ("shirts" as "shirt", "dresses" as "dress", "accessories" also as "accessory"). A form that
 * another form begins with adds nothing (every form is a prefix), so only the shortest are kept.
 */
export function wordForms(word: string): string[] {
  const lower = word.toLowerCase();
  const forms = [lower];
  if (lower.length >= 4 && lower.endsWith("s") && !lower.endsWith("ss")) {
    if (lower.endsWith("ies")) forms.push(`${lower.slice(0, -3)}y`);
    if (/(?:s|x|z|ch|sh)es$/.test(lower)) forms.push(lower.slice(0, -2));
    forms.push(lower.slice(0, -1));
  }
  return forms.filter((form, i) => !forms.some((other, j) => j !== i && form.startsWith(other) && (form !== other || j < i)));
}

/**
 * One alternative a word may be found as: tokens in a row, the last a prefix. ["tshirt"] is the
 * word as one; ["t", "shirt"] the same word written with a hyphen or a space ("T-Shirt").
 */
type Alternative = string[];

/**
 * What a shopper typed, as alternatives per word, every word required: each of its forms, each
 * form written apart in two (a hyphen or a space the shopper left out: "tshirt" finds "T-Shirt"),
 * and the word written together with the word before or after it (a space the shopper put in:
 * "t shirt" finds "Tshirt"). Hyphens and spaces are so ignored in matching, both ways.
 */
export function searchAlternatives(words: string[]): Alternative[][] {
  const forms = words.map(wordForms);
  const joined = (i: number) => (i < 0 || i + 1 >= words.length ? [] : wordForms(words[i]! + words[i + 1]!));
  return words.map((_, i) => {
    const alternatives: Alternative[] = [];
    for (const form of forms[i]!) {
      alternatives.push([form]);
      if (form.length > SPLIT_UP_TO) continue;
      // Split only after a first part of one or two letters, as such words are written ("t-shirt",
      // "e-bike", "x-ray"): a split anywhere made about 60 phrases of a long word, many of them a
      // costly two-letter prefix ("tshi rt"*). The second part at least two characters: "shirt s"*
      // would find any "shirt" before an s-word.
      for (let at = 1; at <= Math.min(2, form.length - 2); at++) alternatives.push([form.slice(0, at), form.slice(at)]);
    }
    for (const form of [...joined(i - 1), ...joined(i)]) alternatives.push([form]);
    return alternatives;
  });
}

/**
 * The ids of the owner's categories and brands whose names have a word (per word of the search,
 * from search-names.server.ts): products are indexed by their category's and brand's ids, so a
 * name the owner gave ("Atelier Nord") is searched as its row's id, in those columns only.
 */
export type NamedIds = string[][];

/** An id as the index holds it: its letter and number runs, in a row. */
const idTokens = (id: string) => id.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** FTS5: each alternative a quoted phrase whose last token is a prefix; `{title} : (…)` when only the title counts. */
function ftsMatch(words: string[], titleOnly = false, named: NamedIds = []): string {
  const terms = searchAlternatives(words)
    .map((alternatives, i) => {
      const own = alternatives.map((tokens) => `"${tokens.join(" ")}"*`);
      const ids = titleOnly ? [] : (named[i] ?? []).map((id) => `{brand category} : "${idTokens(id).join(" ")}"`);
      return `(${[...own, ...ids].join(" OR ")})`;
    })
    .join(" AND ");
  return titleOnly ? `{title} : (${terms})` : terms;
}

/**
 * PostgreSQL: the same alternatives, tokens in a row joined by `<->`, the last a prefix (`:*`), in
 * the title only with weight A. shop_fold() drops diacritics as it does for the indexed text
 * (migration 0002). The words are letters and digits only, so quoting them is safe.
 */
function tsQuery(words: string[], titleOnly = false, named: NamedIds = []): RawBuilder<unknown> {
  const weight = titleOnly ? "A" : "";
  const phrase = (tokens: Alternative) =>
    tokens.map((t, i) => (i === tokens.length - 1 ? `'${t}':*${weight}` : `'${t}'${weight ? `:${weight}` : ""}`)).join(" <-> ");
  // A category's or brand's id, whole, in the brand (B) or category (C) part of the text.
  const idPhrase = (id: string) =>
    idTokens(id)
      .map((t) => `'${t}':BC`)
      .join(" <-> ");
  const text = searchAlternatives(words)
    .map((alternatives, i) => `(${[...alternatives.map(phrase), ...(titleOnly ? [] : (named[i] ?? []).map(idPhrase))].join(" | ")})`)
    .join(" & ");
  return sql`to_tsquery('simple', shop_fold(${text}))`;
}

/** Rows of `products` whose indexed text has every word. */
export function productMatches(words: string[], named: NamedIds = []): RawBuilder<boolean> {
  return engine === "postgres"
    ? sql<boolean>`products.search_vector @@ ${tsQuery(words, false, named)}`
    : sql<boolean>`products.rowid in (select rowid from products_fts where products_fts match ${ftsMatch(words, false, named)})`;
}

/**
 * The products that have every word, best first: those with every word in the title, then by
 * relevance (title above brand above category above description), then by id.
 */
export function rankedMatches(words: string[], named: NamedIds = []): Products {
  if (engine === "postgres") {
    return db
      .selectFrom("products")
      .where(productMatches(words, named))
      .orderBy(sql`products.search_vector @@ ${tsQuery(words, true)}`, "desc")
      .orderBy(sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', products.search_vector, ${tsQuery(words, false, named)})`, "desc")
      .orderBy("products.id");
  }
  // bm25() can only rank rows of the FTS table itself, so the products are joined to it.
  return db
    .selectFrom(sql`products_fts`.as("f"))
    .innerJoin("products", (join) => join.on(sql<boolean>`products.rowid = f.rowid`))
    .where(sql<boolean>`products_fts match ${ftsMatch(words, false, named)}`)
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
