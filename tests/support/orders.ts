import type { Insertable } from "kysely";
import type { OrderStatus, PaymentStatus } from "~/lib/constants";
import type { OrdersTable } from "#db/schema";
import { db, newId, now } from "~/server/database/db.server";
import { nextOrderNumber } from "~/server/database/order-numbers.server";

// Test support for the service tests: orders as a test needs them, written straight to the tables.

export type OrderLine = {
  title: string;
  quantity: number;
  unitPriceCents: number;
  size?: string;
  color?: string;
  variantId?: string;
  /** The picture the line recorded (a photo's `src`); a placeholder by default. */
  image?: string;
  /** The line's share of a discount code (the order's discount is their sum). */
  discountCents?: number;
};

/**
 * An order of `userId` with these lines (products no longer linked: only the snapshot matters),
 * its total their sum less their discounts. Returns its id.
 */
export async function insertOrder(
  userId: string,
  lines: OrderLine[],
  {
    paymentStatus = "pending",
    orderStatus = paymentStatus === "paid" ? "confirmed" : "pending",
    at = now(),
    ...fields
  }: { paymentStatus?: PaymentStatus; orderStatus?: OrderStatus; at?: string } & Partial<Insertable<OrdersTable>> = {},
): Promise<string> {
  const id = newId();
  const discountCents = lines.reduce((sum, l) => sum + (l.discountCents ?? 0), 0);
  await db
    .insertInto("orders")
    .values({
      id,
      // A number as checkout gives one (an abandoned attempt has none); `fields` may name another.
      number: paymentStatus === "cancelled" || paymentStatus === "failed" ? null : await nextOrderNumber(db),
      user_id: userId,
      cart_id: null,
      address_id: null,
      address: "1 Road",
      city: "Town",
      pincode: "1",
      phone: "555",
      notes: "n",
      order_status: orderStatus,
      payment_method: "paypal",
      payment_status: paymentStatus,
      total_cents: lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0) - discountCents,
      discount_cents: discountCents,
      payment_id: null,
      payer_id: null,
      order_date: at,
      order_update_date: at,
      ...fields,
    })
    .execute();
  if (lines.length) {
    await db
      .insertInto("order_items")
      .values(
        lines.map((l) => ({
          id: newId(),
          order_id: id,
          product_id: null,
          variant_id: l.variantId ?? null,
          size: l.size ?? "",
          color: l.color ?? "",
          sku: null,
          title: l.title,
          image: l.image ?? "/x.svg",
          unit_price_cents: l.unitPriceCents,
          quantity: l.quantity,
          discount_cents: l.discountCents ?? 0,
        })),
      )
      .execute();
  }
  return id;
}
