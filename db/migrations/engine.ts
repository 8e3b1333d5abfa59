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
 * adds it; SQLite edits the table's stored definition (editTableDefinition).
 */
export async function replaceCheck(db: Kysely<any>, table: string, name: string, before: string, after: string): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(name)}, add constraint ${sql.ref(name)} check (${sql.raw(after)})`.execute(
      db,
    );
    return;
  }
  await editTableDefinition(db, table, [[before, after]]);
}

/**
 * SQLite only: edits a table's stored definition, each `before` text (found exactly once) becoming
 * its `after`. SQLite cannot alter a column or a constraint: its documented way is to edit the
 * stored definition (`writable_schema`), bump the schema version so every connection rereads it,
 * and leave the rows as they are; that is sound only for a change every existing row already
 * satisfies, such as a longer list of values or a column that may now be null. The driver's
 * defensive mode allows this during migrations only (database/sqlite.server.ts, withSchemaEdits).
 */
export async function editTableDefinition(db: Kysely<any>, table: string, edits: Array<[before: string, after: string]>): Promise<void> {
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_schema where type = 'table' and name = ${table}`.execute(db);
  let definition = rows[0]?.sql ?? "";
  for (const [before, after] of edits) {
    if (definition.split(before).length !== 2) throw new Error(`${table}: its definition does not hold "${before}" once`);
    definition = definition.replace(before, after);
  }
  const { rows: version } = await sql<{ schema_version: number }>`pragma schema_version`.execute(db);
  await sql`pragma writable_schema = on`.execute(db);
  await sql`update sqlite_schema set sql = ${definition} where type = 'table' and name = ${table}`.execute(db);
  await sql.raw(`pragma schema_version = ${Number(version[0]!.schema_version) + 1}`).execute(db);
  await sql`pragma writable_schema = off`.execute(db);
}
