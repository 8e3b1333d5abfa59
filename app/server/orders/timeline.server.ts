import type { Kysely } from "kysely";
import type { OrderStatus, StatusChangeBy } from "~/lib/constants";
import type { StatusEvent } from "~/lib/orders";
import type { Database } from "#db/schema";
import { db, newId, now } from "~/server/database/db.server";

/**
 * Records a change of an order's status in its timeline. Called with the transaction that makes
 * the change, so the two are written together or not at all.
 */
export async function recordStatusChange(
  trx: Kysely<Database>,
  orderId: string,
  from: OrderStatus | null,
  to: OrderStatus,
  by: StatusChangeBy,
  at = now(),
): Promise<void> {
  await trx.insertInto("order_status_history").values({ id: newId(), order_id: orderId, from_status: from, status: to, at, by }).execute();
}

/** An order's timeline, oldest first. */
export async function statusHistory(orderId: string): Promise<StatusEvent[]> {
  const rows = await db
    .selectFrom("order_status_history")
    .select(["from_status", "status", "at", "by"])
    .where("order_id", "=", orderId)
    .orderBy("at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ status: r.status, from: r.from_status, at: r.at, by: r.by }));
}
