// CSV for the owner's exports (RFC 4180): a header row, fields separated by commas, rows ended by
// CRLF; a field with a comma, a quote, a line break or spaces at its ends is quoted, its quotes
// doubled. Text that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a
// carriage return) gets a leading apostrophe, so opening the file never runs what a shopper typed.

/** Money for a CSV cell: a decimal with two places, written as a number (never neutralised). */
export class CsvMoney {
  constructor(readonly cents: number) {}
}

export type CsvValue = string | number | null | CsvMoney;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: CsvValue): string {
  if (value === null) return "";
  if (value instanceof CsvMoney) return (value.cents / 100).toFixed(2);
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/**
 * A CSV download streamed a batch of rows at a time: `batches` yields arrays of rows, and each is
 * encoded and sent before the next is read, so a large export never sits in memory whole. A
 * byte-order mark first, so spreadsheet programs read the file as UTF-8.
 */
export function csvResponse(filename: string, header: readonly string[], batches: AsyncIterable<CsvValue[][]>): Response {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvRow(header)}`));
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map(csvRow).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  // Never cached and never sniffed: the server says so for every page (http-app.server.ts).
  return new Response(stream, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${filename}"` },
  });
}
