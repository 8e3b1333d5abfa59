import type { Insertable } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { OrderStatus, PaymentStatus } from "~/lib/constants";
import type { OrdersTable } from "#db/schema";
import { db, newId } from "~/server/database/db.server";
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
    {
      label: "Today",
      days: 1,
      revenueCents: 2000,
      refundsCents: 4000,
      discountsCents: 0,
      salesCents: 2000,
      shippingCents: 0,
      taxCents: 0,
      orders: 2,
    },
    {
      label: "Last 7 days",
      days: 7,
      revenueCents: 8000,
      refundsCents: 5000,
      discountsCents: 1500,
      salesCents: 8000,
      shippingCents: 0,
      taxCents: 0,
      orders: 5,
    },
    {
      label: "Last 30 days",
      days: 30,
      revenueCents: 17000,
      refundsCents: 5000,
      discountsCents: 1500,
      salesCents: 17000,
      shippingCents: 0,
      taxCents: 0,
      orders: 6,
    },
  ]);
  expect(numbers.days).toHaveLength(30);
  expect(numbers.days[0]!.day).toBe("2026-10-26");
  expect(numbers.days.at(-1)).toEqual({
    day: "2026-11-24",
    revenueCents: 2000,
    refundsCents: 4000,
    discountsCents: 0,
    salesCents: 2000,
    shippingCents: 0,
    taxCents: 0,
    orders: 2,
  });
  expect(numbers.days.find((d) => d.day === "2026-11-21")).toEqual({
    day: "2026-11-21",
    revenueCents: 2500,
    refundsCents: 1000,
    discountsCents: 0,
    // Nothing charged for shipping or tax: the sales are the revenue.
    salesCents: 2500,
    shippingCents: 0,
    taxCents: 0,
    orders: 2,
  });
  expect(numbers.days.find((d) => d.day === "2026-11-19")).toEqual({
    day: "2026-11-19",
    revenueCents: 3500,
    refundsCents: 0,
    discountsCents: 1500,
    salesCents: 3500,
    shippingCents: 0,
    taxCents: 0,
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

describe("sales, shipping and tax (issue 41)", () => {
  // Days of their own, far from the orders above, so only these orders count.
  const LATER = new Date("2027-06-15T15:00:00.000Z");
  const at = (n: number) => new Date(Date.parse("2027-06-15T00:00:00.000Z") - n * 86_400_000 + 10 * 3_600_000).toISOString();
  const costs = (
    total: number,
    shipping: number,
    shippingTax: number,
    tax: number,
    rate: number,
    included: boolean,
    refunded = 0,
  ): Partial<Insertable<OrdersTable>> => ({
    total_cents: total,
    shipping_method: shipping || shippingTax ? "Standard" : "Free delivery",
    shipping_cents: shipping,
    shipping_tax_cents: shippingTax,
    tax_cents: tax,
    tax_rate: rate,
    prices_include_tax: included ? 1 : 0,
    refunded_cents: refunded,
    country: "US",
  });
  const refund = (orderId: string, amountCents: number, shippingCents: number, status: "completed" | "failed" = "completed") =>
    db
      .insertInto("refunds")
      .values({
        id: newId(),
        order_id: orderId,
        amount_cents: amountCents,
        shipping_cents: shippingCents,
        status,
        reason: "test",
        restock: 0,
        order_status_after: null,
        by: "admin",
        paypal_refund_id: status === "completed" ? `R-${newId()}` : null,
        failure: status === "failed" ? "refused" : null,
        created_at: at(0),
        updated_at: at(0),
      })
      .execute();

  beforeAll(async () => {
    // Today. Prices without tax, 10 %: 2 × $50 less a $10 code = $90 + $9 tax, shipping $5 + $0.50 tax.
    await insertOrder(userId, [{ title: "Coat", quantity: 2, unitPriceCents: 5000, discountCents: 1000 }], {
      paymentStatus: "paid",
      at: at(0),
      ...costs(10450, 500, 50, 950, 10000, false),
    });
    // Today. Prices with 20 % VAT in them: 3 × $12 ($6 VAT), shipping $6 ($1 VAT). One unit ($12)
    // and the shipping ($6) refunded.
    const vat = await insertOrder(userId, [{ title: "Scarf", quantity: 3, unitPriceCents: 1200 }], {
      paymentStatus: "paid",
      at: at(0),
      ...costs(4200, 600, 100, 700, 20000, true, 1800),
    });
    await refund(vat, 1200, 0);
    await refund(vat, 600, 600);
    // Two days ago. A $30 line + $3 tax, free shipping, refunded in full.
    const whole = await insertOrder(userId, [{ title: "Belt", quantity: 1, unitPriceCents: 3000 }], {
      paymentStatus: "paid",
      at: at(2),
      ...costs(3300, 0, 0, 300, 10000, false, 3300),
    });
    await refund(whole, 3300, 0);
    // Two days ago. $20 + $2 tax, shipping $10 + $1 tax; the shipping refunded ($11), and a
    // refund PayPal refused ($22, not counted: refunded_cents never had it).
    const shipped = await insertOrder(userId, [{ title: "Boots", quantity: 1, unitPriceCents: 2000 }], {
      paymentStatus: "paid",
      at: at(2),
      ...costs(3300, 1000, 100, 300, 10000, false, 1100),
    });
    await refund(shipped, 1100, 1100);
    await refund(shipped, 2200, 0, "failed");
    // Two days ago. An order from before issue 41 (no shipping, no tax), $5 of $15 refunded.
    const old = await insertOrder(userId, [{ title: "Cap", quantity: 1, unitPriceCents: 1500 }], {
      paymentStatus: "paid",
      at: at(2),
      refunded_cents: 500,
    });
    await refund(old, 500, 0);
    // Two days ago. 8.875 %: 3 × $3.33 = $9.99 + $0.89 tax; one unit refunded with its tax ($3.63).
    const odd = await insertOrder(userId, [{ title: "Socks", quantity: 3, unitPriceCents: 333 }], {
      paymentStatus: "paid",
      at: at(2),
      ...costs(1088, 0, 0, 89, 8875, false, 363),
    });
    await refund(odd, 363, 0);
    // Not paid: counts nowhere.
    await insertOrder(userId, [{ title: "Coat", quantity: 1, unitPriceCents: 5000 }], {
      at: at(0),
      ...costs(5500, 0, 0, 500, 10000, false),
    });
  });

  it("splits the revenue into sales without tax, shipping without its tax and tax, each net of refunds", async () => {
    const numbers = await shopNumbers(LATER);
    const today = numbers.days.at(-1)!;
    const twoDaysAgo = numbers.days.at(-3)!;
    // Today: sales $90 + ($36 − $6 VAT) less the refunded unit ($12 less its $2 VAT) = $110; shipping
    // $5, the VAT order's given back; tax $9.50 + $7 less $2 and $1 given back = $13.50.
    expect(today).toMatchObject({ revenueCents: 12850, salesCents: 11000, shippingCents: 500, taxCents: 1350, orders: 2 });
    // Two days ago: the full refund leaves nothing; the shipped order keeps its $20 and $2 tax; the
    // old order $10 of sales; the odd one $9.99 − $3.33 = $6.66 and $0.89 − $0.30 = $0.59 tax.
    expect(twoDaysAgo).toMatchObject({ revenueCents: 3925, salesCents: 3666, shippingCents: 0, taxCents: 259, orders: 4 });
    for (const day of numbers.days) expect(day.salesCents + day.shippingCents + day.taxCents).toBe(day.revenueCents);
    expect(numbers.periods.map((p) => [p.label, p.salesCents, p.shippingCents, p.taxCents, p.revenueCents])).toEqual([
      ["Today", 11000, 500, 1350, 12850],
      ["Last 7 days", 14666, 500, 1609, 16775],
      ["Last 30 days", 14666, 500, 1609, 16775],
    ]);
  });
});
