import { sql } from "kysely";
import { ORDER_STATUSES } from "~/lib/constants";
import type { Period, ShopNumbers } from "~/lib/shop-numbers";
import { ABANDONED } from "~/server/orders/orders.server";
import { db } from "~/server/database/db.server";

// The owner's numbers on the dashboard: paid orders counted on the day they were placed (UTC),
// from the orders themselves, so they are exact whatever wrote them (checkout, recovery, the seed).
// Revenue is net of refunds; the refunds of those orders are a figure of their own, and so are the
// discounts codes gave them (issue 33).

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export async function shopNumbers(today = new Date()): Promise<ShopNumbers> {
  const first = new Date(Date.parse(dayOf(today)) - 29 * DAY_MS);
  const since = first.toISOString();
  const day = sql<string>`substr(orders.order_date, 1, 10)`;
  const [perDay, statuses, sellers] = await Promise.all([
    db
      .selectFrom("orders")
      .select((eb) => [
        day.as("day"),
        eb.fn.sum<number>(sql`total_cents - refunded_cents`).as("revenue"),
        eb.fn.sum<number>("refunded_cents").as("refunds"),
        eb.fn.sum<number>("discount_cents").as("discounts"),
        eb.fn.countAll<number>().as("orders"),
      ])
      .where("payment_status", "=", "paid")
      .where("order_date", ">=", since)
      .groupBy(day)
      .execute(),
    db
      .selectFrom("orders")
      .select((eb) => ["order_status", eb.fn.countAll<number>().as("orders")])
      .where("payment_status", "not in", ABANDONED)
      .groupBy("order_status")
      .execute(),
    // A product's sales together; those of a deleted product (its link cleared) by the title they kept.
    db
      .selectFrom("order_items")
      .innerJoin("orders", "orders.id", "order_items.order_id")
      .select((eb) => [
        eb.fn.max("order_items.product_id").as("product_id"),
        eb.fn.max("order_items.title").as("title"),
        eb.fn.sum<number>("order_items.quantity").as("quantity"),
        // What was paid for the lines: less each line's share of a discount code.
        eb.fn.sum<number>(sql`order_items.quantity * order_items.unit_price_cents - order_items.discount_cents`).as("revenue"),
      ])
      .where("orders.payment_status", "=", "paid")
      .where("orders.order_status", "not in", ["cancelled", "rejected"])
      .where("orders.order_date", ">=", since)
      .groupBy(sql`coalesce(order_items.product_id, order_items.title)`)
      .orderBy("quantity", "desc")
      .orderBy("revenue", "desc")
      .orderBy("title")
      .limit(5)
      .execute(),
  ]);
  const found = new Map(perDay.map((d) => [d.day, d]));
  const days = Array.from({ length: 30 }, (_, i) => {
    const key = dayOf(new Date(first.getTime() + i * DAY_MS));
    const d = found.get(key);
    return {
      day: key,
      revenueCents: Number(d?.revenue ?? 0),
      refundsCents: Number(d?.refunds ?? 0),
      discountsCents: Number(d?.discounts ?? 0),
      orders: Number(d?.orders ?? 0),
    };
  });
  const period = (label: string, n: number): Period => {
    const last = days.slice(-n);
    return {
      label,
      days: n,
      revenueCents: last.reduce((s, d) => s + d.revenueCents, 0),
      refundsCents: last.reduce((s, d) => s + d.refundsCents, 0),
      discountsCents: last.reduce((s, d) => s + d.discountsCents, 0),
      orders: last.reduce((s, d) => s + d.orders, 0),
    };
  };
  const counts = new Map(statuses.map((s) => [s.order_status, Number(s.orders)]));
  return {
    periods: [period("Today", 1), period("Last 7 days", 7), period("Last 30 days", 30)],
    days,
    byStatus: ORDER_STATUSES.map((status) => ({ status, orders: counts.get(status) ?? 0 })),
    bestSellers: sellers.map((s) => ({
      productId: s.product_id,
      title: String(s.title),
      quantity: Number(s.quantity),
      revenueCents: Number(s.revenue),
    })),
  };
}
