import { getCart, type Cart } from "../../server/cart/cart.server";
import { json } from "../../server/platform/api.server";

/** The cart as SPEC section 7 answers it: `{ _id, items: [{ productId, image, title, price, salePrice, quantity }] }`. */
export async function cartJson(userId: string, status = 200): Promise<Response> {
  const cart: Cart = await getCart(userId);
  return json(
    {
      success: true,
      data: {
        _id: cart._id,
        items: cart.items.map(({ productId, image, title, price, salePrice, quantity }) => ({
          productId,
          image,
          title,
          price,
          salePrice,
          quantity,
        })),
      },
    },
    { status },
  );
}
