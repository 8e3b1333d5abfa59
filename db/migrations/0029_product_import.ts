import { sql, type Kysely } from "kysely";
import { isPostgres } from "./engine";

// Issue 50: bringing a catalogue in (Shopify's product CSV) and out again.
// - products.seo_title / seo_description: the search engines' title and description of a product
//   page ('' = made from the title and description, as before). Shopify's SEO Title / SEO Description.
// - product_photos.source: where an imported photo came from (its address, or "zip:<file name>"),
//   so importing the same file again fetches nothing and adds no second copy. null: uploaded here.
// - imports: one upload of a file, planned (the dry run) and then applied in the background.
// - import_items: the plan, one row per product of the file in file order, each applied in a
//   transaction of its own that also marks it done, so a restart resumes at the first not done.
// - import_files: the photo files a ZIP brought, until its import is applied.
const sqlIn = (column: string, values: string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

export async function up(db: Kysely<any>): Promise<void> {
  const blob = isPostgres(db) ? "bytea" : "blob";
  for (const column of ["seo_title", "seo_description"]) {
    await db.schema
      .alterTable("products")
      .addColumn(column, "text", (c) => c.notNull().defaultTo(""))
      .execute();
  }
  await db.schema.alterTable("product_photos").addColumn("source", "text").execute();
  await db.schema.createIndex("product_photos_source").on("product_photos").columns(["product_id", "source"]).execute();

  await db.schema
    .createTable("imports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("file_name", "text", (c) => c.notNull())
    // planned (the dry run, nothing written) -> queued -> running -> done | failed; discarded (the
    // owner threw a plan away). A running import whose lease ran out is taken up again.
    .addColumn("state", "text", (c) => c.notNull().check(sqlIn("state", ["planned", "queued", "running", "done", "failed", "discarded"])))
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    // The dry run's report as JSON (ImportSummary, app/lib/product-import.ts).
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("items_total", "integer", (c) => c.notNull())
    .addColumn("items_done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("holder", "text")
    .addColumn("lease_until", "text")
    .addColumn("failure", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("imports_state").on("imports").columns(["state", "created_at"]).execute();

  await db.schema
    .createTable("import_items")
    .addColumn("import_id", "text", (c) => c.notNull().references("imports.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("handle", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull().check(sqlIn("action", ["create", "update", "unchanged"])))
    .addColumn("product_id", "text")
    // The product as it will be written (ImportItemData, app/lib/product-import.ts), as JSON.
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sqlIn("state", ["pending", "done", "failed"])),
    )
    // What applying it said: a photo that could not be fetched, or why it failed (JSON ImportProblem[]).
    .addColumn("problems", "text")
    .addPrimaryKeyConstraint("import_items_pk", ["import_id", "seq"])
    .execute();

  await db.schema
    .createTable("import_files")
    .addColumn("import_id", "text", (c) => c.notNull().references("imports.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("bytes", blob, (c) => c.notNull())
    .addPrimaryKeyConstraint("import_files_pk", ["import_id", "name"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("import_files").execute();
  await db.schema.dropTable("import_items").execute();
  await db.schema.dropTable("imports").execute();
  await db.schema.dropIndex("product_photos_source").execute();
  await db.schema.alterTable("product_photos").dropColumn("source").execute();
  for (const column of ["seo_description", "seo_title"]) await db.schema.alterTable("products").dropColumn(column).execute();
}
