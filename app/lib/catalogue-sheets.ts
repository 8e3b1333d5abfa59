import { withParams } from "./url";

// The address of /admin/catalogue's sheets and questions (decision 0066): one open at a time.

/** `category`, `brand`, `collection`: new or an id; `parent` a new subcategory's; `find` a collection's product search. */
export const CATALOGUE_SHEET_KEYS = [
  "category",
  "parent",
  "brand",
  "collection",
  "find",
  "delete-category",
  "delete-brand",
  "delete-collection",
];

/** The page with only these sheet parameters (none: every sheet closed), the rest of the address kept. */
export function sheetHref(location: { pathname: string; search: string }, open: Record<string, string> = {}): string {
  return withParams(location, { ...Object.fromEntries(CATALOGUE_SHEET_KEYS.map((key) => [key, null])), ...open });
}
