import type { StatusChangeBy } from "./constants";
import { formatMoney } from "./money";
import { orderStatusLabel, refundStatusLabel, type OrderWithOwner } from "./orders";

// An order's timeline as people read it: one sentence per event saying what happened and who did
// it ("Cancelled by the shopper"), then when. Status changes come from order_status_history
// (server/orders/timeline.server.ts); the refunds and returns of the order join them, so the
// story is whole in one place. Shopper and admin read the same words.

export type TimelineEntry = { key: string; at: string; text: string; detail: string | null };

/** One change of status in words: what it became and whose doing it was. */
export function statusEventText(status: string, by: StatusChangeBy | string, paymentMethod: string): string {
  if (by === "shopper" && status === "pending") return "Placed by the shopper";
  if (by === "shopper" && status === "cancelled") return "Cancelled by the shopper";
  if (by === "payment" && status === "confirmed")
    return paymentMethod === "none" ? "Confirmed: paid by its discount code" : "Confirmed: payment received";
  if (by === "recovery" && status === "confirmed") return "Confirmed: payment received (settled after an interruption)";
  if (by === "payment" && status === "rejected") return "Rejected: an item sold out during payment";
  if (by === "admin" && status === "rejected") return "Rejected by the shop";
  if (by === "admin") return `Marked ${orderStatusLabel(status).toLowerCase()} by the shop`;
  // A pairing no code writes today: the status, and who, as stored.
  return `${orderStatusLabel(status)} (${by})`;
}

/** A refund in words: how much, and why (the shopper's cancellation) or who (the shop). */
function refundEventText(amountCents: number, by: "shopper" | "admin"): string {
  return by === "shopper"
    ? `Refund of ${formatMoney(amountCents)} for the shopper's cancellation`
    : `Refund of ${formatMoney(amountCents)} by the shop`;
}

const RETURN_DECIDED = { received: "Return received by the shop", refused: "Return refused by the shop" } as const;

/**
 * Every event of the order, oldest first. Events at the same moment keep a fixed order: a return
 * before the refund its receipt wrote, a refund before the status change it brought (a
 * cancellation settles once PayPal takes the money).
 */
export function timelineEntries(order: Pick<OrderWithOwner, "statusHistory" | "refunds" | "returns" | "paymentMethod">): TimelineEntry[] {
  const entries: Array<TimelineEntry & { rank: number }> = [];
  order.statusHistory.forEach((event, i) =>
    entries.push({
      key: `status-${i}`,
      at: event.at,
      rank: 2,
      text: statusEventText(event.status, event.by, order.paymentMethod),
      detail: null,
    }),
  );
  for (const refund of order.refunds) {
    entries.push({
      key: `refund-${refund.id}`,
      at: refund.createdAt,
      rank: 1,
      text: refundEventText(refund.amountCents, refund.by),
      detail: refund.status === "completed" ? null : refundStatusLabel(refund.status),
    });
  }
  for (const request of order.returns) {
    entries.push({ key: `return-${request.id}`, at: request.createdAt, rank: 0, text: "Return requested by the shopper", detail: null });
    if (request.status !== "requested" && request.decidedAt) {
      entries.push({
        key: `return-${request.id}-decided`,
        at: request.decidedAt,
        rank: 0,
        text: RETURN_DECIDED[request.status],
        detail: null,
      });
    }
  }
  // ISO 8601 UTC times: their text sorts as the times do. Array.prototype.sort is stable.
  return entries
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.rank - b.rank))
    .map(({ key, at, text, detail }) => ({ key, at, text, detail }));
}
