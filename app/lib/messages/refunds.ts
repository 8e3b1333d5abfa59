// What shoppers and the owner read about cancellations and refunds (forms, toasts and /api alike).
import { formatMoney } from "~/lib/money";

export const ORDER_CANCELLED = "Your order is cancelled. The refund is on its way to your PayPal account.";
export const REFUND_DONE = "The refund went through.";
export const REFUND_SENT =
  "The refund was sent to PayPal, which has not confirmed it yet. The order will show it as soon as PayPal does; nothing more needs doing.";
export const ORDER_REJECTED_REFUNDED = "The order is rejected, the payment refunded and its items back in stock.";
export const CANNOT_CANCEL_SHIPPED =
  "This order has already shipped, so it can no longer be cancelled. Once it is delivered you can return items from its details.";
export const ORDER_BUSY = "This order is being changed right now. Please try again in a moment.";
export const CANCELLATION_WAITING =
  "This order's cancellation is waiting for PayPal's answer; its status can change once PayPal has answered. Please try again in a few minutes.";
export const ALREADY_CANCELLED = "This order is already cancelled.";
export const FREE_ORDER_CANCELLED = "Your order is cancelled. Its discount code paid for all of it, so there is no money to give back.";
export const FREE_ORDER_REJECTED =
  "The order is rejected and its items back in stock. Its discount code paid for all of it: no money moved.";
/** What the shopper reads after cancelling: a free order (no refund row) has no money on its way. */
export const cancelledMessage = (outcome: { refundId: string | null; status: string }) =>
  outcome.refundId === null ? FREE_ORDER_CANCELLED : outcome.status === "requested" ? REFUND_SENT : ORDER_CANCELLED;
export const FREE_ORDER_NO_MONEY =
  "This order's discount code paid for all of it, so there is no money to refund. Reject the order to put its items back in stock.";
export const NOT_PAID = "This order has not been paid, so there is nothing to refund.";
export const NOTHING_TO_REFUND = "Choose at least one item to refund, or an amount.";
export const NO_SUCH_LINE = "This order has no item in that size and colour.";
export const REFUND_REFUSED = "PayPal refused the refund, so no money moved. Please try again later or refund from PayPal's dashboard.";
export const tooMuchRefund = (leftCents: number) =>
  leftCents > 0
    ? `The most that can still be refunded on this order is ${formatMoney(leftCents)}.`
    : "This order is fully refunded already.";
export const tooManyUnits = (title: string, left: number) =>
  left > 0 ? `At most ${left} of "${title}" can still be refunded.` : `"${title}" is refunded in full already.`;
/** The owner's refund of an order's shipping (issue 41). */
export const SHIPPING_REFUNDED = "The shipping was refunded.";
export const SHIPPING_REFUND_REASON = "Shipping";
export const NO_SHIPPING_CHARGED = "This order was delivered for free, so there is no shipping to refund.";
export const SHIPPING_REFUNDED_ALREADY = "This order's shipping has been refunded already.";
