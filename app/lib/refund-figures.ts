// What the admin's refund form shows of an order's money, computed on the server
// (app/server/orders/refund-pricing.server.ts, refundFigures): the browser only shows these.

export type RefundFigures = {
  /** Everything still refundable: what was paid less every refund not failed. */
  leftCents: number;
  /** What "Refund shipping" gives back now (the shipping with its tax when prices excluded it, less any refunded); 0: nothing. */
  shippingCents: number;
  /** Each size with units still refundable: how many, and what its line cost in all (after its discount, with its tax when added). */
  lines: Array<{ variantId: string; unitsLeft: number; paidCents: number }>;
};
