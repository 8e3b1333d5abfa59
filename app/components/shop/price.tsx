import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";

/** Price, struck through when on sale, followed by the sale price (both in cents). */
export function Price({ priceCents, salePriceCents, className }: { priceCents: number; salePriceCents: number; className?: string }) {
  const onSale = salePriceCents > 0;
  return (
    <p className={cn("flex items-baseline gap-2", className)}>
      <span className={onSale ? "text-sm text-gray-500 line-through" : "font-semibold"}>
        {onSale ? <span className="sr-only">Was </span> : null}
        {formatMoney(priceCents)}
      </span>
      {onSale ? (
        <span className="font-semibold text-red-700">
          <span className="sr-only">Now </span>
          {formatMoney(salePriceCents)}
        </span>
      ) : null}
    </p>
  );
}
