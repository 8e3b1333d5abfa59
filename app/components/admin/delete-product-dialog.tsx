import { useLocation } from "react-router";
import type { Product } from "~/lib/product";
import { withParam } from "~/lib/url";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";

/** Asks before a product goes (`?delete=<id>`, a dialog that works without JavaScript). */
export function DeleteProductDialog({ product }: { product: Product }) {
  const location = useLocation();
  return (
    <ConfirmDeleteDialog
      id="delete-title"
      title={`Delete ${product.title}?`}
      closeHref={withParam(location, "delete", null)}
      fields={{ id: product.id }}
    >
      <p className="text-sm text-gray-700">It disappears from the shop and from carts. Past orders keep their copy of it.</p>
    </ConfirmDeleteDialog>
  );
}
