import { BULK_PREVIEW_ROWS, type BulkOutcome, type BulkValues } from "~/lib/bulk";
import { labelOf, type Choice } from "~/lib/catalogue-choices";
import { formatMoney } from "~/lib/money";

const money = (amount: number) => formatMoney(Math.round(amount * 100));

/** One changed value in words: "$19.99", "not on sale", "8 (S 1 · M 7)", "Women › Dresses", "linen, summer". */
function describe(values: BulkValues, choices: { categories: Choice[]; brands: Choice[] }): string[] {
  const out: string[] = [];
  if (values.price !== undefined) out.push(`Price ${money(values.price)}`);
  if (values.salePrice !== undefined) out.push(values.salePrice > 0 ? `Sale ${money(values.salePrice)}` : "Not on sale");
  if (values.stock !== undefined) {
    const sizes = values.variants?.map((v) => `${v.size}${v.color ? ` ${v.color}` : ""} ${v.stock}`).join(" · ");
    out.push(`Stock ${values.stock}${sizes ? ` (${sizes})` : ""}`);
  }
  if (values.category !== undefined) out.push(labelOf(choices.categories, values.category));
  if (values.brand !== undefined) out.push(labelOf(choices.brands, values.brand));
  if (values.tags !== undefined) out.push(values.tags.length ? `Tags: ${values.tags.join(", ")}` : "No tags");
  return out;
}

/** Each product that changes, before → after (the first BULK_PREVIEW_ROWS, then "and N more"). */
export function BulkPreview({ outcome, choices }: { outcome: BulkOutcome; choices: { categories: Choice[]; brands: Choice[] } }) {
  if (!outcome.products.length) return null;
  const more = outcome.products.length - BULK_PREVIEW_ROWS;
  return (
    <div className="space-y-2">
      <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white" data-testid="bulk-preview">
        {outcome.products.slice(0, BULK_PREVIEW_ROWS).map((row) => (
          <li key={row.id} className="grid gap-1 p-3 text-sm sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] sm:gap-4">
            <span className="font-medium">{row.title}</span>
            <span className="flex flex-wrap items-baseline gap-x-2">
              <span className="text-gray-600">{describe(row.before, choices).join(", ")}</span>
              <span aria-hidden="true">→</span>
              <span className="sr-only">becomes</span>
              <strong>{describe(row.after, choices).join(", ")}</strong>
            </span>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="text-sm text-gray-700">and {more} more</p> : null}
    </div>
  );
}
