import type { Kysely } from "kysely";

// Issue 50: an import's progress in rows of the file, read by the owner's page every second or
// two while it runs. Kept as counters beside items_done (each item's transaction adds its product's
// rows), so reading it costs one row, not a pass over the plan's 5,000 items and their JSON.
// - imports.rows_total: the rows of the file the plan holds (its items' lines).
// - imports.rows_done: the rows of the items applied so far (done or failed).
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ["rows_total", "rows_done"]) {
    await db.schema
      .alterTable("imports")
      .addColumn(column, "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["rows_done", "rows_total"]) await db.schema.alterTable("imports").dropColumn(column).execute();
}
