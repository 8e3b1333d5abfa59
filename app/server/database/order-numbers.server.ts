import { PostgresAdapter, sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#db/schema";

/**
 * The next order number (#1001, #1002…), unique across every process and instance
 * (docs/decisions/0060-order-numbers-and-tracking.md). The one place the engines differ:
 *
 * - PostgreSQL: the `order_numbers` sequence (migration 0025). nextval() never hands one number
 *   out twice, whatever the transactions do; a transaction that rolls back after taking one leaves
 *   a hole, so checkout takes its number last, once nothing can refuse the order any more.
 * - SQLite: one more than the highest given. A write transaction holds the database's one write
 *   lock from its BEGIN IMMEDIATE (sqlite.server.ts), so no other process reads the same highest
 *   before this one commits; call it inside the transaction that writes the number.
 *
 * The unique index on `orders.number` stands behind both.
 */
export async function nextOrderNumber(trx: Transaction<Database> | Kysely<Database>): Promise<number> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ n: string }>`select nextval('order_numbers') as n`.execute(trx);
    return Number(rows[0]!.n);
  }
  const row = await trx
    .selectFrom("orders")
    .select((eb) => eb.fn.max("number").as("highest"))
    .executeTakeFirst();
  return Math.max(Number(row?.highest ?? 0), 1000) + 1;
}

/**
 * The highest order number given so far in the shop (1000 before the first): on PostgreSQL the
 * sequence's last value, which counts a number another transaction took and has not committed yet;
 * on SQLite the highest in the table, read under the write lock as `nextOrderNumber` reads it.
 */
export async function lastOrderNumber(trx: Transaction<Database> | Kysely<Database>): Promise<number> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{
      last: string;
      called: boolean;
    }>`select last_value as last, is_called as called from order_numbers`.execute(trx);
    return Number(rows[0]!.last) - (rows[0]!.called ? 0 : 1);
  }
  return (await nextOrderNumber(trx)) - 1;
}
