/**
 * "E-mail me when it's back" on a product's page and dialog (issue 51): who is asking (a signed-in
 * shopper's address, or null for a visitor) and the product's sizes they already wait for.
 */
export type BackInStockState = { email: string | null; waiting: string[] };

/** What the page's form gets back: a field error, a refusal, or the promise to tell them. */
export type BackInStockReply = {
  variantId: string;
  ok: boolean;
  message?: string;
  email?: string;
  fieldErrors?: { email?: string[]; variantId?: string[] };
};

/** The element the form comes back to without JavaScript (a new page opens at its top). */
export const BACK_IN_STOCK_ID = "back-in-stock";
