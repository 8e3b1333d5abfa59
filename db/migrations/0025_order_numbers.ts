import { sql, type Kysely } from "kysely";
import { isPostgres } from "./engine";

// Issue 48: an order number people can read and say (#1001, #1002…) beside the random id, which
// stays the order's key and the /api's `_id` (docs/decisions/0060-order-numbers-and-tracking.md).
// Orders placed before get theirs here, in order-date order from 1001. A payment attempt that was
// cancelled or failed is not an order (orders.server.ts, ABANDONED) and gets none, so the numbers
// people see have no holes. Unique across every process and instance: the unique index decides,
// and the next number comes from a sequence on PostgreSQL and from the one write lock on SQLite
// (app/server/database/order-numbers.server.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("number", "integer", (c) => c.check(sql`number > 0`))
    .execute();
  await sql`update orders set number = ranked.n
    from (select id, 1000 + row_number() over (order by order_date, id) as n
          from orders where payment_status not in ('cancelled', 'failed')) as ranked
    where orders.id = ranked.id`.execute(db);
  await db.schema.createIndex("orders_number_unique").unique().on("orders").column("number").execute();
  if (isPostgres(db)) {
    await sql`create sequence order_numbers owned by orders.number`.execute(db);
    // The next nextval() is the number after the highest given (1001 on a shop with no orders).
    await sql`select setval('order_numbers', (select coalesce(max(number), 1000) from orders))`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`drop sequence if exists order_numbers`.execute(db);
  await db.schema.dropIndex("orders_number_unique").execute();
  await db.schema.alterTable("orders").dropColumn("number").execute();
}
