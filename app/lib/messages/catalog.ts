// What people read about products and reviews (forms, toasts and /api alike).

export const REVIEW_ADDED = "Review added successfully!";
export const MUST_PURCHASE = "You need to purchase this product to review it.";
export const ALREADY_REVIEWED = "You already reviewed this product.";
export const PRODUCT_NOT_FOUND = "Product not found";
