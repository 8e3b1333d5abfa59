// What shoppers and the owner read about checkout, payments and orders (forms, toasts and /api alike).

/** The checkout page's hint while no address is chosen. */
export const SELECT_ADDRESS_HINT = "Please select a shipping address";
export const CHECK_TOTAL = "Please check your order total before paying: it changed with the address or delivery chosen.";
export const CART_EMPTY = "Your cart is empty. Please add items to proceed";
export const SELECT_ADDRESS = "Please select one address to proceed.";
export const PAYPAL_UNAVAILABLE = "We could not reach PayPal to start your payment. Nothing was charged; please try again in a moment.";
export const PAYMENT_PROBLEM = "There was a problem processing your payment. Please try again.";
export const PAYMENT_UNEXPECTED = "An unexpected error occurred. Please contact customer support.";
export const PAYMENT_BUSY = "Your payment is still being confirmed. Please reload this page in a moment.";
export const CART_CHANGED = "Your cart changed while you were checking out. Please check it and try again.";
export const PAYMENT_MISSING = "Missing payment information. Please try again.";
/** PayPal declined the way the shopper chose to pay; they go back to PayPal to choose another. */
export const PAYMENT_DECLINED = "Your payment method was declined. Please choose another way to pay at PayPal.";
export const PAYMENT_CANCELLED = "Payment cancelled. Your cart is unchanged.";
export const ORDER_CONFIRMED = "Order confirmed";
export const soldOut = (title: string) => `Sorry, "${title}" sold out while you were paying. You have not been charged.`;
export const notEnoughStock = (title: string, stock: number) =>
  stock > 0
    ? `Only ${stock} of "${title}" left in stock. Please update your cart.`
    : `"${title}" is out of stock. Please remove it from your cart.`;
export const ORDER_STATUS_UPDATED = "Order status is updated successfully!";
/** The parcel of an order in shipping (issue 48): its carrier and tracking number, refused as typed. */
export const TRACKING_SAVED = "Tracking details saved";
export const CARRIER_TOO_LONG = "Carrier must be at most 40 characters";
export const CARRIER_CHARACTERS = "Carrier may contain only letters, digits, spaces and & . ' ( ) -";
export const TRACKING_LENGTH = "Tracking number must be 4 to 40 characters";
export const TRACKING_CHARACTERS = "Tracking number may contain only letters, digits, spaces and hyphens";
export const PARCEL_ONLY_IN_SHIPPING = 'A carrier and tracking number go with the status "In shipping"';
export const ORDER_NOT_FOUND = "Order not found";
/** What happened to an order that keeps it from going back to an early status (issue 38, point 7). */
export type StatusMoveBlock = "cancelled" | "rejected" | "refunded" | "delivered" | "inShipping";
/** The owner's status menu and `PUT /api/admin/orders/update/:id` refuse a move back (409). */
export const cannotGoBack = (why: StatusMoveBlock, to: string) => {
  const done = {
    cancelled: "This order was cancelled",
    rejected: "This order was rejected",
    refunded: "Money on this order has been refunded",
    delivered: "This order has been delivered",
    inShipping: "This order has been shipped",
  }[why];
  return `${done}, so it cannot go back to "${to}".`;
};
/** Guest checkout (issue 51): the owner's setting is off, or the shop is closed to visitors. */
export const GUEST_CHECKOUT_OFF = "Please sign in or create an account to check out.";
/** The success page of a guest's order: where its confirmation went, with the link to follow it. */
export const guestConfirmationSent = (email: string) =>
  `We sent the confirmation to ${email}, with a link to follow your order. No account is needed.`;
