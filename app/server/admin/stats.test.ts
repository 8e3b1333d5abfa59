import { beforeAll, expect, it } from "vitest";
import type { OrderStatus, PaymentStatus } from "~/lib/constants";
import { registerUser } from "~/server/accounts/users.server";
import { insertOrder } from "#tests/support/orders";
import { shopNumbers } from "./stats.server";

// The dashboard's numbers against orders placed on known days (both engines).
const TODAY = new Date("2026-11-24T15:00:00.000Z");
const daysAgo = (n: number, hour = 10) =>
  new Date(Date.parse("2026-11-24T00:00:00.000Z") - n * 86_400_000 + hour * 3_600_000).toISOString();

let userId: string;
const order = (
  at: string,
  paymentStatus: PaymentStatus,
  orderStatus: OrderStatus,
  items: Array<[string, number, number, number?]>,
  refundedCents = 0,
) =>
  insertOrder(
    userId,
    items.map(([title, quantity, unitPriceCents, discountCents]) => ({ title, quantity, unitPriceCents, discountCents })),
    { paymentStatus, orderStatus, at, refunded_cents: refundedCents },
  );

beforeAll(async () => {
  const r = await registerUser({ userName: "Stats Buyer", email: "stats@example.com", password: "password123" });
  if (!r.ok) throw new Error("setup");
  userId = r.user.id;
  await order(daysAgo(0, 9), "paid", "confirmed", [["Cap", 2, 1000]]); // today: $20
  await order(daysAgo(0, 11), "paid", "cancelled", [["Hat", 1, 4000]], 4000); // today: $40, all refunded
  await order(daysAgo(3), "paid", "inShipping", [["Tee", 1, 2500]], 1000); // 3 days ago: $25, $10 refunded
  await order(daysAgo(3, 18), "paid", "delivered", [["Cap", 1, 1000]]); // same day: $10
  await order(daysAgo(12), "paid", "delivered", [["Boots", 1, 9000]]); // 12 days ago: $90
  await order(daysAgo(5), "paid", "delivered", [["Tee", 2, 2500, 1500]]); // 5 days ago: $50 less a $15 code: $35 paid
  await order(daysAgo(1), "pending", "pending", [["Boots", 1, 9000, 900]]); // a code on an unpaid attempt: not given
  await order(daysAgo(45), "paid", "delivered", [["Cap", 50, 1000]]); // too old for every figure
  await order(daysAgo(1), "cancelled", "pending", [["Cap", 9, 1000]]); // not an order
  await order(daysAgo(1), "pending", "pending", [["Tee", 4, 2500]]); // placed, not paid
});

it("counts revenue (net of refunds and discounts), refunds, discounts and paid orders for today, 7 and 30 days, per day, by status, and the best sellers", async () => {
  const numbers = await shopNumbers(TODAY);
  expect(numbers.periods).toEqual([
    { label: "Today", days: 1, revenueCents: 2000, refundsCents: 4000, discountsCents: 0, orders: 2 },
    { label: "Last 7 days", days: 7, revenueCents: 8000, refundsCents: 5000, discountsCents: 1500, orders: 5 },
    { label: "Last 30 days", days: 30, revenueCents: 17000, refundsCents: 5000, discountsCents: 1500, orders: 6 },
  ]);
  expect(numbers.days).toHaveLength(30);
  expect(numbers.days[0]!.day).toBe("2026-10-26");
  expect(numbers.days.at(-1)).toEqual({ day: "2026-11-24", revenueCents: 2000, refundsCents: 4000, discountsCents: 0, orders: 2 });
  expect(numbers.days.find((d) => d.day === "2026-11-21")).toEqual({
    day: "2026-11-21",
    revenueCents: 2500,
    refundsCents: 1000,
    discountsCents: 0,
    orders: 2,
  });
  expect(numbers.days.find((d) => d.day === "2026-11-19")).toEqual({
    day: "2026-11-19",
    revenueCents: 3500,
    refundsCents: 0,
    discountsCents: 1500,
    orders: 1,
  });
  expect(numbers.days.filter((d) => d.revenueCents).map((d) => d.day)).toEqual(["2026-11-12", "2026-11-19", "2026-11-21", "2026-11-24"]);
  expect(numbers.byStatus).toEqual([
    { status: "pending", orders: 2 },
    { status: "inProcess", orders: 0 },
    { status: "inShipping", orders: 1 },
    { status: "delivered", orders: 4 },
    { status: "confirmed", orders: 1 },
    { status: "rejected", orders: 0 },
    { status: "cancelled", orders: 1 },
  ]);
  // By quantity sold in paid orders of the last 30 days (the 45-day-old 50 caps do not count, nor
  // the cancelled hat).
  expect(numbers.bestSellers.map((b) => [b.title, b.quantity, b.revenueCents])).toEqual([
    ["Tee", 3, 6000],
    ["Cap", 3, 3000],
    ["Boots", 1, 9000],
  ]);
});
