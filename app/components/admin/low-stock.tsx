import { Link } from "react-router";
import { LOW_STOCK_VARIANT } from "~/lib/constants";
import { variantLabel } from "~/lib/variants";
import type { LowStockVariant } from "~/lib/product";

/** Sizes and colours running out (stock at or below 3), fewest first, each with a link to its product. */
export function LowStock({ low: { items: variants, total } }: { low: { items: LowStockVariant[]; total: number } }) {
  // The first few in view; the rest folded (a <details>, so it opens without JavaScript), so the
  // banners below stay within reach.
  const shown = variants.slice(0, 8);
  const folded = variants.slice(8);
  return (
    <section aria-labelledby="low-stock" className="space-y-3 rounded-lg border border-gray-200 bg-white p-4" data-testid="low-stock">
      <h2 id="low-stock" className="text-lg font-bold">
        Low stock
      </h2>
      {total ? (
        <p className="text-sm text-gray-700">
          {total} {total === 1 ? "size or colour has" : "sizes and colours have"} {LOW_STOCK_VARIANT} or fewer left
          {total > variants.length ? `; the ${variants.length} with the fewest:` : ":"}
        </p>
      ) : (
        <p className="text-sm text-gray-700">Every size and colour has more than {LOW_STOCK_VARIANT} in stock.</p>
      )}
      <LowStockList variants={shown} />
      {folded.length ? (
        <details>
          <summary className="cursor-pointer text-sm font-medium text-gray-800 underline underline-offset-2">
            Show {folded.length} more
          </summary>
          <LowStockList variants={folded} />
        </details>
      ) : null}
    </section>
  );
}

function LowStockList({ variants }: { variants: LowStockVariant[] }) {
  if (!variants.length) return null;
  return (
    <ul className="divide-y divide-gray-100 text-sm">
      {variants.map((v) => (
        <li key={`${v.productId}-${v.size}-${v.color}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
          <Link to={`/admin/products?edit=${v.productId}`} className="min-w-0 font-medium underline-offset-2 hover:underline">
            {v.title}
            {variantLabel(v.size, v.color) ? <span className="font-normal text-gray-600"> · {variantLabel(v.size, v.color)}</span> : null}
          </Link>
          <span className={v.stock === 0 ? "font-semibold text-red-700" : "text-amber-800"}>
            {v.stock === 0 ? "Sold out" : `${v.stock} left`}
          </span>
        </li>
      ))}
    </ul>
  );
}
