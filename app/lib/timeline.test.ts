import { describe, expect, it } from "vitest";
import type { Refund, ReturnRequest, StatusEvent } from "./orders";
import { statusEventText, timelineEntries } from "./timeline";

// The timeline's words: each event says what happened and who did it, never the words of another
// event ("Cancelled · Placed by the shopper" was the bug).

const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 10, minute)).toISOString();
const status = (s: StatusEvent["status"], by: StatusEvent["by"], minute: number, from: StatusEvent["from"] = null): StatusEvent => ({
  status: s,
  from,
  by,
  at: at(minute),
});
const refund = (amountCents: number, by: Refund["by"], minute: number, state: Refund["status"] = "completed"): Refund => ({
  id: `r${minute}`,
  amountCents,
  shippingCents: 0,
  status: state,
  reason: "x",
  by,
  createdAt: at(minute),
  items: [],
});
const returned = (minute: number, state: ReturnRequest["status"], decidedMinute: number | null): ReturnRequest => ({
  id: `ret${minute}`,
  status: state,
  reason: "Too small",
  refusal: null,
  createdAt: at(minute),
  decidedAt: decidedMinute === null ? null : at(decidedMinute),
  items: [],
});
const texts = (order: Parameters<typeof timelineEntries>[0]) => timelineEntries(order).map((e) => e.text);

describe("the timeline's words", () => {
  it.each([
    ["pending", "shopper", "paypal", "Placed by the shopper"],
    ["cancelled", "shopper", "paypal", "Cancelled by the shopper"],
    ["confirmed", "payment", "paypal", "Confirmed: payment received"],
    ["confirmed", "payment", "none", "Confirmed: paid by its discount code"],
    ["confirmed", "recovery", "paypal", "Confirmed: payment received (settled after an interruption)"],
    ["rejected", "payment", "paypal", "Rejected: an item sold out during payment"],
    ["rejected", "admin", "paypal", "Rejected by the shop"],
    ["inProcess", "admin", "paypal", "Marked in process by the shop"],
    ["inShipping", "admin", "paypal", "Marked in shipping by the shop"],
    ["delivered", "admin", "paypal", "Marked delivered by the shop"],
    ["pending", "admin", "paypal", "Marked pending by the shop"],
  ] as const)("%s by %s (%s): %s", (s, by, method, text) => {
    expect(statusEventText(s, by, method)).toBe(text);
  });

  it("a cancelled order: placed, paid, the refund of the cancellation, cancelled; no event borrows another's words", () => {
    const order = {
      paymentMethod: "paypal",
      statusHistory: [
        status("pending", "shopper", 0),
        status("confirmed", "payment", 1, "pending"),
        status("cancelled", "shopper", 5, "confirmed"),
      ],
      // PayPal took the refund in the same moment the order became cancelled: the refund comes first.
      refunds: [refund(4990, "shopper", 5)],
      returns: [],
    };
    expect(texts(order)).toEqual([
      "Placed by the shopper",
      "Confirmed: payment received",
      "Refund of $49.90 for the shopper's cancellation",
      "Cancelled by the shopper",
    ]);
    expect(texts(order).filter((t) => t.includes("Placed"))).toHaveLength(1);
  });

  it("the shop's steps, a refund, a return received and one refused, in time order; a refund not settled says where it stands", () => {
    const entries = timelineEntries({
      paymentMethod: "paypal",
      statusHistory: [
        status("pending", "shopper", 0),
        status("confirmed", "payment", 1, "pending"),
        status("inShipping", "admin", 10, "confirmed"),
        status("delivered", "admin", 20, "inShipping"),
      ],
      refunds: [refund(1000, "admin", 15, "requested"), refund(2000, "admin", 40)],
      returns: [returned(30, "received", 40), returned(31, "refused", 35), returned(50, "requested", null)],
    });
    expect(entries.map((e) => [e.text, e.detail])).toEqual([
      ["Placed by the shopper", null],
      ["Confirmed: payment received", null],
      ["Marked in shipping by the shop", null],
      ["Refund of $10.00 by the shop", "Sent to PayPal"],
      ["Marked delivered by the shop", null],
      ["Return requested by the shopper", null],
      ["Return requested by the shopper", null],
      ["Return refused by the shop", null],
      // Received, and the refund its money lines became, in the same moment: the return first.
      ["Return received by the shop", null],
      ["Refund of $20.00 by the shop", null],
      ["Return requested by the shopper", null],
    ]);
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
  });
});
