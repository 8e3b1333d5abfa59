// What the owner reads about discount codes in the admin panel (forms, toasts and /api alike).

export const DISCOUNT_ADDED = "Discount code added";
export const DISCOUNT_UPDATED = "Discount code updated";
export const DISCOUNT_NOT_FOUND = "Discount code not found";
export const DISCOUNT_CODE_TAKEN = "A code with this name already exists";
export const discountEnabled = (code: string) => `${code} is enabled: shoppers can use it again.`;
export const discountDisabled = (code: string) => `${code} is disabled: shoppers can no longer use it.`;
export const usageLimitBelowTaken = (taken: number) =>
  `This code has already been used or is being paid with ${taken} ${taken === 1 ? "time" : "times"}: total uses cannot be lower than ${taken}`;
export const unknownDiscountCategory = (id: string) => `There is no category "${id}": choose among the shop's categories`;
export const unknownDiscountBrand = (id: string) => `There is no brand "${id}": choose among the shop's brands`;
