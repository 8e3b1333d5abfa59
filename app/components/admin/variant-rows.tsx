import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Button } from "~/components/ui/button";
import { ErrorList, inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { useSchemaForm } from "~/lib/form";
import type { ProductSchema } from "~/lib/schemas/products";
import { SIZE_LISTS, type SizeKind } from "~/lib/variants";

/** The product form (ProductSheet) and its fields, as conform types them from ProductSchema. */
type ProductForm = ReturnType<typeof useSchemaForm<typeof ProductSchema>>;

/** A row of the product form's sizes and colours, as typed (strings). */
export type VariantRow = { size: string; color: string; colorHex: string; sku: string; stock: string };
export const EMPTY_VARIANT_ROW: VariantRow = { size: "", color: "", colorHex: "", sku: "", stock: "" };

const SIZE_GROUPS: Array<{ kind: SizeKind; label: string; sizes: readonly string[] }> = [
  { kind: "clothing", label: "Clothing", sizes: SIZE_LISTS.clothing },
  { kind: "footwear", label: "Shoes", sizes: SIZE_LISTS.footwear },
  { kind: "none", label: "Without sizes", sizes: SIZE_LISTS.none },
];

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * Sizes and colours as rows (size, colour, swatch, SKU, stock) with "Add variant" and "Remove":
 * conform's list intents (insert, remove). With JavaScript they change the rows at once; without
 * it they are submit buttons whose answer is the form again, one row more or less and everything
 * typed kept. The schema checks every row, in the browser and on the server. The sizes offered are
 * the chosen category's kinds (`sizeKinds`; every kind before one is chosen); the server checks them too.
 */
export function VariantRows({
  form,
  variants,
  sizeKinds,
}: {
  form: ProductForm[0];
  variants: ProductForm[1]["variants"];
  sizeKinds: readonly SizeKind[] | null;
}) {
  const groups = sizeKinds?.length ? SIZE_GROUPS.filter((g) => sizeKinds.includes(g.kind)) : SIZE_GROUPS;
  const rows = variants.getFieldList();
  const total = rows.reduce((sum, row) => {
    const stock = Number(text(row.getFieldset().stock.value));
    return sum + (Number.isInteger(stock) ? Math.max(0, stock) : 0);
  }, 0);
  return (
    <fieldset className="space-y-3" aria-describedby={variants.errors ? variants.errorId : undefined}>
      <legend className="text-sm font-medium text-gray-800">Sizes and colours</legend>
      <p className="text-xs text-gray-600">
        One row per size and colour, each with its own stock. A product without sizes has one row in "One size" with no colour.
      </p>
      <ol className="space-y-3">
        {rows.map((rowField, i) => {
          const row = rowField.getFieldset();
          const labelled = (field: FieldMetadata<unknown>, label: string, control: React.ReactNode, className?: string) => (
            <div className={cn("min-w-0 space-y-1", className)}>
              <label htmlFor={field.id} className="block text-xs font-medium text-gray-700">
                {label}
                <span className="sr-only"> (row {i + 1})</span>
              </label>
              {control}
              <ErrorList id={field.errorId} errors={field.errors} />
            </div>
          );
          const size = text(row.size.value);
          const color = text(row.color.value);
          const swatch = text(row.colorHex.value);
          return (
            <li key={rowField.key} className="rounded-md border border-gray-200 p-3" data-testid="variant-row">
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-[7rem_1fr_8.5rem]">
                {labelled(
                  row.size,
                  "Size",
                  <select {...getSelectProps(row.size)} className={inputClass}>
                    <option value="">Choose</option>
                    {/* A size the category no longer takes stays shown, so saving says so instead of losing it. */}
                    {size && !groups.some((g) => g.sizes.includes(size)) ? <option value={size}>{size}</option> : null}
                    {groups.map((group) => (
                      <optgroup key={group.label} label={group.label}>
                        {group.sizes.map((option) => (
                          <option key={option} value={option}>
                            {option}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>,
                )}
                {labelled(
                  row.color,
                  "Colour",
                  <input {...getInputProps(row.color, { type: "text" })} placeholder="None" className={inputClass} />,
                )}
                {labelled(
                  row.colorHex,
                  "Swatch",
                  <div className="flex items-center gap-1.5">
                    <span
                      aria-hidden="true"
                      className="h-6 w-6 shrink-0 rounded-full border border-gray-300"
                      style={/^#[0-9a-f]{6}$/i.test(swatch) ? { backgroundColor: swatch } : undefined}
                    />
                    <input {...getInputProps(row.colorHex, { type: "text" })} placeholder="#1f2937" maxLength={7} className={inputClass} />
                  </div>,
                  "col-span-2 sm:col-span-1",
                )}
                {labelled(
                  row.sku,
                  "SKU",
                  <input {...getInputProps(row.sku, { type: "text" })} placeholder="Optional" className={inputClass} />,
                )}
                {labelled(
                  row.stock,
                  "Stock",
                  <input {...getInputProps(row.stock, { type: "number" })} step="1" min="0" placeholder="0" className={inputClass} />,
                )}
                <div className="flex items-end justify-end">
                  <Button
                    {...form.remove.getButtonProps({ name: variants.name, index: i })}
                    type="submit"
                    variant="ghost"
                    size="sm"
                    disabled={rows.length === 1}
                    aria-label={`Remove row ${i + 1}${size ? ` (${[size, color].filter(Boolean).join(", ")})` : ""}`}
                  >
                    Remove
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <ErrorList id={variants.errorId} errors={variants.errors} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          {...form.insert.getButtonProps({ name: variants.name, defaultValue: EMPTY_VARIANT_ROW })}
          type="submit"
          variant="outline"
          size="sm"
          disabled={rows.length >= MAX_VARIANT_ROWS}
        >
          Add variant
        </Button>
        <p className="text-sm text-gray-700">
          Total stock: <span className="font-semibold">{total}</span>
        </p>
      </div>
    </fieldset>
  );
}

/** A product has at most this many sizes and colours (ProductSchema). */
const MAX_VARIANT_ROWS = 60;
