import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Migrations are written once for both engines (Kysely's schema builder); the few statements that
 * differ (full-text search, triggers, column types) branch on this.
 */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Replaces the text of a CHECK constraint (widening a list of allowed values). PostgreSQL drops and
 * adds it. SQLite cannot alter a constraint: its documented way is to edit the table's stored
 * definition (`writable_schema`), bump the schema version so every connection rereads it, and leave
 * the rows as they are; that is sound only for a change every existing row already satisfies, such
 * as a longer list. The driver's defensive mode allows this during migrations only
 * (database/sqlite.server.ts, withSchemaEdits).
 */
export async function replaceCheck(db: Kysely<any>, table: string, name: string, before: string, after: string): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(name)}, add constraint ${sql.ref(name)} check (${sql.raw(after)})`.execute(
      db,
    );
    return;
  }
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_schema where type = 'table' and name = ${table}`.execute(db);
  const definition = rows[0]?.sql ?? "";
  if (definition.split(before).length !== 2) throw new Error(`${table}: the check ${name} is not "${before}"`);
  const { rows: version } = await sql<{ schema_version: number }>`pragma schema_version`.execute(db);
  await sql`pragma writable_schema = on`.execute(db);
  await sql`update sqlite_schema set sql = ${definition.replace(before, after)} where type = 'table' and name = ${table}`.execute(db);
  await sql.raw(`pragma schema_version = ${Number(version[0]!.schema_version) + 1}`).execute(db);
  await sql`pragma writable_schema = off`.execute(db);
}
