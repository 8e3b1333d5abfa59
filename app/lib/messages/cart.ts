// What shoppers read about their cart (forms, toasts and /api alike).

export const ADDED_TO_CART = "Product is added to cart";
export const CART_UPDATED = "Cart item is updated successfully";
export const CART_ITEM_DELETED = "Cart item is deleted successfully";
export const OUT_OF_STOCK = "This product is out of stock";
export const NOT_IN_CART = "This product is not in your cart";
export const onlyCanAdd = (n: number) => `Only ${n} quantity can be added for this item`;
/** A line already near the most a cart line holds (MAX_LINE_QUANTITY): how many more it takes. */
export const lineHoldsAtMost = (max: number, room: number) =>
  room > 0 ? `A cart line holds at most ${max} of an item: you can add ${room} more` : `A cart line holds at most ${max} of an item`;
export const SELECT_SIZE = "Please select a size";
export const SELECT_COLOUR = "Please select a colour";
export const VARIANT_UNAVAILABLE = "This size and colour is not available";
export const VISITOR_CART_FULL = "Your cart already holds 30 different items, the most without an account: sign in to add more";
/** After sign-in: what a visitor put in their cart is now in the account's cart. */
export const CART_JOINED = "The items you added before signing in are in your cart";
/** After sign-in, for a line the stock could not fill: how many the cart holds now. */
export const joinedUpTo = (title: string, variant: string, stock: number) =>
  stock > 0
    ? `Only ${stock} of ${title}${variant ? ` (${variant})` : ""} in stock: your cart holds ${stock}`
    : `${title}${variant ? ` (${variant})` : ""} sold out meanwhile and left your cart`;
/** After sign-in, for a line the two carts together would take past the most a line holds. */
export const joinedUpToMax = (title: string, variant: string, max: number) =>
  `A cart line holds at most ${max} of an item: your cart holds ${max} of ${title}${variant ? ` (${variant})` : ""}`;
