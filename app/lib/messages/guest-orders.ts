// What a guest reads about their order's page and the look-up that e-mails its link (issue 51).

/** The look-up's one answer, whether or not such an order exists. */
export const ORDER_LINK_SENT = "If an order with that number was placed with that address, we have e-mailed a link to it.";
/** A link that opens no order: never issued, mistyped, or the order has joined an account. */
export const ORDER_LINK_INVALID = "This link does not open an order";
export const ORDER_LINK_INVALID_HELP =
  "It may be mistyped or incomplete, or the order may have joined an account (then it is under My Orders once you sign in). We can e-mail you a new link.";
export const ORDER_NUMBER_INVALID = "Please enter the order number, such as #1001";
