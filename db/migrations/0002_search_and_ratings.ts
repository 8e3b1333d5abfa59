import { sql, type Kysely } from "kysely";

// Full-text search over products (SQLite FTS5, external content kept in sync by triggers) and the
// cached average rating shown on product details. This is the one SQLite-only part of the schema;
// a PostgreSQL port would use a tsvector column instead (see docs/decisions/0006-search.md).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("average_review", "real", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("review_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("products_created_idx").on("products").columns(["created_at", "id"]).execute();

  await sql`create virtual table products_fts using fts5(
    title, brand, category, description,
    content = 'products', content_rowid = 'rowid',
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3'
  )`.execute(db);
  await sql`create trigger products_fts_insert after insert on products begin
    insert into products_fts (rowid, title, brand, category, description)
    values (new.rowid, new.title, new.brand, new.category, new.description);
  end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products begin
    insert into products_fts (products_fts, rowid, title, brand, category, description)
    values ('delete', old.rowid, old.title, old.brand, old.category, old.description);
  end`.execute(db);
  await sql`create trigger products_fts_update after update of title, brand, category, description on products begin
    insert into products_fts (products_fts, rowid, title, brand, category, description)
    values ('delete', old.rowid, old.title, old.brand, old.category, old.description);
    insert into products_fts (rowid, title, brand, category, description)
    values (new.rowid, new.title, new.brand, new.category, new.description);
  end`.execute(db);
  await sql`insert into products_fts (products_fts) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const trigger of ["products_fts_insert", "products_fts_delete", "products_fts_update"]) {
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
  await sql`drop table if exists products_fts`.execute(db);
  await db.schema.dropIndex("products_created_idx").execute();
  await db.schema.alterTable("products").dropColumn("review_count").execute();
  await db.schema.alterTable("products").dropColumn("average_review").execute();
}
