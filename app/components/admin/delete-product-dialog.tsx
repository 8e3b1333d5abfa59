import { Form, Link, useLocation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import type { Product } from "~/lib/product";
import { withParam } from "~/lib/url";

/** Asks before a product goes (`?delete=<id>`, a dialog that works without JavaScript). */
export function DeleteProductDialog({ product }: { product: Product }) {
  const location = useLocation();
  const closeHref = withParam(location, "delete", null);
  return (
    <Modal closeHref={closeHref} labelledBy="delete-title" className="inset-0 m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl">
      <div className="space-y-4 p-6">
        <h2 id="delete-title" className="text-lg font-bold">
          Delete {product.title}?
        </h2>
        <p className="text-sm text-gray-700">It disappears from the shop and from carts. Past orders keep their copy of it.</p>
        <Form method="post" className="flex justify-end gap-2">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={product.id} />
          <Link to={closeHref} preventScrollReset className={buttonClass({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" variant="destructive">
            Delete
          </Button>
        </Form>
      </div>
    </Modal>
  );
}
