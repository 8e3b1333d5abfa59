import { useRouteLoaderData } from "react-router";
import { cn } from "~/lib/cn";

/**
 * What the shop says beside a price of tax and shipping ("Tax included. Shipping calculated at
 * checkout."), from the owner's settings through the shop layout's loader; nothing when no tax
 * is set and delivery is free (lib/costs/notes.ts).
 */
export function PriceNote({ className }: { className?: string }) {
  const note = useRouteLoaderData<{ priceNote?: unknown }>("routes/shop/layout")?.priceNote;
  if (typeof note !== "string" || !note) return null;
  return (
    <p className={cn("text-sm text-gray-600", className)} data-testid="price-note">
      {note}
    </p>
  );
}
