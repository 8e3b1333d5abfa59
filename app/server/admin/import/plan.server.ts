// CONTRACT STUB (issue 50 foundation): the plan helper replaces this file.
import type { ImportItemData, ImportSummary } from "~/lib/product-import";
import type { ParsedFile } from "./parse.server";

export type PlannedItem = {
  handle: string;
  action: "create" | "update" | "unchanged";
  /** The product it updates (matched by handle, then by SKU); null for a new one. */
  productId: string | null;
  data: ImportItemData;
};

export type ImportPlan = { summary: ImportSummary; items: PlannedItem[] };

/**
 * The dry run: what importing `file` into the shop as it is now would do. Reads the database,
 * writes nothing. `photoFiles`: the photo files a ZIP brought (their names), for Image Src values
 * that name a file rather than an address.
 */
export async function planImport(
  _file: ParsedFile,
  _options: { fileName: string; format: "csv" | "zip"; photoFiles?: ReadonlySet<string> },
): Promise<ImportPlan> {
  throw new Error("planImport: not built yet");
}
