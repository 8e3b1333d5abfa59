import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema";
import { lineName } from "~/lib/variants";
import { claimRestocked } from "~/server/catalog/back-in-stock.server";
import { db, now } from "~/server/database/db.server";
import { lockStockOf } from "~/server/database/locks.server";
import { releaseUse } from "~/server/discounts/uses.server";
import { caughtRefusal, Refusal } from "~/server/platform/refusal.server";

// The stock an order holds while its payment is captured: taken all or nothing before the money,
// given back when the capture fails. Never take money for goods we cannot ship. Stock is the
// variant's (a size and colour); the product's total follows by trigger.

/** The detail of the refusal that a line ran out (its message is the line's name). */
const SOLD_OUT = "sold-out" as const;

export type Reservation = { ok: true } | { ok: false; title: string } | { ok: false; notPayable: true };

/**
 * Takes the order's quantities from stock, all or nothing, while it is still pending: an attempt
 * cancelled meanwhile (the shopper's next checkout cancels the unpaid ones) takes nothing and
 * answers `notPayable`. Returns the title that ran out, if any.
 */
export async function reserveStock(orderId: string): Promise<Reservation> {
  return db
    .transaction()
    .execute(async (trx): Promise<Reservation> => {
      const claimed = await trx
        .updateTable("orders")
        .set({ stock_reserved: 1 })
        .where("id", "=", orderId)
        .where("stock_reserved", "=", 0)
        .where("payment_status", "=", "pending")
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) {
        const order = await trx
          .selectFrom("orders")
          .select(["stock_reserved", "payment_status"])
          .where("id", "=", orderId)
          .executeTakeFirst();
        // Already reserved by an earlier try of this payment: nothing more to take.
        return order?.stock_reserved === 1 && order.payment_status === "pending" ? { ok: true } : { ok: false, notPayable: true };
      }
      const items = await trx
        .selectFrom("order_items")
        .select(["variant_id", "title", "size", "color", "quantity"])
        .where("order_id", "=", orderId)
        .orderBy("variant_id")
        .execute();
      await lockStockOf(
        trx,
        items.map((i) => i.variant_id),
      );
      for (const item of items) {
        // Conditional: two buyers of the last unit of a size cannot both take it.
        const taken = item.variant_id
          ? await trx
              .updateTable("product_variants")
              .set({ stock: sql`stock - ${item.quantity}` })
              .where("id", "=", item.variant_id)
              .where("stock", ">=", item.quantity)
              .executeTakeFirst()
          : { numUpdatedRows: 0n };
        if (Number(taken.numUpdatedRows) === 0) {
          // Throwing rolls back every decrement and the claim.
          throw new Refusal(409, lineName(item.title, item.size, item.color), SOLD_OUT);
        }
      }
      return { ok: true } as const;
    })
    .catch((error: unknown) => ({ ok: false as const, title: caughtRefusal(error, (refusal) => refusal.detail === SOLD_OUT).message }));
}

export async function releaseStock(orderId: string, paymentStatus: "failed" | "pending"): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const released = await trx
      .updateTable("orders")
      .set({ stock_reserved: 0, payment_status: paymentStatus, order_update_date: now() })
      .where("id", "=", orderId)
      .where("stock_reserved", "=", 1)
      .where("payment_status", "=", "pending")
      .executeTakeFirst();
    if (Number(released.numUpdatedRows) === 0) return;
    // A failed attempt will not be paid: its discount code's use goes back too. A pending one
    // (declined card, capture refused) may still be paid, and keeps it.
    if (paymentStatus === "failed") await releaseUse(trx, orderId);
    const items = await trx.selectFrom("order_items").select(["variant_id", "quantity"]).where("order_id", "=", orderId).execute();
    await restock(
      trx,
      items.map((i) => ({ variantId: i.variant_id, quantity: i.quantity })),
    );
  });
}

/**
 * Puts units back in stock: the one way units come back from orders (a payment that did not go
 * through, a cancellation, a refund, a return received). The sizes are locked first, in the
 * order every stock change locks them; a size deleted since (null) has no stock to go back to.
 */
export async function restock(trx: Kysely<Database>, lines: Array<{ variantId: string | null; quantity: number }>): Promise<void> {
  const back = lines.filter((l): l is { variantId: string; quantity: number } => !!l.variantId && l.quantity > 0);
  if (!back.length) return;
  await lockStockOf(
    trx,
    back.map((l) => l.variantId),
  );
  for (const line of back)
    await trx
      .updateTable("product_variants")
      .set({ stock: sql`stock + ${line.quantity}` })
      .where("id", "=", line.variantId)
      .execute();
  // Sizes back in stock: their "e-mail me when it's back" subscribers are mailed with this change (issue 51).
  await claimRestocked(
    trx,
    back.map((l) => l.variantId),
  );
}
