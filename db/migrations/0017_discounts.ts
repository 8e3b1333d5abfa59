import { sql, type Kysely } from "kysely";

// Discount codes (issue 33, docs/decisions/0043-discount-codes.md). A code is stored in capitals
// (codes are case-insensitive); its money in cents. Each use is a row: `held` from the moment the
// PayPal order is created, `used` once paid, `released` when the payment is abandoned or cancelled.
// A code's `usage_limit` counts held and used rows together, so a code with one use left is held
// by exactly one buyer at a time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("discounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("type", "text", (c) => c.notNull())
    // Percent (1-100) or cents, by type.
    .addColumn("value", "integer", (c) => c.notNull())
    .addColumn("min_subtotal_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("starts_at", "text")
    .addColumn("ends_at", "text")
    .addColumn("usage_limit", "integer")
    .addColumn("once_per_customer", "integer", (c) => c.notNull().defaultTo(0))
    // JSON arrays of category and brand ids; null: every one.
    .addColumn("categories", "text")
    .addColumn("brands", "text")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    // Held and used uses, kept with each use row in the same transaction (the limit's check).
    .addColumn("taken", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint("discounts_type_check", sql`type in ('percent', 'fixed')`)
    .addCheckConstraint("discounts_value_check", sql`value > 0 and (type = 'fixed' or value <= 100)`)
    .addCheckConstraint("discounts_taken_check", sql`taken >= 0 and (usage_limit is null or taken <= usage_limit)`)
    .execute();
  await db.schema
    .createTable("discount_uses")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("discount_id", "text", (c) => c.notNull().references("discounts.id").onDelete("restrict"))
    .addColumn("order_id", "text", (c) => c.notNull().unique().references("orders.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("restrict"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint("discount_uses_status_check", sql`status in ('held', 'used', 'released')`)
    .execute();
  await db.schema.createIndex("discount_uses_discount_idx").on("discount_uses").columns(["discount_id", "status"]).execute();
  await db.schema.createIndex("discount_uses_user_idx").on("discount_uses").columns(["user_id", "discount_id"]).execute();
  // The code a shopper applied to their cart, and what an order was given.
  await db.schema.alterTable("carts").addColumn("discount_code", "text").execute();
  await db.schema.alterTable("orders").addColumn("discount_id", "text").execute();
  await db.schema.alterTable("orders").addColumn("discount_code", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("discount_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("order_items")
    .addColumn("discount_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_items").dropColumn("discount_cents").execute();
  await db.schema.alterTable("orders").dropColumn("discount_cents").execute();
  await db.schema.alterTable("orders").dropColumn("discount_code").execute();
  await db.schema.alterTable("orders").dropColumn("discount_id").execute();
  await db.schema.alterTable("carts").dropColumn("discount_code").execute();
  await db.schema.dropTable("discount_uses").execute();
  await db.schema.dropTable("discounts").execute();
}
