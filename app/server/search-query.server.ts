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
