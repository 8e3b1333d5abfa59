// What shoppers and the owner read about returns and exchanges (forms, toasts and /api alike).

export const RETURN_REQUESTED = "Your return request is sent. Send the items back; we will refund or exchange them when they arrive.";
export const RETURN_RECEIVED = "The return is received: its refund and exchanges are under way.";
export const RETURN_REFUSED = "The return is refused and the shopper told why.";
export const RETURN_NOT_FOUND = "Return not found";
export const ALREADY_DECIDED = "This return has been dealt with already.";
export const NOTHING_TO_RETURN = "Choose at least one item to return.";
export const NOTHING_LEFT_TO_RETURN = "Nothing from this order can be returned: its items were cancelled, refunded or returned already.";
export const NOT_DELIVERED = "Items can be returned once the order has been delivered.";
export const EXCHANGE_NOT_SAME_PRODUCT = "An item can only be exchanged for another size or colour of the same product.";
export const returnPeriodOver = (date: string) => `The return period for this order ended on ${date}.`;
export const tooManyToReturn = (name: string, left: number) =>
  left > 0 ? `At most ${left} of "${name}" can be returned.` : `"${name}" cannot be returned again.`;
export const exchangePriceChanged = (title: string) =>
  `"${title}" costs a different amount now, so it cannot be exchanged; ask for your money back instead.`;
export const exchangeSoldOut = (name: string) => `"${name}" is sold out at the moment; choose another size or your money back.`;
