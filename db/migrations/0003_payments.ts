import type { Kysely } from "kysely";

// Payment bookkeeping: whether an order's stock is taken (reserved before capture, given back if
// the capture fails) and PayPal's capture id; and the PayPal simulator's own orders.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("stock_reserved", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("orders").addColumn("capture_id", "text").execute();
  await db.schema
    .createTable("paypal_sim_orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("request_id", "text", (c) => c.unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("return_url", "text", (c) => c.notNull())
    .addColumn("cancel_url", "text", (c) => c.notNull())
    .addColumn("payer_id", "text")
    .addColumn("capture_id", "text")
    .addColumn("capture_request_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("paypal_sim_orders").execute();
  await db.schema.alterTable("orders").dropColumn("capture_id").execute();
  await db.schema.alterTable("orders").dropColumn("stock_reserved").execute();
}
