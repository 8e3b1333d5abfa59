/** A line of the shopper's cart (a size and colour of a product), with the current price (cents) and that variant's stock. */
export type CartItem = {
  productId: string;
  variantId: string;
  size: string;
  color: string;
  sku: string | null;
  image: string;
  title: string;
  priceCents: number;
  salePriceCents: number;
  quantity: number;
  stock: number;
};

/** What the product dialog's action answers a refused add: the errors and the choices sent, to show them again. */
export type AddToCartResult = { fieldErrors: Partial<Record<"size" | "color", string>>; size?: string; color?: string };

/** The shopper's cart; `id` is null until the first product is added. */
export type Cart = { id: string | null; items: CartItem[] };
