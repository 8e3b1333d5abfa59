/** Money is stored as integer cents; screens and JSON show numbers with two decimals. */
export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

/** An amount as a form field shows it: always two decimals ("49.90", never "49.9"). */
export function centsToAmountText(cents: number): string {
  return (Math.round(cents) / 100).toFixed(2);
}

export function amountToCents(amount: number): number {
  return Math.round(amount * 100);
}

export function formatMoney(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** SPEC: the unit price is the sale price when above 0, else the price. */
export function unitPriceCents(priceCents: number, salePriceCents: number): number {
  return salePriceCents > 0 ? salePriceCents : priceCents;
}

/** Cart total in cents: the unit price rule times quantity, summed. */
export function linesTotalCents(lines: Array<{ priceCents: number; salePriceCents: number; quantity: number }>): number {
  return lines.reduce((sum, l) => sum + unitPriceCents(l.priceCents, l.salePriceCents) * l.quantity, 0);
}
