import type { Kysely } from "kysely";
import { paidForUnits } from "~/lib/discounts/arithmetic";
import type { RefundFigures } from "~/lib/refund-figures";
import type { Database } from "#db/schema";
import { db } from "~/server/database/db.server";

// Pricing refunded units and counting what is left of an order's lines (docs/decisions/0037-refunds.md):
// what a refund of lines gives back, what a return may still take.

/** An order its discount code paid in full: nothing was taken through PayPal (decision 0043). */
export const isFree = (order: { payment_method: string; total_cents: number }) =>
  order.payment_method === "none" && order.total_cents === 0;

/**
 * The one rule for what is left of each line of an order (issue 38, point 6), which a refund of
 * lines, a return and the closing of a free order all count with: the units bought, less those
 * refunded (a refund not failed, or one PayPal took and failed later: its units went back then),
 * exchanged, asked for in a return not decided yet, or received back in a return without a refund
 * (its money had gone back already, or a code made the line free); and none at all once a free
 * order is closed (cancelled or rejected: its units went back or stayed with the shopper then).
 */
export async function unitsLeft(trx: Kysely<Database>, orderId: string): Promise<Map<string, number>> {
  return (await unitsOf(trx, orderId)).left;
}

/**
 * What `lines` of the order cost after its discount, with their tax when it was added on top, as a
 * refund of them would give back now (after the units refunded in money before): 0 for lines a
 * discount code made free.
 */
export async function paidForLines(
  trx: Kysely<Database>,
  orderId: string,
  lines: Array<{ orderItemId: string; quantity: number }>,
): Promise<number> {
  const [order, items] = await Promise.all([
    trx.selectFrom("orders").select("prices_include_tax").where("id", "=", orderId).executeTakeFirstOrThrow(),
    trx
      .selectFrom("order_items")
      .select(["id", "unit_price_cents", "quantity", "discount_cents", "tax_cents"])
      .where("order_id", "=", orderId)
      .execute(),
  ]);
  const paidFor = refundPricer((await unitsOf(trx, orderId)).refunded, order.prices_include_tax === 1);
  let cents = 0;
  for (const line of lines) {
    const item = items.find((i) => i.id === line.orderItemId);
    if (item) cents += paidFor(item, line.quantity);
  }
  return cents;
}

type PricedItem = { id: string; unit_price_cents: number; quantity: number; discount_cents: number; tax_cents: number };

/**
 * Prices units of an order's lines as a refund gives them back: what they cost after the discount,
 * with their tax when prices excluded it (paidForUnits), after the units refunded in money before
 * (`refunded`) and those this pricer priced already, so every unit refunded, in any steps, gives
 * back exactly what the line cost.
 */
export function refundPricer(refunded: Map<string, number>, taxIncluded: boolean): (item: PricedItem, quantity: number) => number {
  const priced = new Map<string, number>();
  return (item, quantity) => {
    const before = (refunded.get(item.id) ?? 0) + (priced.get(item.id) ?? 0);
    priced.set(item.id, (priced.get(item.id) ?? 0) + quantity);
    return paidForUnits(paidLine(item, taxIncluded), before, quantity);
  };
}

/** A line as paidForUnits sees it: its tax counts only when it was added to the price. */
const paidLine = (item: PricedItem, taxIncluded: boolean) => ({
  totalCents: item.unit_price_cents * item.quantity,
  discountCents: item.discount_cents,
  taxAddedCents: taxIncluded ? 0 : item.tax_cents,
  quantity: item.quantity,
});

type ChargedOrder = {
  total_cents: number;
  refunded_cents: number;
  shipping_cents: number;
  shipping_tax_cents: number;
  prices_include_tax: number;
};

/**
 * The money still refundable on an order (issue 41; the caller holds the order's row): `total`, all
 * of it (total − refunded); `shipping`, what giving back the shipping would refund now (the
 * shipping charged, with its tax when prices excluded it, less the shipping refunds not failed,
 * and never more than `total`); `lines`, what is left for the lines (a return refunds at most that:
 * shipping is not given back by a return).
 */
export async function moneyLeft(trx: Kysely<Database>, orderId: string, order: ChargedOrder) {
  const charged = order.shipping_cents + (order.prices_include_tax === 1 ? 0 : order.shipping_tax_cents);
  const { given } = await trx
    .selectFrom("refunds")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("shipping_cents"), eb.val(0)).as("given"))
    .where("order_id", "=", orderId)
    .where("status", "!=", "failed")
    .executeTakeFirstOrThrow();
  const total = order.total_cents - order.refunded_cents;
  const shippingLeft = Math.max(0, charged - Number(given));
  return { total, charged, shipping: Math.min(shippingLeft, total), lines: Math.max(0, total - shippingLeft) };
}

/**
 * The refund form's figures (issue 41, point 6: the browser shows them, never computes money): the
 * money left, the shipping "Refund shipping" would give back, and for each size still refundable
 * its units left and what the line cost in all (after its discount, with its tax when added).
 * Null for an order that does not exist.
 */
export async function refundFigures(orderId: string): Promise<RefundFigures | null> {
  const order = await db
    .selectFrom("orders")
    .select(["total_cents", "refunded_cents", "shipping_cents", "shipping_tax_cents", "prices_include_tax"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return null;
  const [left, units, items] = await Promise.all([
    moneyLeft(db, orderId, order),
    unitsOf(db, orderId),
    db
      .selectFrom("order_items")
      .select(["id", "variant_id", "unit_price_cents", "quantity", "discount_cents", "tax_cents"])
      .where("order_id", "=", orderId)
      .orderBy("id")
      .execute(),
  ]);
  const lines: RefundFigures["lines"] = [];
  for (const item of items) {
    const unitsLeft = units.left.get(item.id) ?? 0;
    if (!item.variant_id || unitsLeft <= 0) continue;
    const line = paidLine(item, order.prices_include_tax === 1);
    lines.push({ variantId: item.variant_id, unitsLeft, paidCents: paidForUnits(line, 0, item.quantity) });
  }
  return { leftCents: left.total, shippingCents: left.shipping, lines };
}

/**
 * `left`: as unitsLeft; `refunded`: only the units refunded in money, which decide a line's next
 * refund amount (paidForUnits). `receiving`: a return being received, whose refund is being
 * written: its units are counted by that refund, not yet linked to it.
 */
export async function unitsOf(trx: Kysely<Database>, orderId: string, receiving?: string) {
  const [order, items, refunded, returning] = await Promise.all([
    trx
      .selectFrom("orders")
      .select(["payment_method", "payment_status", "total_cents", "stock_reserved"])
      .where("id", "=", orderId)
      .executeTakeFirst(),
    trx.selectFrom("order_items").select(["id", "quantity"]).where("order_id", "=", orderId).execute(),
    trx
      .selectFrom("refund_items")
      .innerJoin("refunds", "refunds.id", "refund_items.refund_id")
      .select(["refund_items.order_item_id as id", (eb) => eb.fn.sum<number>("refund_items.quantity").as("n")])
      .where("refunds.order_id", "=", orderId)
      .where((eb) => eb.or([eb("refunds.status", "!=", "failed"), eb("refunds.paypal_refund_id", "is not", null)]))
      .groupBy("refund_items.order_item_id")
      .execute(),
    // A received return's money lines are counted by its refund (above); those received without
    // one, and exchanged ones, by the return.
    trx
      .selectFrom("return_items")
      .innerJoin("returns", "returns.id", "return_items.return_id")
      .select(["return_items.order_item_id as id", (eb) => eb.fn.sum<number>("return_items.quantity").as("n")])
      .where("returns.order_id", "=", orderId)
      .where((eb) =>
        eb.or([
          eb("returns.status", "=", "requested"),
          eb("return_items.outcome", "=", "exchanged"),
          eb.and([eb("returns.status", "=", "received"), eb("returns.refund_id", "is", null), eb("returns.id", "!=", receiving ?? "")]),
        ]),
      )
      .groupBy("return_items.order_item_id")
      .execute(),
  ]);
  const used = new Map<string, number>();
  for (const row of [...refunded, ...returning]) used.set(row.id, (used.get(row.id) ?? 0) + Number(row.n));
  const closed = !!order && order.payment_status === "paid" && isFree(order) && order.stock_reserved === 0;
  const left = new Map(items.map((i) => [i.id, closed ? 0 : Math.max(0, i.quantity - (used.get(i.id) ?? 0))]));
  return { left, refunded: new Map(refunded.map((row) => [row.id, Number(row.n)])) };
}
