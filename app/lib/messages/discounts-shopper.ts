// What a shopper is told about a discount code at checkout (forms, toasts and /api alike).

export const DISCOUNT_UNKNOWN = "This code does not exist. Please check it and try again.";
export const DISCOUNT_NOT_STARTED = "This code cannot be used yet.";
export const DISCOUNT_EXPIRED = "This code has expired.";
export const DISCOUNT_USED_UP = "This code has been used up.";
export const DISCOUNT_ALREADY_USED = "You have already used this code.";
export const DISCOUNT_NOT_FOR_THESE_ITEMS = "This code is not valid for the items in your cart.";
export const discountMinimumNotReached = (missing: string) => `Add ${missing} more to your cart to use this code.`;
export const DISCOUNT_CODE_REQUIRED = "Please enter a discount code.";
export const discountApplied = (code: string) => `Discount code ${code} applied.`;
export const DISCOUNT_REMOVED = "Discount code removed.";
export const tooManyCodes = (seconds: number) =>
  `Too many codes tried. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
