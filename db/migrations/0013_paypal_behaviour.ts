import type { Kysely } from "kysely";

// PayPal as it behaves (docs/decisions/0036-paypal-as-it-behaves.md).
// - orders.capture_attempt: each capture after a new approval gets a new PayPal-Request-Id, since
//   PayPal answers a repeated id with the answer it stored (a decline stays a decline).
// - The simulator keeps what each order was created with (echoed by GET and capture), how the
//   buyer approved it (a card that will be declined), its refunds, and the answers it must replay
//   for a repeated PayPal-Request-Id.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("capture_attempt", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("paypal_sim_order_details")
    .addColumn("order_id", "text", (c) => c.primaryKey().references("paypal_sim_orders.id").onDelete("cascade"))
    // The create request's intent, purchase_units and experience_context, as JSON.
    .addColumn("request", "text", (c) => c.notNull())
    // 1: the buyer chose the card that will be declined; the next capture answers INSTRUMENT_DECLINED.
    .addColumn("decline_capture", "integer", (c) => c.notNull().defaultTo(0))
    // 1: refunds of this order's capture answer PENDING first (as for an eCheck-funded payment).
    .addColumn("refunds_pending", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("captured_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("paypal_sim_refunds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("capture_id", "text", (c) => c.notNull())
    .addColumn("order_id", "text", (c) => c.notNull().references("paypal_sim_orders.id").onDelete("cascade"))
    .addColumn("request_id", "text", (c) => c.unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("note_to_payer", "text")
    .addColumn("invoice_id", "text")
    .addColumn("custom_id", "text")
    // How many times a PENDING refund was read; it settles (COMPLETED) on the second read.
    .addColumn("reads", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("paypal_sim_refunds_capture_idx").on("paypal_sim_refunds").columns(["capture_id", "created_at"]).execute();

  // Answers PayPal replays for a repeated PayPal-Request-Id (a declined capture, a refused refund).
  await db.schema
    .createTable("paypal_sim_replies")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("paypal_sim_replies").execute();
  await db.schema.dropTable("paypal_sim_refunds").execute();
  await db.schema.dropTable("paypal_sim_order_details").execute();
  await db.schema.alterTable("orders").dropColumn("capture_attempt").execute();
}
