import type { ImportItemData, ImportSummary, PlannedCategory } from "~/lib/product-import";
import type { ImportPlan, PlannedItem } from "~/server/admin/import/plan.server";

// Plans made by hand, as the dry run (plan.server.ts) makes them, for tests of applying them.

let lines = 1;

/** One product of a plan: a T-shirt in two sizes of one colour unless `over` says otherwise. */
export function plannedItem(
  handle: string,
  over: Partial<ImportItemData> = {},
  action: PlannedItem["action"] = "create",
  productId: string | null = null,
): PlannedItem {
  const first = lines + 1;
  const variants = over.variants ?? [
    { size: "S", color: "Navy", colorHex: "#1e3a8a", sku: `${handle}-s`, stock: 3, line: first },
    { size: "M", color: "Navy", colorHex: "#1e3a8a", sku: `${handle}-m`, stock: 4, line: first + 1 },
  ];
  lines = first + Math.max(variants.length, 1);
  return {
    handle,
    action,
    productId,
    data: {
      handle,
      lines: variants.map((v) => v.line),
      title: `Imported ${handle}`,
      description: `About ${handle}`,
      categoryPath: ["Imported", "Tees"],
      brand: "Importers",
      tags: ["imported"],
      priceCents: 2500,
      salePriceCents: 1900,
      seoTitle: `${handle} for sale`,
      seoDescription: `Buy ${handle}`,
      variants,
      photos: [],
      ...over,
    },
  };
}

/** A plan of these items, creating the category and brand they name unless told otherwise. */
export function planOf(
  items: PlannedItem[],
  over: { categoriesToCreate?: PlannedCategory[]; brandsToCreate?: string[]; fileName?: string } = {},
): ImportPlan {
  const summary: ImportSummary = {
    fileName: over.fileName ?? "products.csv",
    format: "csv",
    rows: items.reduce((sum, item) => sum + item.data.lines.length, 0),
    products: {
      create: items.filter((i) => i.action === "create").length,
      update: items.filter((i) => i.action === "update").length,
      unchanged: items.filter((i) => i.action === "unchanged").length,
      skipped: 0,
    },
    variants: items.reduce((sum, item) => sum + item.data.variants.length, 0),
    photos: items.reduce((sum, item) => sum + item.data.photos.length, 0),
    categoriesToCreate: over.categoriesToCreate ?? [{ path: ["Imported", "Tees"], sizes: ["clothing"] }],
    brandsToCreate: over.brandsToCreate ?? ["Importers"],
    ignoredColumns: [],
    problems: [],
    problemsTotal: 0,
    errors: 0,
    warnings: 0,
  };
  return { summary, items };
}
