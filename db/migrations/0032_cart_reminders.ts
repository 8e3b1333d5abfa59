import { sql, type Kysely } from "kysely";

// Issue 51: a reminder of a cart left behind (docs/decisions/0076-cart-reminders.md).
// - carts.reminder_email / reminder_opt_in: a visitor's cart is reminded only when guest checkout
//   took an e-mail and the guest ticked "Send me a reminder if I don't finish" (optInCartReminder).
// - cart_reminders: a reminder of a cart, written with its e-mail in one transaction. `round` counts
//   the cart's reminders (1, 2, ...): a cart is reminded again only after its owner paid an order
//   placed after its last reminder (an account keeps its cart row for life), and the unique
//   (cart_id, round) is the claim, so of two processes that read the same round only one sends.
//   It keeps the hashes of the e-mail's two links (restore the cart, stop reminders) and outlives
//   its cart, for the dashboard.
// - carts.reminded_at: the time of the cart's last reminder. The sweep passes over a reminded cart
//   not changed since (most of them) without looking at any order.
// - orders_customer_email_idx, on (lower(customer_email), order_date): "was a visitor's cart paid
//   for / is it being paid for" finds the orders of the reminded address without reading them all.
// - cart_reminder_stops: who asked for no more reminders: "user:<id>" or "email:<address, lower case>".
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("carts").addColumn("reminder_email", "text").execute();
  await db.schema
    .alterTable("carts")
    .addColumn("reminder_opt_in", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("carts").addColumn("reminded_at", "text").execute();
  // The sweep reads carts by the age of their last change.
  await db.schema.createIndex("carts_updated_idx").on("carts").column("updated_at").execute();

  await db.schema
    .createTable("cart_reminders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("cart_id", "text", (c) => c.notNull())
    .addColumn("round", "integer", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("restore_hash", "text", (c) => c.notNull().unique())
    .addColumn("unsubscribe_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("restored_at", "text")
    .addUniqueConstraint("cart_reminders_cart_round_key", ["cart_id", "round"])
    .execute();
  await db.schema.createIndex("cart_reminders_created_idx").on("cart_reminders").column("created_at").execute();

  // An expression index: the same statement on SQLite and PostgreSQL.
  await sql`create index orders_customer_email_idx on orders (lower(customer_email), order_date)`.execute(db);

  await db.schema
    .createTable("cart_reminder_stops")
    .addColumn("subject", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("cart_reminder_stops").execute();
  await db.schema.dropTable("cart_reminders").execute();
  await db.schema.dropIndex("orders_customer_email_idx").execute();
  await db.schema.dropIndex("carts_updated_idx").execute();
  await db.schema.alterTable("carts").dropColumn("reminded_at").execute();
  await db.schema.alterTable("carts").dropColumn("reminder_opt_in").execute();
  await db.schema.alterTable("carts").dropColumn("reminder_email").execute();
}
