import type { Product } from "~/lib/product";
import { variantLabel } from "~/lib/variants";

/**
 * Shoppers waiting for a sold-out size of this product (issue 51: "e-mail me when it's back"),
 * per size: "M · Black: 3 waiting". Nothing when nobody waits.
 */
export function WaitingNote({ product, waiting }: { product: Product; waiting: Record<string, number> | undefined }) {
  const rows = product.variants.flatMap((v) => {
    const n = waiting?.[v.id] ?? 0;
    return n > 0 ? [{ id: v.id, label: variantLabel(v.size, v.color) || "One size", n }] : [];
  });
  if (!rows.length) return null;
  return (
    <ul className="text-sm text-amber-900" aria-label={`Shoppers waiting for ${product.title} to be back in stock`} data-testid="waiting">
      {rows.map((r) => (
        <li key={r.id}>
          {r.label}: {r.n} waiting
        </li>
      ))}
    </ul>
  );
}
