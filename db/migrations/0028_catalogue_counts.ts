import { sql, type Kysely } from "kysely";
import { isPostgres } from "./engine";

// Issue 49 at scale (decision 0069). The listing counts each category's products within the
// chosen brands and each brand's within the chosen categories. From product_counts, one row per
// (category, brand) pair (migration 0007), an unfiltered count read every pair: about 8,000 rows
// at 10,000 products in 200 categories and 500 brands, 12 to 18 ms a page on SQLite. So:
// - category_counts and brand_counts: products per category and per brand, kept exact by
//   triggers in the same transaction as every insert, delete and category or brand change, as
//   product_counts is; an unfiltered count reads one row per category or brand.
// - product_counts (brand, category, n): a count within chosen brands reads only their pairs
//   (the primary key serves a count within chosen categories).

const SQLITE_TRIGGERS = [
  "products_side_count_insert",
  "products_side_count_delete",
  "products_category_count_update",
  "products_brand_count_update",
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("category_counts")
    .addColumn("category", "text", (c) => c.primaryKey())
    .addColumn("n", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("brand_counts")
    .addColumn("brand", "text", (c) => c.primaryKey())
    .addColumn("n", "integer", (c) => c.notNull())
    .execute();
  await sql`INSERT INTO category_counts (category, n) SELECT category, count(*) FROM products GROUP BY category`.execute(db);
  await sql`INSERT INTO brand_counts (brand, n) SELECT brand, count(*) FROM products GROUP BY brand`.execute(db);
  await db.schema.createIndex("product_counts_brand_idx").on("product_counts").columns(["brand", "category", "n"]).execute();

  if (isPostgres(db)) {
    // Per statement for inserts and deletes: a bulk insert in one transaction (an import, the
    // seed) upserts each category's row once per statement, not once per product. Row by row, a
    // row updated 2,000 times in one transaction leaves a chain of 2,000 versions that each
    // update walks: 10,000 products took 4 s in the triggers instead of 0.6 s.
    await sql`
      CREATE FUNCTION products_side_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO category_counts (category, n) SELECT category, count(*) FROM added GROUP BY category ORDER BY category
          ON CONFLICT (category) DO UPDATE SET n = category_counts.n + excluded.n;
        INSERT INTO brand_counts (brand, n) SELECT brand, count(*) FROM added GROUP BY brand ORDER BY brand
          ON CONFLICT (brand) DO UPDATE SET n = brand_counts.n + excluded.n;
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER products_side_count_insert AFTER INSERT ON products
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION products_side_counts_added()`.execute(db);
    await sql`
      CREATE FUNCTION products_side_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE category_counts SET n = category_counts.n - r.n
          FROM (SELECT category, count(*) AS n FROM removed GROUP BY category) r WHERE category_counts.category = r.category;
        UPDATE brand_counts SET n = brand_counts.n - r.n
          FROM (SELECT brand, count(*) AS n FROM removed GROUP BY brand) r WHERE brand_counts.brand = r.brand;
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER products_side_count_delete AFTER DELETE ON products
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION products_side_counts_removed()`.execute(db);
    // A product moved to another category or brand: row by row (PostgreSQL allows no transition
    // tables on a trigger of some columns, and every stock change updates products too).
    await sql`
      CREATE FUNCTION products_side_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.category IS DISTINCT FROM NEW.category THEN
          UPDATE category_counts SET n = n - 1 WHERE category = OLD.category;
          INSERT INTO category_counts (category, n) VALUES (NEW.category, 1)
            ON CONFLICT (category) DO UPDATE SET n = category_counts.n + 1;
        END IF;
        IF OLD.brand IS DISTINCT FROM NEW.brand THEN
          UPDATE brand_counts SET n = n - 1 WHERE brand = OLD.brand;
          INSERT INTO brand_counts (brand, n) VALUES (NEW.brand, 1)
            ON CONFLICT (brand) DO UPDATE SET n = brand_counts.n + 1;
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER products_side_count_update AFTER UPDATE OF category, brand ON products
      FOR EACH ROW EXECUTE FUNCTION products_side_counts_moved()`.execute(db);
    return;
  }
  // Beside the pair triggers of 0007, in the same statement's transaction.
  await sql`
    CREATE TRIGGER products_side_count_insert AFTER INSERT ON products BEGIN
      INSERT OR IGNORE INTO category_counts (category, n) VALUES (NEW.category, 0);
      UPDATE category_counts SET n = n + 1 WHERE category = NEW.category;
      INSERT OR IGNORE INTO brand_counts (brand, n) VALUES (NEW.brand, 0);
      UPDATE brand_counts SET n = n + 1 WHERE brand = NEW.brand;
    END`.execute(db);
  await sql`
    CREATE TRIGGER products_side_count_delete AFTER DELETE ON products BEGIN
      UPDATE category_counts SET n = n - 1 WHERE category = OLD.category;
      UPDATE brand_counts SET n = n - 1 WHERE brand = OLD.brand;
    END`.execute(db);
  await sql`
    CREATE TRIGGER products_category_count_update AFTER UPDATE OF category ON products
    WHEN OLD.category IS NOT NEW.category BEGIN
      UPDATE category_counts SET n = n - 1 WHERE category = OLD.category;
      INSERT OR IGNORE INTO category_counts (category, n) VALUES (NEW.category, 0);
      UPDATE category_counts SET n = n + 1 WHERE category = NEW.category;
    END`.execute(db);
  await sql`
    CREATE TRIGGER products_brand_count_update AFTER UPDATE OF brand ON products
    WHEN OLD.brand IS NOT NEW.brand BEGIN
      UPDATE brand_counts SET n = n - 1 WHERE brand = OLD.brand;
      INSERT OR IGNORE INTO brand_counts (brand, n) VALUES (NEW.brand, 0);
      UPDATE brand_counts SET n = n + 1 WHERE brand = NEW.brand;
    END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    const pairs: Array<[trigger: string, fn: string]> = [
      ["products_side_count_insert", "products_side_counts_added"],
      ["products_side_count_delete", "products_side_counts_removed"],
      ["products_side_count_update", "products_side_counts_moved"],
    ];
    for (const [trigger, fn] of pairs) {
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)} ON products`.execute(db);
      await sql`DROP FUNCTION IF EXISTS ${sql.raw(fn)}()`.execute(db);
    }
  } else {
    for (const trigger of SQLITE_TRIGGERS) await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
  }
  await db.schema.dropIndex("product_counts_brand_idx").execute();
  await db.schema.dropTable("brand_counts").execute();
  await db.schema.dropTable("category_counts").execute();
}
