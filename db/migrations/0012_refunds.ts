import { sql, type Kysely } from "kysely";
import { isPostgres, replaceCheck } from "./engine";

// Money going back after a sale. Each refund is a row written before PayPal is called (its id is
// the refund's PayPal-Request-Id), so a retry or a crash never refunds twice; `refunded_cents` on
// the order counts every refund not failed, and the database refuses more than was paid. An order
// can now be `cancelled` (by the shopper, before it ships).
export async function up(db: Kysely<any>): Promise<void> {
  await replaceCheck(
    db,
    "orders",
    "orders_status_check",
    "order_status in ('pending','inProcess','inShipping','delivered','confirmed','rejected')",
    "order_status in ('pending','inProcess','inShipping','delivered','confirmed','rejected','cancelled')",
  );

  const refundLimit = sql`refunded_cents >= 0 and refunded_cents <= total_cents`;
  if (isPostgres(db)) {
    await db.schema
      .alterTable("orders")
      .addColumn("refunded_cents", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`alter table orders add constraint orders_refunded_check check (${refundLimit})`.execute(db);
  } else {
    // SQLite adds a constraint only with its column.
    await db.schema
      .alterTable("orders")
      .addColumn("refunded_cents", "integer", (c) => c.notNull().defaultTo(0).check(refundLimit))
      .execute();
  }

  await db.schema
    .createTable("refunds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("restrict"))
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    // requested: written, PayPal's answer not recorded yet; pending: PayPal accepted it and will
    // complete it later; completed; failed: PayPal refused it (its amount is free again).
    .addColumn("status", "text", (c) => c.notNull().defaultTo("requested"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("restock", "integer", (c) => c.notNull().defaultTo(0))
    // What the order becomes once PayPal takes the refund: cancelled (the shopper) or rejected (the admin).
    .addColumn("order_status_after", "text")
    .addColumn("by", "text", (c) => c.notNull())
    .addColumn("paypal_refund_id", "text")
    .addColumn("failure", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint("refunds_amount_check", sql`amount_cents > 0`)
    .addCheckConstraint("refunds_status_check", sql`status in ('requested', 'pending', 'completed', 'failed')`)
    .addCheckConstraint("refunds_by_check", sql`"by" in ('shopper', 'admin')`)
    .addCheckConstraint(
      "refunds_order_status_after_check",
      sql`order_status_after is null or order_status_after in ('cancelled', 'rejected')`,
    )
    .execute();
  await db.schema.createIndex("refunds_order_idx").on("refunds").columns(["order_id", "created_at"]).execute();
  await db.schema.createIndex("refunds_status_idx").on("refunds").columns(["status", "updated_at"]).execute();

  // The lines a refund is for (none for an amount alone): how many units, and whether they went back to stock.
  await db.schema
    .createTable("refund_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("refund_id", "text", (c) => c.notNull().references("refunds.id").onDelete("cascade"))
    .addColumn("order_item_id", "text", (c) => c.notNull().references("order_items.id").onDelete("restrict"))
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addCheckConstraint("refund_items_quantity_check", sql`quantity > 0`)
    .execute();
  await db.schema.createIndex("refund_items_refund_idx").on("refund_items").column("refund_id").execute();
  await db.schema.createIndex("refund_items_item_idx").on("refund_items").column("order_item_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("refund_items").execute();
  await db.schema.dropTable("refunds").execute();
  if (isPostgres(db)) await sql`alter table orders drop constraint orders_refunded_check`.execute(db);
  await db.schema.alterTable("orders").dropColumn("refunded_cents").execute();
}
