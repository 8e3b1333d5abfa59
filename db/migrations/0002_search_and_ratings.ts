import { sql, type Kysely } from "kysely";
import { isPostgres } from "./engine";

// Letters with diacritics and the plain letter each is searched as (what SQLite's unicode61
// tokenizer with remove_diacritics does), for PostgreSQL's search. Written out, not computed, so
// this migration never changes after it has run.
const ACCENTED =
  "ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ";
const PLAIN =
  "aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyy";

// Full-text search over products and the cached average rating shown on product details.
// SQLite: FTS5 with external content kept in sync by triggers. PostgreSQL: a weighted tsvector
// column the database keeps (title A, brand B, category C, description D) with a GIN index, and
// shop_fold(), which both the column and every search query use to drop diacritics.
// See docs/decisions/0006-search.md and 0032-postgresql.md.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("average_review", isPostgres(db) ? "double precision" : "real", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("review_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("products_created_idx").on("products").columns(["created_at", "id"]).execute();

  if (isPostgres(db)) {
    await sql`create function shop_fold(text) returns text language sql immutable parallel safe
      as $$ select translate($1, ${sql.lit(ACCENTED)}, ${sql.lit(PLAIN)}) $$`.execute(db);
    await sql`alter table products add column search_vector tsvector generated always as (
      setweight(to_tsvector('simple', shop_fold(title)), 'A') ||
      setweight(to_tsvector('simple', shop_fold(brand)), 'B') ||
      setweight(to_tsvector('simple', shop_fold(category)), 'C') ||
      setweight(to_tsvector('simple', shop_fold(description)), 'D')
    ) stored`.execute(db);
    await sql`create index products_search_idx on products using gin (search_vector)`.execute(db);
    return;
  }

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
  if (isPostgres(db)) {
    await sql`alter table products drop column search_vector`.execute(db);
    await sql`drop function shop_fold(text)`.execute(db);
  }
  for (const trigger of ["products_fts_insert", "products_fts_delete", "products_fts_update"]) {
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
  await sql`drop table if exists products_fts`.execute(db);
  await db.schema.dropIndex("products_created_idx").execute();
  await db.schema.alterTable("products").dropColumn("review_count").execute();
  await db.schema.alterTable("products").dropColumn("average_review").execute();
}
