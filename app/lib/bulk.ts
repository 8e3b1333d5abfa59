// Bulk changes from the admin's product list (issue 50, decision 0074): what the owner may change
// at once, and what a preview or an apply answers. Shared by the server, the pages and /api.

/** The changes, in the order the panel offers them; `field` is the one value each takes. */
export const BULK_KINDS = [
  { id: "raise-percent", label: "Price: raise by percent", field: "value" },
  { id: "lower-percent", label: "Price: lower by percent", field: "value" },
  { id: "raise-amount", label: "Price: raise by amount", field: "value" },
  { id: "lower-amount", label: "Price: lower by amount", field: "value" },
  { id: "sale-percent", label: "Put on sale: percent off", field: "value" },
  { id: "sale-price", label: "Put on sale: set sale price", field: "value" },
  { id: "end-sale", label: "End sale", field: null },
  { id: "stock-set", label: "Stock: set every size to", field: "value" },
  { id: "stock-add", label: "Stock: add to every size", field: "value" },
  { id: "category", label: "Category", field: "category" },
  { id: "brand", label: "Brand", field: "brand" },
  { id: "add-tags", label: "Add tags", field: "tags" },
  { id: "remove-tags", label: "Remove tags", field: "tags" },
] as const;
export type BulkKind = (typeof BULK_KINDS)[number]["id"];

/** At most this many products change in one bulk change. */
export const BULK_MAX = 10_000;
/** A preview page lists this many products, then "and N more". */
export const BULK_PREVIEW_ROWS = 50;

/** A product's values that a change touches, before or after (only those it touches). */
export type BulkValues = {
  price?: number;
  salePrice?: number;
  /** The sum of its sizes' stock, and each size's. */
  stock?: number;
  variants?: Array<{ size: string; color: string; stock: number }>;
  category?: string;
  brand?: string;
  tags?: string[];
};

export type BulkRow = { id: string; title: string; before: BulkValues; after: BulkValues };
export type BulkRefusal = { id: string; title: string; message: string };

/** What a change would do (a preview) or did (an apply). */
export type BulkOutcome = {
  /** Products chosen (those still there). */
  chosen: number;
  /** Products whose values change: `products` lists each. */
  changed: number;
  products: BulkRow[];
  /** Products the change may not touch; any of them refuses the whole change (decision 0074). */
  refusals: BulkRefusal[];
};

/** The size of a JSON body of BULK_MAX ids and a change, with room to spare. */
export const BULK_MAX_BODY_BYTES = 1024 * 1024;

/** "3 products changed", the toast and the API's message after an apply. */
export const bulkChangedMessage = (n: number) => `${n} ${n === 1 ? "product" : "products"} changed`;
