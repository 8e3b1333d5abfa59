import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { shopifyRows } from "#tests/support/shopify-file";
import { parseProductCsv, type ParsedFile } from "./parse.server";

// Reading Shopify's product CSV (issue 50): what the owner's file becomes, and what is refused.

const fixture = (name: string) => new Uint8Array(fs.readFileSync(`tests/fixtures/shopify/${name}`));
const bytes = (text: string) => new TextEncoder().encode(text);

function parsed(input: Uint8Array): ParsedFile {
  const result = parseProductCsv(input);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.file;
}

function refusal(input: Uint8Array) {
  const result = parseProductCsv(input);
  if (result.ok) throw new Error("read, not refused");
  return { status: result.status, message: result.message };
}

describe("a Shopify product CSV", () => {
  it("is read with its lines, its columns and the ones the import leaves", () => {
    const file = parsed(fixture("apparel.csv"));
    expect(file.delimiter).toBe(",");
    expect(file.columns).toHaveLength(36);
    expect(file.rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(file.ignoredColumns).toEqual([
      "Option3 Name",
      "Option3 Value",
      "Variant Grams",
      "Variant Inventory Tracker",
      "Variant Inventory Policy",
      "Variant Fulfillment Service",
      "Variant Requires Shipping",
      "Variant Taxable",
      "Variant Barcode",
      "Gift Card",
      "Variant Weight Unit",
      "Variant Tax Code",
      "Cost per item",
    ]);
    const first = file.rows[0]!.cells;
    expect(first.Handle).toBe("classic-tee");
    expect(first["Option1 Value"]).toBe("Small");
    expect(first["Image Src"]).toBe("https://cdn.example.com/tee-front.jpg");
    expect(file.rows[3]!.cells["Variant Image"]).toBe("https://cdn.example.com/tee-white.jpg");
    expect(Object.keys(first)).not.toContain("Variant Grams");
  });

  it("with semicolons and a byte-order mark reads the same way, a semicolon inside quotes kept", () => {
    const file = parsed(fixture("semicolon-bom.csv"));
    expect(file.delimiter).toBe(";");
    expect(file.columns[0]).toBe("Handle");
    expect(file.rows.map((r) => [r.line, r.cells.Handle, r.cells.Title, r.cells["Variant Price"]])).toEqual([
      [2, "wool-scarf", "Wool Scarf; extra long", "12,50"],
      [3, "beanie", "Beanie", "9,90"],
      [4, "beanie", "", "9,90"],
    ]);
  });

  it("names the line a row starts on when a quoted Body (HTML) spans lines", () => {
    const file = parsed(fixture("multiline-body.csv"));
    expect(file.rows.map((r) => r.line)).toEqual([2, 8, 9]);
    expect(file.rows[0]!.cells["Body (HTML)"]).toContain("<li>Taped seams</li>\n<li>Hood</li>");
  });

  it("counts CRLF line breaks inside quotes once, and skips empty lines without losing count", () => {
    const text = 'Handle,Title\r\ntee,"Tee\r\nwith\r\nlines"\r\n\r\n,\r\ncap,Cap\r\n';
    const file = parsed(bytes(text));
    // Line 6 (",") is a row of empty cells: dropped.
    expect(file.rows.map((r) => [r.line, r.cells.Handle])).toEqual([
      [2, "tee"],
      [7, "cap"],
    ]);
  });

  it("matches column names in any letter case and with spaces around them", () => {
    const file = parsed(bytes(" handle ;TITLE;variant price;Colour code\ncap;Cap;5\n"));
    expect(file.delimiter).toBe(";");
    expect(file.rows[0]!.cells).toMatchObject({ Handle: "cap", Title: "Cap", "Variant Price": "5" });
    expect(file.ignoredColumns).toEqual(["Colour code"]);
  });

  it("takes back the apostrophe the shop's export puts before a formula, and only that one", () => {
    const csv = shopifyRows([
      { Handle: "a", Title: '\'=HYPERLINK("x")', Tags: "'-sale", Vendor: "'@brand" },
      { Handle: "b", Title: "'Quoted' words", Tags: "'+1", Vendor: "Rock 'n' Roll" },
    ]);
    const [a, b] = parsed(bytes(csv)).rows;
    expect([a!.cells.Title, a!.cells.Tags, a!.cells.Vendor]).toEqual(['=HYPERLINK("x")', "-sale", "@brand"]);
    expect([b!.cells.Title, b!.cells.Tags, b!.cells.Vendor]).toEqual(["'Quoted' words", "+1", "Rock 'n' Roll"]);
  });

  it("gives a short row '' for the cells it lacks", () => {
    const file = parsed(bytes("Handle,Title,Vendor\ncap,Cap\n"));
    expect(file.rows[0]!.cells.Vendor).toBe("");
  });
});

describe("what is not a product CSV is refused", () => {
  it("a picture's bytes", () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect(refusal(png)).toEqual({ status: 400, message: expect.stringMatching(/^This is not a CSV file: it is not text/) });
  });

  it("text that is not UTF-8", () => {
    const latin1 = new Uint8Array([...bytes("Handle,Title\ncaf"), 0xe9, 0x0a]);
    expect(refusal(latin1)).toEqual({
      status: 400,
      message: 'This is not a CSV file in UTF-8: save it from your spreadsheet as "CSV UTF-8"',
    });
  });

  it("an empty file, or one of blank lines", () => {
    expect(refusal(new Uint8Array())).toEqual({ status: 400, message: "The file is empty" });
    expect(refusal(bytes("\uFEFF\r\n\r\n"))).toEqual({ status: 400, message: "The file is empty" });
  });

  it("a CSV whose header has no Handle", () => {
    expect(refusal(bytes("Name,Price\nTee,5\n"))).toEqual({
      status: 400,
      message: "This is not a product CSV: its first line has no Handle column",
    });
  });

  it("a row of 10,000 columns, and a header of more than 200", () => {
    const wide = `Handle,Title\ntee,Tee\n${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(",")}\n`;
    expect(refusal(bytes(wide))).toEqual({ status: 400, message: "line 3 has 10,000 columns: a product CSV has at most 200" });
    const header = `Handle,${Array.from({ length: 200 }, (_, i) => `Extra ${i}`).join(",")}\ntee\n`;
    expect(refusal(bytes(header))).toEqual({ status: 400, message: "line 1 has 201 columns: a product CSV has at most 200" });
  });

  it("a row with more cells than the header, naming its line", () => {
    expect(refusal(bytes("Handle,Title\ntee,Tee\ncap,Cap, with a comma\n"))).toEqual({
      status: 400,
      message: "line 3 has 3 columns but the header has 2: a cell with a comma must be quoted",
    });
  });

  it("a broken quote, naming the line its row starts on", () => {
    expect(refusal(bytes('Handle,Title\ntee,Tee\ncap,"Cap\nstill open\n'))).toEqual({
      status: 400,
      message: 'This file cannot be read as a CSV: line 3: a quoted cell that starts on this row is never closed (a " is missing)',
    });
    expect(refusal(bytes('Handle,Title\ntee,"Tee" shirt\n')).message).toBe(
      'This file cannot be read as a CSV: line 2: a quoted cell has text after its closing quote (a quote inside a cell is written "")',
    );
  });

  it("a file over 25 MB, as too large", () => {
    const big = new Uint8Array(25 * 1024 * 1024 + 1).fill(0x41);
    expect(refusal(big)).toEqual({ status: 413, message: "The file is larger than 25 MB: split it into smaller files" });
  });
});
