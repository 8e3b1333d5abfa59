import type { Kysely } from "kysely";

// Issue 51, guest checkout (docs/decisions/0078-guest-checkout.md).
// - users.guest_email: set on the record a guest's checkout makes (one per visitor's cart), never on
//   an account. A guest's record cannot sign in (no password, an e-mail of `<id>@guest.invalid`
//   nobody can type and nobody owns); its orders are orders like any other (user_id, stock,
//   discounts, refunds), their address for mail is the order's own customer_email.
// - carts.guest_id: the guest's record a visitor's cart checked out as. The cart stays the visitor's
//   (their cookie opens it; carts_one_owner holds), so PayPal's return and the success page know the
//   visitor as that guest by their cart cookie.
// - order_links: the long random links to a guest's order page, e-mailed with every message about
//   the order. Only the SHA-256 of a link's token is kept; a claimed order's links are deleted.
// - order_claims: the link that joins a guest's orders, placed with an e-mail address, to the
//   account that has that address, once its holder opens it (never by the e-mail alone).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("guest_email", "text").execute();
  await db.schema
    .alterTable("carts")
    .addColumn("guest_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .execute();

  await db.schema
    .createTable("order_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_links_order_idx").on("order_links").column("order_id").execute();

  await db.schema
    .createTable("order_claims")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("order_claims_user_idx").on("order_claims").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("order_claims").execute();
  await db.schema.dropTable("order_links").execute();
  await db.schema.alterTable("carts").dropColumn("guest_id").execute();
  await db.schema.alterTable("users").dropColumn("guest_email").execute();
}
