// What the owner reads about shoppers' accounts in the admin panel, and what a blocked shopper reads
// when signing in (forms, toasts and /api alike).

export const ACCOUNT_BLOCKED = "This account is blocked. Please contact the shop.";
export const CUSTOMER_NOT_FOUND = "Customer not found";
export const ADMIN_NOT_BLOCKABLE = "Admin accounts cannot be blocked or unblocked.";
export const CLOSED_NOT_CHANGEABLE = "This account is closed: it can no longer sign in, so there is nothing to block or unblock.";
export const customerBlocked = (name: string) => `${name} is blocked and signed out everywhere.`;
export const customerUnblocked = (name: string) => `${name} is unblocked and can sign in again.`;
