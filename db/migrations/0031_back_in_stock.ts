import { sql, type Kysely } from "kysely";

// Issue 51: "E-mail me when it's back" for a sold-out size (docs/decisions/0075-back-in-stock.md).
// - back_in_stock: one row per subscription. While it waits (notified_at null) there is at most one
//   per variant and e-mail (a partial unique index: saying it twice is one subscription). The
//   claim that mails it sets notified_at, with a conditional UPDATE, in the transaction that writes
//   the mail to the outbox: so each subscription is mailed once, whichever process claims it.
// - token_hash: the SHA-256 of the unsubscribe link's token (the link itself is only in the mail).
// - user_id: a shopper's one-click subscription; their account's address is read when it is mailed.
//   While it waits there is at most one per variant and account too (a partial unique index), so a
//   shopper who changed their address since is still one subscription. A deleted size takes its
//   subscriptions with it.
// - back_in_stock_waiting_email: unsubscribing deletes an address's waiting rows by e-mail, and the
//   per-address cap counts them: a partial index on (email) of the waiting rows only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("back_in_stock")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("variant_id", "text", (c) => c.notNull().references("product_variants.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("notified_at", "text")
    .execute();
  await db.schema
    .createIndex("back_in_stock_waiting")
    .on("back_in_stock")
    .columns(["variant_id", "email"])
    .unique()
    .where(sql.ref("notified_at"), "is", null)
    .execute();
  await db.schema
    .createIndex("back_in_stock_waiting_user")
    .on("back_in_stock")
    .columns(["variant_id", "user_id"])
    .unique()
    .where(sql.ref("notified_at"), "is", null)
    .where(sql.ref("user_id"), "is not", null)
    .execute();
  await db.schema
    .createIndex("back_in_stock_waiting_email")
    .on("back_in_stock")
    .column("email")
    .where(sql.ref("notified_at"), "is", null)
    .execute();
  await db.schema.createIndex("back_in_stock_user").on("back_in_stock").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("back_in_stock").execute();
}
