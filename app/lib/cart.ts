/** A line of the shopper's cart, with the product's current price (cents) and stock. */
export type CartItem = {
  productId: string;
  image: string;
  title: string;
  priceCents: number;
  salePriceCents: number;
  quantity: number;
  stock: number;
};

/** The shopper's cart; `id` is null until the first product is added. */
export type Cart = { id: string | null; items: CartItem[] };
