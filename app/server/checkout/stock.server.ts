import { sql } from "kysely";
import { db, now } from "../platform/db.server";

// The stock an order holds while its payment is captured: taken all or nothing before the money,
// given back when the capture fails. Never take money for goods we cannot ship.

/** Takes the order's quantities from stock, all or nothing. Returns the title that ran out, if any. */
export async function reserveStock(orderId: string): Promise<{ ok: true } | { ok: false; title: string }> {
  return db
    .transaction()
    .execute(async (trx) => {
      const claimed = await trx
        .updateTable("orders")
        .set({ stock_reserved: 1 })
        .where("id", "=", orderId)
        .where("stock_reserved", "=", 0)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return { ok: true } as const; // already reserved
      const items = await trx
        .selectFrom("order_items")
        .select(["product_id", "title", "quantity"])
        .where("order_id", "=", orderId)
        .execute();
      for (const item of items) {
        const taken = item.product_id
          ? await trx
              .updateTable("products")
              .set({ stock: sql`stock - ${item.quantity}` })
              .where("id", "=", item.product_id)
              .where("stock", ">=", item.quantity)
              .executeTakeFirst()
          : { numUpdatedRows: 0n };
        if (Number(taken.numUpdatedRows) === 0) {
          // Throwing rolls back every decrement and the claim.
          throw new SoldOut(item.title);
        }
      }
      return { ok: true } as const;
    })
    .catch((error) => {
      if (error instanceof SoldOut) return { ok: false as const, title: error.title };
      throw error;
    });
}

class SoldOut extends Error {
  constructor(readonly title: string) {
    super(title);
  }
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
    const items = await trx.selectFrom("order_items").select(["product_id", "quantity"]).where("order_id", "=", orderId).execute();
    for (const item of items) {
      if (item.product_id)
        await trx
          .updateTable("products")
          .set({ stock: sql`stock + ${item.quantity}` })
          .where("id", "=", item.product_id)
          .execute();
    }
  });
}
