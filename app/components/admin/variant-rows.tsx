import { Button } from "~/components/ui/button";
import { ErrorList, inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { FormResult } from "~/lib/form";
import type { Variant } from "~/lib/variants";
import { SIZE_LISTS } from "~/lib/variants";

/** A row of the product form's sizes and colours, as typed (strings). */
export type VariantRow = { size: string; color: string; colorHex: string; sku: string; stock: string };

const SIZE_GROUPS = [
  { label: "Clothing", sizes: SIZE_LISTS.clothing },
  { label: "Shoes", sizes: SIZE_LISTS.footwear },
  { label: "Without sizes", sizes: SIZE_LISTS.none },
];

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The rows to show: what the last answer sent back (an added or removed row, or a refusal), else
 * the product's variants, else one empty row for a new product.
 */
export function variantRows(lastResult: FormResult | null | undefined, variants: Variant[] | undefined): VariantRow[] {
  const sent = (lastResult?.initialValue as { variants?: unknown } | undefined)?.variants;
  if (Array.isArray(sent) && sent.length) {
    return sent.map((row: Record<string, unknown> | undefined) => ({
      size: text(row?.size),
      color: text(row?.color),
      colorHex: text(row?.colorHex),
      sku: text(row?.sku),
      stock: text(row?.stock),
    }));
  }
  if (variants?.length) {
    return variants.map((v) => ({ size: v.size, color: v.color, colorHex: v.colorHex, sku: v.sku ?? "", stock: String(v.stock) }));
  }
  return [{ size: "", color: "", colorHex: "", sku: "", stock: "" }];
}

/**
 * Sizes and colours as rows (size, colour, swatch, SKU, stock) with "Add variant" and "Remove":
 * both are submit buttons of the product form, answered with the form again, one row more or
 * less and everything typed kept, so they work without JavaScript. The server checks every row.
 */
export function VariantRows({ rows, result }: { rows: VariantRow[]; result: FormResult | null | undefined }) {
  const errorsOf = (name: string) => {
    const errors = result?.error?.[name];
    return errors && errors.length ? errors : undefined;
  };
  const total = rows.reduce((sum, r) => sum + (Number.isInteger(Number(r.stock)) ? Math.max(0, Number(r.stock)) : 0), 0);
  return (
    <fieldset className="space-y-3" aria-describedby={errorsOf("variants") ? "variants-error" : undefined}>
      <legend className="text-sm font-medium text-gray-800">Sizes and colours</legend>
      <p className="text-xs text-gray-600">
        One row per size and colour, each with its own stock. A product without sizes has one row in "One size" with no colour.
      </p>
      <ol className="space-y-3">
        {rows.map((row, i) => {
          const field = (name: keyof VariantRow) => ({
            id: `variant-${i}-${name}`,
            name: `variants[${i}].${name}`,
            defaultValue: row[name],
            "aria-invalid": errorsOf(`variants[${i}].${name}`) ? true : undefined,
            "aria-describedby": errorsOf(`variants[${i}].${name}`) ? `variant-${i}-${name}-error` : undefined,
          });
          const labelled = (name: keyof VariantRow, label: string, control: React.ReactNode, className?: string) => (
            <div className={cn("min-w-0 space-y-1", className)}>
              <label htmlFor={`variant-${i}-${name}`} className="block text-xs font-medium text-gray-700">
                {label}
                <span className="sr-only"> (row {i + 1})</span>
              </label>
              {control}
              <ErrorList id={`variant-${i}-${name}-error`} errors={errorsOf(`variants[${i}].${name}`)} />
            </div>
          );
          return (
            // Keyed by what the row holds: after a removal each row shows its own values, not its neighbour's.
            <li key={`${i}:${JSON.stringify(row)}`} className="rounded-md border border-gray-200 p-3" data-testid="variant-row">
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-[7rem_1fr_6.5rem]">
                {labelled(
                  "size",
                  "Size",
                  <select {...field("size")} className={inputClass}>
                    <option value="">Choose</option>
                    {SIZE_GROUPS.map((group) => (
                      <optgroup key={group.label} label={group.label}>
                        {group.sizes.map((size) => (
                          <option key={size} value={size}>
                            {size}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>,
                )}
                {labelled(
                  "color",
                  "Colour",
                  <input type="text" {...field("color")} placeholder="None" maxLength={40} className={inputClass} />,
                )}
                {labelled(
                  "colorHex",
                  "Swatch",
                  <div className="flex items-center gap-1.5">
                    <span
                      aria-hidden="true"
                      className="h-6 w-6 shrink-0 rounded-full border border-gray-300"
                      style={/^#[0-9a-f]{6}$/i.test(row.colorHex) ? { backgroundColor: row.colorHex } : undefined}
                    />
                    <input type="text" {...field("colorHex")} placeholder="#1f2937" maxLength={7} className={inputClass} />
                  </div>,
                  "col-span-2 sm:col-span-1",
                )}
                {labelled(
                  "sku",
                  "SKU",
                  <input type="text" {...field("sku")} placeholder="Optional" maxLength={64} className={inputClass} />,
                )}
                {labelled(
                  "stock",
                  "Stock",
                  <input type="number" {...field("stock")} step="1" min="0" placeholder="0" className={inputClass} />,
                )}
                <div className="flex items-end justify-end">
                  <Button
                    type="submit"
                    name="intent"
                    value={`remove-variant-${i}`}
                    formNoValidate
                    variant="ghost"
                    size="sm"
                    disabled={rows.length === 1}
                    aria-label={`Remove row ${i + 1}${row.size ? ` (${[row.size, row.color].filter(Boolean).join(", ")})` : ""}`}
                  >
                    Remove
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <ErrorList id="variants-error" errors={errorsOf("variants")} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="submit" name="intent" value="add-variant" formNoValidate variant="outline" size="sm">
          Add variant
        </Button>
        <p className="text-sm text-gray-700">
          Total stock: <span className="font-semibold">{total}</span>
        </p>
      </div>
    </fieldset>
  );
}
