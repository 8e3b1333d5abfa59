import type { CostSettings } from "./totals";

// What the shop says beside a price of how tax and shipping apply (issue 48, no surprise costs;
// docs/decisions/0062-no-surprise-costs.md has the table). Only the owner's settings decide it, so a
// page a shared cache keeps says the same to every visitor.

/** Whether any rate is set: without one, no order is ever taxed. */
export const taxesSet = (settings: CostSettings) => settings.otherTaxRate > 0 || Object.values(settings.taxRates).some((rate) => rate > 0);

/** Whether some delivery can cost something (no zone: free everywhere, the specification's shop). */
export const shippingCharged = (settings: CostSettings) => settings.zones.some((zone) => zone.methods.some((m) => m.priceCents > 0));

export type CostNotes = {
  /** Beside a product's price: "Tax included. Shipping calculated at checkout.", or null when nothing is added. */
  price: string | null;
  /** In the cart, under its subtotal (its delivery has a line of its own): "Tax included." or "Taxes calculated at checkout.". */
  tax: string | null;
};

export function costNotes(settings: CostSettings): CostNotes {
  const taxed = taxesSet(settings);
  const tax = !taxed ? null : settings.pricesIncludeTax ? "Tax included." : "Taxes calculated at checkout.";
  const shipping = shippingCharged(settings);
  let price: string | null;
  if (tax === "Taxes calculated at checkout.") price = shipping ? "Taxes and shipping calculated at checkout." : tax;
  else if (shipping) price = tax ? `${tax} Shipping calculated at checkout.` : "Shipping calculated at checkout.";
  else price = tax;
  return { price, tax };
}
