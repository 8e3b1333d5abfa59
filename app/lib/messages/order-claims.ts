// What people read about adding the orders they placed as a guest to their account (issue 51).

const orders = (count: number) => (count === 1 ? "1 order" : `${count} orders`);

/** The claim link opened while signed in as another account than the one it was sent for. */
export const CLAIM_OTHER_ACCOUNT =
  "This link is for another account. Sign out, then sign in with the account it was sent to, to add the orders.";

/** After the claim link's button. */
export const guestOrdersClaimed = (count: number) =>
  count === 0 ? "There were no guest orders left to add: they are already in your account." : `${orders(count)} added to your account`;

/** A claim link that is tampered with, used, expired, or whose account was blocked, closed or moved to another address. */
export const CLAIM_LINK_INVALID =
  "This link does not work: it has expired, was already used, or your account has changed since. Sign in again to get a new one.";
