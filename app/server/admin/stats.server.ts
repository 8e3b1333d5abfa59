import { sql, type RawBuilder } from "kysely";
import { ORDER_STATUSES } from "~/lib/constants";
import type { Period, ShopNumbers } from "~/lib/shop-numbers";
import { ABANDONED } from "~/server/orders/orders.server";
import { db } from "~/server/database/db.server";

// The owner's numbers on the dashboard: paid orders counted on the day they were placed (UTC),
// from the orders themselves, so they are exact whatever wrote them (checkout, recovery, the seed).
// Revenue is net of refunds; the refunds of those orders are a figure of their own, and so are the
// discounts codes gave them (issue 33).

// Issue 41 splits the revenue into sales (the lines after discounts, tax left out), shipping
// (without its tax) and tax, each net of refunds, from what each order stored when it was placed
// (docs/decisions/0056-receipts-and-numbers.md). A refund's `shipping_cents` gave back shipping
// with its tax; the rest of it gave back lines with theirs. Each part is split between the tax and
// the rest in the proportion the order itself had: one rate per order, so a refund of lines gives
// back their share of the lines' tax, and a full refund gives back every cent of each figure.
// Rounded half up per order; sales + shipping + tax is the revenue exactly.

/** a × b / c rounded half up, 0 when c is 0 (integers on both engines; bigint so cents never overflow). */
const share = (a: RawBuilder<unknown>, b: RawBuilder<unknown>, c: RawBuilder<unknown>) =>
  sql<number>`case when ${c} > 0 then (2 * cast(${a} as bigint) * ${b} + ${c}) / (2 * cast(${c} as bigint)) else 0 end`;
/** What shipping cost the shopper, its tax in it either way. */
const shippingGross = sql`(orders.shipping_cents + (1 - orders.prices_include_tax) * orders.shipping_tax_cents)`;
/** The part of the refunds that gave back shipping (refunds PayPal refused give back nothing). */
const shippingBack = sql`coalesce(refunded_shipping.cents, 0)`;
const shippingTaxBack = share(shippingBack, sql`orders.shipping_tax_cents`, shippingGross);
/** What the lines cost the shopper after discounts, their tax in it either way, and that tax. */
const goodsGross = sql`(orders.total_cents - ${shippingGross})`;
const goodsTax = sql`(orders.tax_cents - orders.shipping_tax_cents)`;
const goodsBack = sql`(orders.refunded_cents - ${shippingBack})`;
const goodsTaxBack = share(goodsBack, goodsTax, goodsGross);
const salesNet = sql<number>`${goodsGross} - ${goodsTax} - (${goodsBack} - ${goodsTaxBack})`;
const shippingNet = sql<number>`${shippingGross} - orders.shipping_tax_cents - (${shippingBack} - ${shippingTaxBack})`;
const taxNet = sql<number>`orders.tax_cents - ${goodsTaxBack} - ${shippingTaxBack}`;

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export async function shopNumbers(today = new Date()): Promise<ShopNumbers> {
  const first = new Date(Date.parse(dayOf(today)) - 29 * DAY_MS);
  const since = first.toISOString();
  const day = sql<string>`substr(orders.order_date, 1, 10)`;
  const [perDay, statuses, sellers] = await Promise.all([
    db
      .selectFrom("orders")
      .leftJoin(
        db
          .selectFrom("refunds")
          .select((eb) => ["order_id", eb.fn.sum<number>("shipping_cents").as("cents")])
          .where("status", "!=", "failed")
          .groupBy("order_id")
          .as("refunded_shipping"),
        "refunded_shipping.order_id",
        "orders.id",
      )
      .select((eb) => [
        day.as("day"),
        eb.fn.sum<number>(sql`orders.total_cents - orders.refunded_cents`).as("revenue"),
        eb.fn.sum<number>("orders.refunded_cents").as("refunds"),
        eb.fn.sum<number>("orders.discount_cents").as("discounts"),
        eb.fn.sum<number>(salesNet).as("sales"),
        eb.fn.sum<number>(shippingNet).as("shipping"),
        eb.fn.sum<number>(taxNet).as("tax"),
        eb.fn.countAll<number>().as("orders"),
      ])
      .where("orders.payment_status", "=", "paid")
      .where("orders.order_date", ">=", since)
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
      salesCents: Number(d?.sales ?? 0),
      shippingCents: Number(d?.shipping ?? 0),
      taxCents: Number(d?.tax ?? 0),
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
      salesCents: last.reduce((s, d) => s + d.salesCents, 0),
      shippingCents: last.reduce((s, d) => s + d.shippingCents, 0),
      taxCents: last.reduce((s, d) => s + d.taxCents, 0),
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
