// Bringing a catalogue in and out (issue 50): Shopify's product CSV, as the shop reads and writes it.
// Shared by the server (import, export) and the owner's pages.

/**
 * The columns of Shopify's product CSV, in the order Shopify writes them: one row per variant,
 * the rows of a product sharing its Handle; a product's second and later photos may have rows of
 * their own with only Handle, Image Src, Image Position and Image Alt Text. The export writes these
 * (the ones the shop has nothing for stay empty); the import reads the ones in READ_COLUMNS and lists
 * every other column of a file as ignored.
 */
export const SHOPIFY_COLUMNS = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Product Category",
  "Type",
  "Tags",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "Variant SKU",
  "Variant Grams",
  "Variant Inventory Tracker",
  "Variant Inventory Qty",
  "Variant Inventory Policy",
  "Variant Fulfillment Service",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Requires Shipping",
  "Variant Taxable",
  "Variant Barcode",
  "Image Src",
  "Image Position",
  "Image Alt Text",
  "Gift Card",
  "SEO Title",
  "SEO Description",
  "Variant Image",
  "Variant Weight Unit",
  "Variant Tax Code",
  "Cost per item",
  "Status",
] as const;

/** The columns the import reads (issue 50); any other column of a file is listed as ignored. */
export const READ_COLUMNS = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Type",
  "Product Category",
  "Tags",
  "Published",
  "Status",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Variant SKU",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Inventory Qty",
  "Image Src",
  "Image Position",
  "Image Alt Text",
  "SEO Title",
  "SEO Description",
] as const;

/**
 * Something the import found: on a line of the file (1 = the header row) and in a column, or about
 * the whole file (line null). An error skips its row (or its product, when the product cannot be
 * made without it); a warning is reported and the row goes in.
 */
export type ImportProblem = {
  line: number | null;
  column: string | null;
  message: string;
  severity: "error" | "warning";
  /** The product it is about, when there is one. */
  handle?: string;
};

/** A photo of a planned product: fetched from `src` (http or https) or taken from the ZIP ("zip:<name>"). */
export type PlannedPhoto = {
  src: string;
  /** 0-based, in the order the file gives (Image Position, then file order). */
  position: number;
  alt: string;
  /** The colour it shows (a Variant Image on a row of that colour), or null for every colour. */
  color: string | null;
  line: number;
};

export type PlannedVariant = {
  size: string;
  /** '' when the product has no colours. */
  color: string;
  /** "#rrggbb" when the colour's name is a known one, else ''. */
  colorHex: string;
  sku: string | null;
  stock: number;
  line: number;
};

/**
 * One product as the import will write it, every value already checked: applying it never finds
 * the file wrong, only the shop changed meanwhile. Money in cents; the category and the brand by
 * name (created first when the shop has no such one, see ImportSummary).
 */
export type ImportItemData = {
  handle: string;
  /** The file's lines this product came from (its rows that went in). */
  lines: number[];
  title: string;
  /** Plain text, as the shop keeps descriptions (Body (HTML) made text). */
  description: string;
  /** The category's names from the top: ["Women"] or ["Women", "Dresses"]. */
  categoryPath: string[];
  /** The brand's name (Vendor). */
  brand: string;
  tags: string[];
  priceCents: number;
  /** 0 = not on sale. */
  salePriceCents: number;
  seoTitle: string;
  seoDescription: string;
  variants: PlannedVariant[];
  photos: PlannedPhoto[];
  /** An update: the product's updated_at when the dry run read it; changed since, it is not overwritten. */
  checkedAt?: string;
};

/** A category the import will make: its names from the top, and the kinds of sizes its products have. */
export type PlannedCategory = { path: string[]; sizes: Array<"clothing" | "footwear" | "none"> };

/** The dry run's report: what importing the file would do. Stored with the import, shown to the owner. */
export type ImportSummary = {
  fileName: string;
  format: "csv" | "zip";
  /** Data rows read (the header not counted). */
  rows: number;
  products: { create: number; update: number; unchanged: number; skipped: number };
  variants: number;
  photos: number;
  categoriesToCreate: PlannedCategory[];
  brandsToCreate: string[];
  /** Columns of the file the import does not read. */
  ignoredColumns: string[];
  /** At most MAX_REPORTED_PROBLEMS, errors first; problemsTotal says how many there were. */
  problems: ImportProblem[];
  problemsTotal: number;
  errors: number;
  warnings: number;
};

export const MAX_REPORTED_PROBLEMS = 1000;

export type ImportState = "planned" | "queued" | "running" | "done" | "failed" | "discarded";

/** An import as the owner's page and GET /api/admin/products/import/:id answer it. */
export type ImportJob = {
  id: string;
  fileName: string;
  state: ImportState;
  summary: ImportSummary;
  /** Products of the plan, and how many of them are applied. */
  itemsTotal: number;
  itemsDone: number;
  /** Rows of the file the plan holds, and how many of them are in (the rows of done products). */
  rowsTotal: number;
  rowsDone: number;
  /** What applying reported (photos that could not be fetched, products that failed). */
  applyProblems: ImportProblem[];
  /** Why the whole import stopped, when it did. */
  failure: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
};

/** A problem as one line of the report: "line 14, Variant Price: 'abc' is not a price". */
export function problemText(problem: ImportProblem): string {
  const where = [problem.line === null ? null : `line ${problem.line}`, problem.column].filter(Boolean).join(", ");
  return where ? `${where}: ${problem.message}` : problem.message;
}

/**
 * What the import's routes let in at the server's door (their `handle`, read by the root's
 * limitBodies middleware): a little over the largest file (MAX_IMPORT_BYTES, 25 MB, upload.server.ts)
 * and the form around it, so a file over 25 MB is refused with the import's own message.
 */
export const IMPORT_ROUTE_HANDLE = { maxBodyBytes: 26 * 1024 * 1024 };
