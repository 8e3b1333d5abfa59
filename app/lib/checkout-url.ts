/** The checkout's URL parameter naming the address chosen for shipping (one just added, or one chosen). */
export const SHIP_TO_PARAM = "shipTo";
/** The checkout's URL parameter naming the delivery method chosen. */
export const METHOD_PARAM = "method";

/**
 * The checkout page showing the costs to `addressId` with `method`: what a shopper looks at before
 * paying, and where a payment cancelled at PayPal brings them back to, as they had chosen.
 */
export function checkoutUrl(addressId: string | null, method: string | null): string {
  const params = new URLSearchParams();
  if (addressId) params.set(SHIP_TO_PARAM, addressId);
  if (method) params.set(METHOD_PARAM, method);
  const query = params.toString();
  return query ? `/shop/checkout?${query}` : "/shop/checkout";
}

/** A guest's checkout's URL parameter naming the country the costs are for (issue 51). */
export const COUNTRY_PARAM = "country";

/** A guest's checkout showing the costs to `country` with `method` (the details they typed are in their form, or their record). */
export function guestCheckoutUrl(country: string | null, method: string | null): string {
  const params = new URLSearchParams();
  if (country) params.set(COUNTRY_PARAM, country);
  if (method) params.set(METHOD_PARAM, method);
  const query = params.toString();
  return query ? `/shop/checkout?${query}` : "/shop/checkout";
}
