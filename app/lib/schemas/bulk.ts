import * as z from "zod/mini";
import { BULK_MAX, type BulkKind } from "~/lib/bulk";
import { TagsSchema } from "./catalogue";
import { IdSchema, money, numeric, preprocess } from "./fields";

// A bulk change of the admin's products (issue 50, decision 0074): one schema for the list's panel
// (the preview page's GET and its apply POST) and for POST /api/admin/products/bulk.

const percent = (max: number, message: string) =>
  numeric("Enter a percent such as 10").check(
    z.refine((v) => v > 0 && v <= max, message),
    z.refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "A percent can have at most 2 decimals"),
  );
const amount = (label: string) => money(label).check(z.refine((v) => v > 0, `${label} must be greater than 0`));
const wholeStock = (min: number, message: string) =>
  numeric("Stock must be a whole number").check(
    z.refine((v) => Number.isInteger(v), "Stock must be a whole number"),
    z.refine((v) => v >= min && v <= 1_000_000, message),
  );
const catalogueId = (message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(100, message));
const tags = z.pipe(TagsSchema, z.array(z.string()).check(z.minLength(1, "Enter at least one tag")));

const change = <K extends BulkKind, S extends z.core.$ZodLooseShape>(kind: K, shape: S) => z.object({ kind: z.literal(kind), ...shape });

/** A change, discriminated by `kind`; each takes `value` (a number), `category`, `brand` or `tags`. */
export const BulkChangeSchema = z.discriminatedUnion(
  "kind",
  [
    change("raise-percent", { value: percent(1000, "Raise by more than 0 and at most 1000 percent") }),
    change("lower-percent", { value: percent(99.99, "Lower by more than 0 and less than 100 percent") }),
    change("raise-amount", { value: amount("The amount") }),
    change("lower-amount", { value: amount("The amount") }),
    change("sale-percent", { value: percent(99.99, "Take off more than 0 and less than 100 percent") }),
    change("sale-price", { value: amount("The sale price") }),
    change("end-sale", {}),
    change("stock-set", { value: wholeStock(0, "Stock is 0 to 1,000,000") }),
    change("stock-add", {
      value: wholeStock(-1_000_000, "Add -1,000,000 to 1,000,000").check(z.refine((v) => v !== 0, "Add something other than 0")),
    }),
    change("category", { category: catalogueId("Please choose a category") }),
    change("brand", { brand: catalogueId("Please choose a brand") }),
    change("add-tags", { tags }),
    change("remove-tags", { tags }),
  ],
  { error: "Choose a change" },
);
export type BulkChange = z.infer<typeof BulkChangeSchema>;

/** The list's filter, as the list's address names it (`q`, `category`, `brand`; '' for any). */
export const BulkFilterSchema = z.object({
  q: preprocess((v) => v ?? "", z.string({ error: "The filter's q is text" }).check(z.trim(), z.maxLength(100))),
  category: preprocess((v) => v ?? "", z.string({ error: "The filter's category is an id" }).check(z.trim(), z.maxLength(100))),
  brand: preprocess((v) => v ?? "", z.string({ error: "The filter's brand is an id" }).check(z.trim(), z.maxLength(100))),
});

/** The products a change takes: these ids, or all that a filter of the list chooses. */
export type BulkSelection = { ids: string[] } | { all: { keyword: string; category: string; brand: string } };

const ids = preprocess(
  (v) => (typeof v === "string" ? [v] : Array.isArray(v) ? [...new Set(v)] : v),
  z
    .array(IdSchema, { error: "ids is a list of product ids" })
    .check(z.maxLength(BULK_MAX, `At most ${BULK_MAX.toLocaleString("en")} products at once`)),
);

/** POST /api/admin/products/bulk: ids, or a filter (all matching), and the change. */
export const BulkRequestSchema = z
  .object({
    ids: z.optional(ids),
    filter: z.optional(BulkFilterSchema),
    change: BulkChangeSchema,
    preview: z.optional(z.boolean({ error: "preview is true or false" })),
    skipRefused: z.optional(z.boolean({ error: "skipRefused is true or false" })),
  })
  .check(
    z.refine((r) => (r.ids === undefined) !== (r.filter === undefined), {
      message: "Choose the products: send ids, or a filter for all products matching it (not both)",
      path: ["ids"],
    }),
    z.refine((r) => r.ids === undefined || r.ids.length > 0, { message: "Choose at least one product", path: ["ids"] }),
  );

/** The selection a request names. */
export function selectionOf(request: { ids?: string[]; filter?: { q: string; category: string; brand: string } }): BulkSelection {
  if (request.ids) return { ids: request.ids };
  const f = request.filter!;
  return { all: { keyword: f.q, category: f.category, brand: f.brand } };
}

// --- The list's panel and the preview page (plain forms: GET to preview, POST to apply) ---------

/** The panel's fields: the change's own names, but `toCategory` and `toBrand` (the filter has `category` and `brand`). */
export type BulkFormValues = { kind: string; value: string; toCategory: string; toBrand: string; tags: string };
const FORM_NAME: Record<string, keyof BulkFormValues> = {
  kind: "kind",
  value: "value",
  category: "toCategory",
  brand: "toBrand",
  tags: "tags",
};

type Params = { get(name: string): unknown; getAll(name: string): unknown[] };
const text = (params: Params, name: string) => {
  const v = params.get(name);
  return typeof v === "string" ? v.slice(0, 2000) : "";
};

export function bulkFormValues(params: Params): BulkFormValues {
  return {
    kind: text(params, "kind"),
    value: text(params, "value"),
    toCategory: text(params, "toCategory"),
    toBrand: text(params, "toBrand"),
    tags: text(params, "tags"),
  };
}

/** The panel's change, or its errors by field name. */
export function parseBulkForm(
  values: BulkFormValues,
): { ok: true; change: BulkChange } | { ok: false; fieldErrors: Partial<Record<keyof BulkFormValues, string[]>> } {
  const parsed = BulkChangeSchema.safeParse({
    kind: values.kind,
    value: values.value,
    category: values.toCategory,
    brand: values.toBrand,
    tags: values.tags,
  });
  if (parsed.success) return { ok: true, change: parsed.data };
  const fieldErrors: Partial<Record<keyof BulkFormValues, string[]>> = {};
  for (const issue of parsed.error.issues) {
    const name = FORM_NAME[String(issue.path[0] ?? "kind")] ?? "kind";
    fieldErrors[name] = [...(fieldErrors[name] ?? []), issue.message];
  }
  return { ok: false, fieldErrors };
}

/**
 * The products a form chose: `all=1` with the list's filter (`q`, `category`, `brand`), or the
 * ticked `ids` (ids that are not product ids are left out); null when none.
 */
export function formSelection(params: Params): BulkSelection | null {
  if (text(params, "all") === "1") {
    const field = (name: string) => text(params, name).trim().slice(0, 100);
    return { all: { keyword: field("q"), category: field("category"), brand: field("brand") } };
  }
  const chosen = params
    .getAll("ids")
    .filter((id): id is string => typeof id === "string" && IdSchema.safeParse(id).success)
    .map((id) => id.trim());
  return chosen.length ? { ids: [...new Set(chosen)] } : null;
}

/** A selection and a change as hidden fields of the next form (the preview's Apply, the panel again). */
export function selectionFields(selection: BulkSelection): Array<[string, string]> {
  if ("ids" in selection) return selection.ids.map((id) => ["ids", id]);
  return [
    ["all", "1"],
    ["q", selection.all.keyword],
    ["category", selection.all.category],
    ["brand", selection.all.brand],
  ];
}
