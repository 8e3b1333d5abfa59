import type { Kysely } from "kysely";
import { isPostgres } from "./engine";

// Uploaded images (product and banner pictures, already re-encoded as WebP) live in the database,
// not on one machine's disk: every instance over one PostgreSQL serves every image, and a SQLite
// backup is one file. The name is the one in the image's URL (/uploads/<name>).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("images")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("bytes", isPostgres(db) ? "bytea" : "blob", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("images").execute();
}
