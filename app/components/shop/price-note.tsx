import { useRouteLoaderData } from "react-router";
import { cn } from "~/lib/cn";

/**
 * What the shop says beside a price of tax and shipping ("Tax included. Shipping calculated at
 * checkout."), from the owner's settings through the shop layout's loader (or the owner's product
 * preview's); nothing when no tax
 * is set and delivery is free (lib/costs/notes.ts).
 */
export function PriceNote({ className }: { className?: string }) {
  // The shop's pages, or the owner's preview of a product's page, which draws it as shoppers see it.
  const shop = useRouteLoaderData<{ priceNote?: unknown }>("routes/shop/layout");
  const preview = useRouteLoaderData<{ priceNote?: unknown }>("routes/admin/product-preview");
  const note = (shop ?? preview)?.priceNote;
  if (typeof note !== "string" || !note) return null;
  return (
    <p className={cn("text-sm text-gray-600", className)} data-testid="price-note">
      {note}
    </p>
  );
}
