import type { ShippingHint, Totals } from "./costs/totals";

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

/** A delivery method to the chosen address, at its price for this cart. */
export type ShippingChoice = { id: string; name: string; estimate: string; cents: number };

export type CartCosts = {
  subtotalCents: number;
  /** The code on the cart, what it takes off now, or why it takes nothing. */
  discount: { code: string; cents: number; refusal: string | null } | null;
  /** Lines after the discount, plus shipping and any tax added, to `country` (lines after discount without one). */
  totalCents: number;
  /** Everything the order would cost to `country` (null: the shop does not deliver there). */
  totals: Totals | null;
  /** Where the costs are for: the chosen address's country, or null before one is chosen. */
  country: string | null;
  /** "We don't deliver to France yet", when the shop does not deliver to `country`. */
  refusal: string | null;
  /** The methods to `country`, cheapest first (empty when the shop has no zones: free delivery). */
  options: ShippingChoice[];
  /** The cart's delivery hint to `hintCountry`. */
  hint: ShippingHint | null;
  /** Where the hint is for: `country`, else the one the shopper picked in the cart, their first address's, or the shop's own. */
  hintCountry: string;
  /** The countries the shop delivers to (null: every country), which the cart's choice of country offers. */
  deliveryCountries: string[] | null;
  /** Whether the owner set any zones (none: the specification's "Free" / "Calculated at checkout"). */
  zonesSet: boolean;
  /** Whether any tax rate is set (the tax then depends on the address's country). */
  taxesSet: boolean;
  /** What the cart says of tax under its subtotal ("Tax included."), null when no tax is set. */
  taxNote: string | null;
};
