import { cn } from "~/lib/cn";

/** Price, struck through when on sale, followed by the sale price. */
export function Price({ price, salePrice, className }: { price: number; salePrice: number; className?: string }) {
  const onSale = salePrice > 0;
  return (
    <p className={cn("flex items-baseline gap-2", className)}>
      <span className={onSale ? "text-sm text-gray-500 line-through" : "font-semibold"}>
        {onSale ? <span className="sr-only">Was </span> : null}${price.toFixed(2)}
      </span>
      {onSale ? (
        <span className="font-semibold text-red-700">
          <span className="sr-only">Now </span>${salePrice.toFixed(2)}
        </span>
      ) : null}
    </p>
  );
}
