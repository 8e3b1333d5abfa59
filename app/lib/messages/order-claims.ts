// What people read about adding the orders they placed as a guest to their account (issue 51).

const orders = (count: number) => (count === 1 ? "1 order" : `${count} orders`);

/** After registering or signing in with an address that has guest orders (the toast's description). */
export const guestOrdersOffered = (count: number) =>
  `We found ${orders(count)} placed with your e-mail as a guest; we've e-mailed a link to add ${count === 1 ? "it" : "them"} to your account.`;

/** After the claim link's button. */
export const guestOrdersClaimed = (count: number) =>
  count === 0 ? "There were no guest orders left to add: they are already in your account." : `${orders(count)} added to your account`;

/** A claim link that is tampered with, used, expired, or whose account was blocked, closed or moved to another address. */
export const CLAIM_LINK_INVALID =
  "This link does not work: it has expired, was already used, or your account has changed since. Sign in again to get a new one.";
