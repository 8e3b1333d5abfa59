import { formatMoney } from "./money";
import type { Order } from "./orders";

// An order's receipt: what it cost, worded once for every place that shows it: the order details (shopper's and
// admin's), the printable receipt and the e-mails (docs/decisions/0056-receipts-and-numbers.md).
// A placed order is never priced again: these rows read what the order stored when it was placed
// (lib/costs/totals.ts computed it then); nothing here adds money up.

export type OrderCosts = Pick<
  Order,
  | "subtotalCents"
  | "discountCode"
  | "discountCents"
  | "shippingMethod"
  | "shippingCents"
  | "taxCents"
  | "taxRate"
  | "taxIncluded"
  | "totalCents"
>;

/** Only what the rows read of an order (what a loader sends the page, and no more). */
export const costsOf = (order: OrderCosts): OrderCosts => ({
  subtotalCents: order.subtotalCents,
  discountCode: order.discountCode,
  discountCents: order.discountCents,
  shippingMethod: order.shippingMethod,
  shippingCents: order.shippingCents,
  taxCents: order.taxCents,
  taxRate: order.taxRate,
  taxIncluded: order.taxIncluded,
  totalCents: order.totalCents,
});

export type CostRow = { key: "subtotal" | "discount" | "shipping" | "tax" | "total"; label: string; value: string };

/** A rate in thousandths of a percent as people read it: 8875 is "8.875%", 20000 "20%". */
export const taxRateText = (rate: number) => `${rate / 1000}%`;

/** An order placed before shipping was priced (no method, nothing charged) says nothing about it. */
export const showsShipping = (order: Pick<OrderCosts, "shippingMethod" | "shippingCents">) =>
  order.shippingMethod !== null || order.shippingCents > 0;

/** An order with no tax at all (no rate where it went, or placed before taxes) says nothing about it. */
export const showsTax = (order: Pick<OrderCosts, "taxCents" | "taxRate">) => order.taxCents > 0 || order.taxRate > 0;

/**
 * The rows under an order's lines: Subtotal, Discount (with one), Shipping (its method, "Free" at
 * 0), Tax and the total, called `totalLabel`. Tax that prices had in them is not added: it comes
 * after the total, "incl. $Z VAT"; tax added on top comes before it, "$Z".
 */
export function costRows(order: OrderCosts, totalLabel = "Total"): CostRow[] {
  const rows: CostRow[] = [{ key: "subtotal", label: "Subtotal", value: formatMoney(order.subtotalCents) }];
  if (order.discountCode || order.discountCents > 0) {
    rows.push({
      key: "discount",
      label: order.discountCode ? `Discount (${order.discountCode})` : "Discount",
      value: `−${formatMoney(order.discountCents)}`,
    });
  }
  if (showsShipping(order)) {
    rows.push({
      key: "shipping",
      label: order.shippingMethod ? `Shipping (${order.shippingMethod.name})` : "Shipping",
      value: order.shippingCents === 0 ? "Free" : formatMoney(order.shippingCents),
    });
  }
  const tax: CostRow | null = showsTax(order)
    ? {
        key: "tax",
        label: order.taxRate > 0 ? `Tax (${taxRateText(order.taxRate)})` : "Tax",
        value: order.taxIncluded ? `incl. ${formatMoney(order.taxCents)} VAT` : formatMoney(order.taxCents),
      }
    : null;
  if (tax && !order.taxIncluded) rows.push(tax);
  rows.push({ key: "total", label: totalLabel, value: formatMoney(order.totalCents) });
  if (tax && order.taxIncluded) rows.push(tax);
  return rows;
}

/**
 * The rows where space is short (e-mails, the payment page): the total alone when the order had
 * nothing between its lines and its total (no discount, shipping or tax), as before issue 41.
 */
export function shortCostRows(order: OrderCosts, totalLabel = "Total"): CostRow[] {
  const rows = costRows(order, totalLabel);
  return rows.length > 2 ? rows : rows.filter((row) => row.key === "total");
}

/** The shopper's printable receipt of an order (routes/shop/receipt.tsx). */
export const receiptPath = (orderId: string) => `/shop/account/orders/${orderId}/receipt`;
