import { Form, useLocation } from "react-router";
import { Button } from "~/components/ui/button";

/** Posts one unit of a product to the cart action; the server checks stock. */
export function AddToCartForm({ productId, inStock, className }: { productId: string; inStock: boolean; className?: string }) {
  const location = useLocation();
  return (
    <Form method="post" action="/shop/cart" className={className} preventScrollReset>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="quantity" value="1" />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <Button type="submit" className="w-full" disabled={!inStock}>
        {inStock ? "Add to cart" : "Out Of Stock"}
      </Button>
    </Form>
  );
}
