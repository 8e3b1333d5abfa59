import { CsvError, parse } from "csv-parse/sync";
import { READ_COLUMNS, SHOPIFY_COLUMNS } from "~/lib/product-import";
import { MAX_IMPORT_BYTES } from "./upload.server";

// Reads Shopify's product CSV: UTF-8 with or without BOM, commas or semicolons, quoted fields with
// line breaks; refuses what is not such a file (status 400) or is too large (413). csv-parse does
// the reading (decision 0070); this module checks what it is given and names every row's line.

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

/** A product CSV has at most this many columns (Shopify's has 36, with metafields a few dozen more). */
export const MAX_COLUMNS = 200;
/** The most one row may hold: a long Body (HTML) fits many times over. */
const MAX_RECORD_CHARS = 1_000_000;

/** The columns parse keeps in `cells`: the ones the import reads, and the photo of a variant. */
export const CELL_COLUMNS: readonly string[] = [...READ_COLUMNS, "Variant Image"];
const CELL_BY_NAME = new Map(CELL_COLUMNS.map((name) => [name.toLowerCase(), name]));
const KNOWN = new Set(SHOPIFY_COLUMNS.map((name) => name.toLowerCase()));

const refuse = (status: 400 | 413, message: string): ParseResult => ({ ok: false, status, message });
const count = (n: number) => n.toLocaleString("en-US");

/**
 * The shop's own export puts an apostrophe before text a spreadsheet would run as a formula
 * (csv.server.ts); reading it back takes the apostrophe off, so an export round-trips.
 */
export function unneutralised(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** The delimiter that splits the header line into more of Shopify's columns (a comma on a tie). */
function sniffDelimiter(text: string): "," | ";" {
  const end = text.search(/[\r\n]/);
  const header = end === -1 ? text : text.slice(0, end);
  const known = (delimiter: string) =>
    header.split(delimiter).filter((name) => KNOWN.has(name.trim().replace(/^"|"$/g, "").trim().toLowerCase())).length;
  return known(";") > known(",") ? ";" : ",";
}

/** Byte offsets where each line after the first starts (\r\n, \n or \r end a line). */
function lineStarts(bytes: Uint8Array): number[] {
  const starts: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 10) starts.push(i + 1);
    else if (b === 13 && bytes[i + 1] !== 10) starts.push(i + 1);
  }
  return starts;
}

/** The 1-based line of a byte offset. */
function lineAt(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (starts[mid]! <= offset) low = mid + 1;
    else high = mid;
  }
  return low + 1;
}

type Record_ = { record: string[]; info: { bytes: number } };

/** What csv-parse found wrong, as the owner reads it; `line`: where the row it stopped in starts. */
function csvProblem(error: CsvError, line: number): string {
  switch (error.code.replace(/^CSV_/, "")) {
    case "QUOTE_NOT_CLOSED":
      return `line ${line}: a quoted cell that starts on this row is never closed (a " is missing)`;
    case "INVALID_CLOSING_QUOTE":
    case "NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE":
      return `line ${line}: a quoted cell has text after its closing quote (a quote inside a cell is written "")`;
    case "INVALID_OPENING_QUOTE":
      return `line ${line}: a cell has a quote in the middle (quote the whole cell and write its quotes as "")`;
    case "MAX_RECORD_SIZE":
      return `line ${line}: the row is longer than ${count(MAX_RECORD_CHARS)} characters: a product CSV's rows are much shorter`;
    default:
      return `line ${line}: ${error.message}`;
  }
}

/**
 * Shopify's product CSV as rows of the columns the import reads, each with the line it starts on.
 * Rows with nothing in them are dropped; a row shorter than the header gets '' for what it lacks.
 */
export function parseProductCsv(bytes: Uint8Array): ParseResult {
  if (bytes.byteLength > MAX_IMPORT_BYTES) {
    return refuse(413, `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB: split it into smaller files`);
  }
  if (bytes.includes(0)) return refuse(400, "This is not a CSV file: it is not text (it has NUL bytes, as pictures and programs do)");
  let text: string;
  try {
    // A byte-order mark is dropped by the decoder; anything that is not UTF-8 is refused.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refuse(400, 'This is not a CSV file in UTF-8: save it from your spreadsheet as "CSV UTF-8"');
  }
  if (!text.trim()) return refuse(400, "The file is empty");
  const delimiter = sniffDelimiter(text);
  // csv-parse counts a CRLF inside a quoted cell as two lines (its info.lines), so lines are counted
  // here from where each record ends (info.bytes: UTF-8 bytes of the text without its BOM).
  const encoded = Buffer.from(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, "utf8");
  const starts = lineStarts(encoded);
  const startLine = (from: number) => {
    let offset = from;
    while (encoded[offset] === 10 || encoded[offset] === 13) offset++;
    return lineAt(starts, offset);
  };
  // csv-parse spends tens of seconds building a record of a million cells before anything can
  // look at it: a row that wide is refused first, by a count that only follows the quotes.
  const wide = tooWideRow(text, delimiter);
  if (wide) return refuse(400, `line ${wide.line} has ${count(wide.columns)} columns: a product CSV has at most ${MAX_COLUMNS}`);
  let records: Record_[];
  // Where the last whole record ended: a broken one starts after it (csv-parse's own count, its
  // error's bytes_records, runs to where it gave up).
  let readUpTo = 0;
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      info: true,
      // Rows of other lengths are checked below, with a message that names the line.
      relax_column_count: true,
      max_record_size: MAX_RECORD_CHARS,
      skip_empty_lines: true,
      on_record: (record, context) => {
        readUpTo = context.bytes;
        return record;
      },
    }) as unknown as Record_[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return refuse(400, `This file cannot be read as a CSV: ${csvProblem(error, startLine(readUpTo))}`);
  }

  const [header, ...body] = records;
  if (!header) return refuse(400, "The file is empty");
  if (header.record.length > MAX_COLUMNS) {
    return refuse(400, `line 1 has ${count(header.record.length)} columns: a product CSV has at most ${MAX_COLUMNS}`);
  }
  const columns = header.record.map((name) => name.trim());
  const at = new Map<string, number>();
  const ignoredColumns: string[] = [];
  columns.forEach((name, index) => {
    const cell = CELL_BY_NAME.get(name.toLowerCase());
    if (cell && !at.has(cell)) at.set(cell, index);
    else if (name && !ignoredColumns.includes(name)) ignoredColumns.push(name);
  });
  if (!at.has("Handle")) return refuse(400, "This is not a product CSV: its first line has no Handle column");

  const rows: ParsedRow[] = [];
  let end = header.info.bytes;
  for (const { record, info } of body) {
    const line = startLine(end);
    end = info.bytes;
    if (record.length > MAX_COLUMNS) {
      return refuse(400, `line ${line} has ${count(record.length)} columns: a product CSV has at most ${MAX_COLUMNS}`);
    }
    if (record.length > columns.length && record.slice(columns.length).some((cell) => cell.trim() !== "")) {
      return refuse(
        400,
        `line ${line} has ${count(record.length)} columns but the header has ${count(columns.length)}: a cell with a ${delimiter === "," ? "comma" : "semicolon"} must be quoted`,
      );
    }
    if (record.every((cell) => cell.trim() === "")) continue;
    const cells: Record<string, string> = {};
    for (const name of CELL_COLUMNS) {
      const index = at.get(name);
      cells[name] = index === undefined ? "" : unneutralised(record[index] ?? "");
    }
    rows.push({ line, cells });
  }
  return { ok: true, file: { rows, columns, ignoredColumns, delimiter } };
}

/**
 * The first record with more than MAX_COLUMNS cells, counting delimiters outside quotes (a quote
 * opens or closes a quoted cell; a doubled quote inside one is two toggles, which cancel), with the
 * line it starts on; null when there is none. One pass, no cells made.
 */
function tooWideRow(text: string, delimiter: string): { line: number; columns: number } | null {
  const sep = delimiter.charCodeAt(0);
  let quoted = false;
  let cells = 1;
  let line = 1;
  let recordLine = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (c === 10) {
      line++;
      if (!quoted) {
        if (cells > MAX_COLUMNS) return { line: recordLine, columns: cells };
        cells = 1;
        recordLine = line;
      }
    } else if (c === sep && !quoted) cells++;
  }
  return cells > MAX_COLUMNS ? { line: recordLine, columns: cells } : null;
}
