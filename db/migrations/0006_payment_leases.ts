import type { Kysely } from "kysely";

// Payment work on one order, and the recovery sweep, run in one process at a time across every
// server process: leases in the database, each with an expiry so a crashed holder never blocks.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("payment_lease", "text").execute();
  await db.schema.alterTable("orders").addColumn("payment_lease_until", "text").execute();
  await db.schema
    .createTable("leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("leases").execute();
  await db.schema.alterTable("orders").dropColumn("payment_lease_until").execute();
  await db.schema.alterTable("orders").dropColumn("payment_lease").execute();
}
