import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvCell, csvResponse, csvRow, CsvMoney, type CsvValue } from "./csv.server";

describe("csvCell", () => {
  it("quotes what needs it and doubles quotes (RFC 4180)", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a, b")).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(" padded ")).toBe('" padded "');
    expect(csvCell(null)).toBe("");
    expect(csvCell(42)).toBe("42");
  });

  it("writes money as a decimal with two places", () => {
    expect(csvCell(new CsvMoney(1999))).toBe("19.99");
    expect(csvCell(new CsvMoney(500))).toBe("5.00");
    expect(csvCell(new CsvMoney(0))).toBe("0.00");
  });

  it("neutralises text a spreadsheet would run as a formula", () => {
    for (const text of ["=1+1", "+SUM(A1)", "-2+3", "@cmd", "\t=x", "\r=x"]) expect(csvCell(text).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    // Only at the start: a dash inside a title is just a dash.
    expect(csvCell("T-shirt")).toBe("T-shirt");
  });
});

describe("csvResponse", () => {
  async function* batches(rows: CsvValue[][], size: number) {
    for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
  }

  it("streams a header and every row, CRLF-ended, that a CSV parser reads back as written", async () => {
    const rows: CsvValue[][] = [
      ["1", 'Tee, "Classic"\nwith a line break', new CsvMoney(1250)],
      ["2", "=cmd|' /C calc'!A0", new CsvMoney(99)],
      ["3", "Ünïcode ✓", null],
    ];
    const response = csvResponse("x.csv", ["Id", "Title", "Price"], batches(rows, 2));
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="x.csv"');
    // A UTF-8 byte-order mark first (response.text() would drop it), then the header.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith("\uFEFFId,Title,Price\r\n")).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(parse(text, { bom: true, columns: true })).toEqual([
      { Id: "1", Title: 'Tee, "Classic"\nwith a line break', Price: "12.50" },
      { Id: "2", Title: "'=cmd|' /C calc'!A0", Price: "0.99" },
      { Id: "3", Title: "Ünïcode ✓", Price: "" },
    ]);
  });

  it("asks for the next batch only when the reader wants more", async () => {
    let produced = 0;
    async function* counting() {
      for (let i = 0; i < 100; i++) {
        produced++;
        yield [[String(i)]];
      }
    }
    const reader = csvResponse("x.csv", ["n"], counting()).body!.getReader();
    await reader.read(); // the header
    await reader.read(); // the first batch
    expect(produced).toBeLessThan(5);
    await reader.cancel();
  });

  it("formats a row", () => {
    expect(csvRow(["a", 1, null, new CsvMoney(5)])).toBe("a,1,,0.05\r\n");
  });
});
