import { sql, type Kysely } from "kysely";

// Links e-mailed to a shopper (issue 31): a forgotten password's reset link and, later, the
// confirmation of a new e-mail address. Only the SHA-256 of a link's token is stored; a link
// works once and until it expires.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("account_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    // For an e-mail change: the address it confirms.
    .addColumn("new_email", "text")
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addCheckConstraint("account_tokens_kind_check", sql`kind in ('reset', 'email')`)
    .execute();
  await db.schema.createIndex("account_tokens_user_idx").on("account_tokens").columns(["user_id", "kind"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("account_tokens").execute();
}
