import type { Kysely } from "kysely";

// E-mails to send, written in the same transaction as the change that causes them (an account
// created, an order paid, an order shipped, delivered or rejected), so a crash never loses one and
// never writes one twice. The sender delivers them later, retrying with backoff; `sent_at` is set
// once the mail server accepted a message.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    .addColumn("order_id", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("outbox_due_idx").on("outbox").columns(["sent_at", "next_attempt_at"]).execute();
  await db.schema.createIndex("outbox_created_idx").on("outbox").columns(["created_at", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("outbox").execute();
}
