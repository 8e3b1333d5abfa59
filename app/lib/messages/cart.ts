// What shoppers read about their cart (forms, toasts and /api alike).

export const ADDED_TO_CART = "Product is added to cart";
export const CART_UPDATED = "Cart item is updated successfully";
export const CART_ITEM_DELETED = "Cart item is deleted successfully";
export const OUT_OF_STOCK = "This product is out of stock";
export const NOT_IN_CART = "This product is not in your cart";
export const onlyCanAdd = (n: number) => `Only ${n} quantity can be added for this item`;
export const SELECT_SIZE = "Please select a size";
export const SELECT_COLOUR = "Please select a colour";
export const VARIANT_UNAVAILABLE = "This size and colour is not available";
