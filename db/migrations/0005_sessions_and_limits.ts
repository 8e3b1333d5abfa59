import type { Kysely } from "kysely";

// Sessions and sign-in limits leave the process: every server process (WEB_CONCURRENCY) sees the
// same sessions, so signing out or a password change ends a session everywhere, and the same
// attempt counters, so limits hold however many processes answer.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sessions")
    // The SHA-256 of the random token in the cookie: a copy of the database opens no session.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("device", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires_at").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    // Milliseconds since the epoch: the end of the counter's window.
    .addColumn("reset_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
  await db.schema.dropTable("sessions").execute();
}
