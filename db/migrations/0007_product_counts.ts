import { sql, type Kysely } from "kysely";
import { isPostgres } from "./engine";

// How many products each (category, brand) pair has, kept exact by triggers in the same
// transaction as every insert, delete and category or brand change, whoever writes (the admin,
// the seed, a script). A listing's total is then a sum of at most 30 rows (5 categories x 6
// brands), not a walk over every matching product.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("product_counts")
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("brand", "text", (c) => c.notNull())
    .addColumn("n", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("product_counts_pk", ["category", "brand"])
    .execute();
  await sql`INSERT INTO product_counts (category, brand, n) SELECT category, brand, count(*) FROM products GROUP BY category, brand`.execute(
    db,
  );
  if (isPostgres(db)) {
    await sql`
      CREATE FUNCTION products_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD.category = NEW.category AND OLD.brand = NEW.brand THEN RETURN NULL; END IF;
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE product_counts SET n = n - 1 WHERE category = OLD.category AND brand = OLD.brand;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO product_counts (category, brand, n) VALUES (NEW.category, NEW.brand, 1)
            ON CONFLICT (category, brand) DO UPDATE SET n = product_counts.n + 1;
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER products_count AFTER INSERT OR DELETE OR UPDATE OF category, brand ON products
      FOR EACH ROW EXECUTE FUNCTION products_count_change()`.execute(db);
    return;
  }
  await sql`
    CREATE TRIGGER products_count_insert AFTER INSERT ON products BEGIN
      INSERT OR IGNORE INTO product_counts (category, brand, n) VALUES (NEW.category, NEW.brand, 0);
      UPDATE product_counts SET n = n + 1 WHERE category = NEW.category AND brand = NEW.brand;
    END`.execute(db);
  await sql`
    CREATE TRIGGER products_count_delete AFTER DELETE ON products BEGIN
      UPDATE product_counts SET n = n - 1 WHERE category = OLD.category AND brand = OLD.brand;
    END`.execute(db);
  await sql`
    CREATE TRIGGER products_count_update AFTER UPDATE OF category, brand ON products
    WHEN OLD.category IS NOT NEW.category OR OLD.brand IS NOT NEW.brand BEGIN
      UPDATE product_counts SET n = n - 1 WHERE category = OLD.category AND brand = OLD.brand;
      INSERT OR IGNORE INTO product_counts (category, brand, n) VALUES (NEW.category, NEW.brand, 0);
      UPDATE product_counts SET n = n + 1 WHERE category = NEW.category AND brand = NEW.brand;
    END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS products_count ON products`.execute(db);
    await sql`DROP FUNCTION IF EXISTS products_count_change()`.execute(db);
    await db.schema.dropTable("product_counts").execute();
    return;
  }
  for (const trigger of ["products_count_insert", "products_count_delete", "products_count_update"]) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
  }
  await db.schema.dropTable("product_counts").execute();
}
