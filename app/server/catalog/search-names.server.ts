import { categoriesWithin, type CatalogueSnapshot } from "./catalogue.server";
import { searchAlternatives, type NamedIds } from "./search-sql.server";

// The search finds a product by its category's and brand's names as the owner wrote them (issue
// 49): the index holds the rows' ids (the demo's are words, `nike`; the owner's are random), so
// each word of the search is also matched against the catalogue's names here, and the rows whose
// names have it are searched by id (search-sql.server.ts). A name the owner changed is found at once.

/** A word as names are compared: lower case, diacritics dropped (as the index does). */
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
const tokensOf = (text: string) => fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether `name`'s words have `tokens` in a row, the last as a prefix (as the index matches them). */
function hasPhrase(name: string[], tokens: string[]): boolean {
  for (let at = 0; at + tokens.length <= name.length; at++) {
    if (tokens.every((t, i) => (i === tokens.length - 1 ? name[at + i]!.startsWith(t) : name[at + i] === t))) return true;
  }
  return false;
}

/** At most this many rows per word: a word that short matches too much to narrow anything. */
const IDS_PER_WORD = 50;

/**
 * For each word of a search, the ids of the categories and brands whose names have it (a top
 * category with its subcategories), leaving out ids the word finds in the index by itself (the
 * demo's `nike` for "nike").
 */
export function namedIds(snapshot: CatalogueSnapshot, words: string[]): NamedIds {
  const names = {
    category: snapshot.categories.map((c) => ({ id: c.id, words: tokensOf(c.name) })),
    brand: snapshot.brands.map((b) => ({ id: b.id, words: tokensOf(b.name) })),
  };
  return searchAlternatives(words).map((alternatives) => {
    const folded = alternatives.map((tokens) => tokens.map(fold));
    const hits = (rows: Array<{ id: string; words: string[] }>) =>
      rows.filter((row) => folded.some((tokens) => hasPhrase(row.words, tokens))).map((row) => row.id);
    const ids = [...categoriesWithin(snapshot, hits(names.category)), ...hits(names.brand)];
    const foundAnyway = (id: string) => {
      const own = tokensOf(id);
      return own.length === 1 && folded.some((tokens) => tokens.length === 1 && own[0].startsWith(tokens[0]!));
    };
    return [...new Set(ids)].filter((id) => tokensOf(id).length > 0 && !foundAnyway(id)).slice(0, IDS_PER_WORD);
  });
}
