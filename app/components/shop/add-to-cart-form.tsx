import { Link, useFetcher, useLocation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import type { CardProduct } from "~/lib/product";
import { withParam } from "~/lib/url";

/**
 * A card's cart button. A product without sizes or colours posts one unit to the cart action (a
 * fetcher with JS; the server checks stock). One with choices opens its details to pick them.
 */
export function AddToCartForm({
  product,
  className,
}: {
  product: Pick<CardProduct, "id" | "title" | "stock" | "choose" | "variantId">;
  className?: string;
}) {
  const location = useLocation();
  const fetcher = useFetcher();
  const inStock = product.stock > 0;
  if (product.choose && inStock) {
    const what = product.choose;
    return (
      <div className={className}>
        <Link
          to={withParam(location, "product", product.id)}
          preventScrollReset
          discover="none"
          className={buttonClass({ variant: "outline" }, "w-full")}
          aria-label={`Choose ${what} for ${product.title}`}
        >
          {`Choose ${what}`}
        </Link>
      </div>
    );
  }
  return (
    <fetcher.Form method="post" action="/shop/cart" className={className} preventScrollReset>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      {product.variantId ? <input type="hidden" name="variantId" value={product.variantId} /> : null}
      <input type="hidden" name="quantity" value="1" />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <Button type="submit" className="w-full" disabled={!inStock}>
        {!inStock ? "Out Of Stock" : fetcher.state !== "idle" ? "Adding…" : "Add to cart"}
      </Button>
    </fetcher.Form>
  );
}
