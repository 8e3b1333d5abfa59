// What the links of a cart reminder's e-mail say (issue 51).
export const REMINDER_LINK_INVALID = "This link is not valid. Open the whole link from the e-mail, or go to the shop.";
export const REMINDED_CART_GONE =
  "This cart is no longer here: a visitor's cart is kept 30 days after its last change, and joins the account of whoever signs in with it.";
export const REMINDED_CART_OTHER_ACCOUNT =
  "This cart belongs to another account. Sign out, then open the link again and sign in as the account the e-mail went to.";
export const CART_RESTORED = "Your cart is back, as you left it";
export const REMINDERS_STOPPED = "Done: you will get no more cart reminders from us.";
export const REMINDER_LINK_EXPIRED =
  "This link has expired: a reminder's link works for 14 days, and not after an order was paid. Your cart, if you still have one, is in the shop.";
