import { sql, type Kysely } from "kysely";

// Returns (issue 30): a shopper asks to send back units of a delivered order, each for its money
// or for another size or colour of the same product (an exchange). The admin receives the
// return (its money lines become one refund, written with the receipt; its exchanges take the new
// unit from stock) or refuses it with a reason.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("returns")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("restrict"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("requested"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("refusal", "text")
    .addColumn("refund_id", "text", (c) => c.references("refunds.id").onDelete("restrict"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint("returns_status_check", sql`status in ('requested', 'received', 'refused')`)
    .execute();
  await db.schema.createIndex("returns_order_idx").on("returns").columns(["order_id", "created_at"]).execute();
  await db.schema
    .createTable("return_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("return_id", "text", (c) => c.notNull().references("returns.id").onDelete("cascade"))
    .addColumn("order_item_id", "text", (c) => c.notNull().references("order_items.id").onDelete("restrict"))
    .addColumn("quantity", "integer", (c) => c.notNull())
    // The size or colour wanted instead of the money (the same product), if any.
    .addColumn("exchange_variant_id", "text", (c) => c.references("product_variants.id").onDelete("set null"))
    // What receiving it did: refunded; exchanged (the new unit shipped); or refunded because the
    // wanted size had sold out by then.
    .addColumn("outcome", "text")
    .addCheckConstraint("return_items_quantity_check", sql`quantity > 0`)
    .addCheckConstraint("return_items_outcome_check", sql`outcome is null or outcome in ('refunded', 'exchanged', 'refundedInstead')`)
    .execute();
  await db.schema.createIndex("return_items_return_idx").on("return_items").column("return_id").execute();
  await db.schema.createIndex("return_items_item_idx").on("return_items").column("order_item_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("return_items").execute();
  await db.schema.dropTable("returns").execute();
}
