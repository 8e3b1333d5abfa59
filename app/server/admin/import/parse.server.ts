// CONTRACT STUB (issue 50 foundation): the parse helper replaces this file.
// Reads Shopify's product CSV: UTF-8 with or without BOM, commas or semicolons, quoted fields with
// line breaks; refuses what is not such a file (status 400) or is too large (413).

export type ParsedRow = {
  /** The file's line where the row starts (1 = the header). */
  line: number;
  /** Cells by column name (READ_COLUMNS and "Variant Image"); a missing cell is ''. */
  cells: Record<string, string>;
};

export type ParsedFile = {
  rows: ParsedRow[];
  /** Every column of the header, in order. */
  columns: string[];
  /** Columns the import does not read. */
  ignoredColumns: string[];
  delimiter: "," | ";";
};

export type ParseResult = { ok: true; file: ParsedFile } | { ok: false; status: 400 | 413; message: string };

export function parseProductCsv(_bytes: Uint8Array): ParseResult {
  throw new Error("parseProductCsv: not built yet");
}
