import { useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";

/** Posts one unit of a product to the cart action (a fetcher with JS); the server checks stock. */
export function AddToCartForm({ productId, inStock, className }: { productId: string; inStock: boolean; className?: string }) {
  const location = useLocation();
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action="/shop/cart" className={className} preventScrollReset>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="quantity" value="1" />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <Button type="submit" className="w-full" disabled={!inStock}>
        {!inStock ? "Out Of Stock" : fetcher.state !== "idle" ? "Adding…" : "Add to cart"}
      </Button>
    </fetcher.Form>
  );
}
