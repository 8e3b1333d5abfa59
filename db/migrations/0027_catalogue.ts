import { sql, type Kysely } from "kysely";
import { editTableDefinition, isPostgres } from "./engine";

// Issue 49: the owner's own catalogue. Categories (a tree of at most two levels), brands, tags and
// collections become rows the owner edits (decision 0065). The specification's five categories and
// six brands are a new shop's starting rows, and their ids (`men`, `nike`) are their handles, so
// products keep their `category` and `brand` values unchanged and `category=men` keeps working.
//
// - categories, brands: name, handle (the address), description, photo, order; a category's
//   `sizes` are the kinds of sizes its products may have (clothing, footwear, none).
// - catalogue_handles: the handles a category, brand or collection had before (301s).
// - product_tags: the owner's free words on products.
// - collections: a named group, manual (collection_products, in the owner's order) or automatic
//   (`rules`, a JSON list compiled to one SQL where when read, never stored as a product list).
// - products.category and products.brand must name a row: their checks against the specification's
//   lists become foreign keys (on SQLite by editing the stored definition, as 0020 did).
const DEMO_CATEGORIES = [
  ["men", "Men", "clothing,footwear,none"],
  ["women", "Women", "clothing,footwear,none"],
  ["kids", "Kids", "clothing,footwear,none"],
  ["accessories", "Accessories", "none"],
  ["footwear", "Footwear", "footwear,none"],
] as const;
const DEMO_BRANDS = [
  ["nike", "Nike"],
  ["adidas", "Adidas"],
  ["puma", "Puma"],
  ["levi", "Levi's"],
  ["zara", "Zara"],
  ["h&m", "H&M"],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("categories")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("handle", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("parent_id", "text", (c) => c.references("categories.id"))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("image", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sizes", "text", (c) => c.notNull().defaultTo("clothing,footwear,none"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // One "Dresses" per parent, whatever its letter case.
  await sql`CREATE UNIQUE INDEX categories_name_unique ON categories (coalesce(parent_id, ''), lower(name))`.execute(db);
  await db.schema.createIndex("categories_parent_idx").on("categories").columns(["parent_id", "position"]).execute();

  await db.schema
    .createTable("brands")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("handle", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("image", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX brands_name_unique ON brands (lower(name))`.execute(db);

  await db.schema
    .createTable("collections")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("handle", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("image", "text", (c) => c.notNull().defaultTo(""))
    // null: manual (collection_products); else a JSON list of { field, op, value }, all of which hold.
    .addColumn("rules", "text")
    // The order its page opens in: '' is the owner's order (manual) or newest first (automatic).
    .addColumn("sort", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("on_home", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("in_menu", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX collections_name_unique ON collections (lower(name))`.execute(db);

  await db.schema
    .createTable("collection_products")
    .addColumn("collection_id", "text", (c) => c.notNull().references("collections.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("collection_products_pk", ["collection_id", "product_id"])
    .execute();
  await db.schema.createIndex("collection_products_order_idx").on("collection_products").columns(["collection_id", "position"]).execute();
  await db.schema.createIndex("collection_products_product_idx").on("collection_products").column("product_id").execute();

  await db.schema
    .createTable("product_tags")
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("tag", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("product_tags_pk", ["product_id", "tag"])
    .execute();
  await db.schema.createIndex("product_tags_tag_idx").on("product_tags").columns(["tag", "product_id"]).execute();

  await db.schema
    .createTable("catalogue_handles")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("handle", "text", (c) => c.notNull())
    .addColumn("target_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("catalogue_handles_pk", ["kind", "handle"])
    .execute();
  await db.schema.createIndex("catalogue_handles_target_idx").on("catalogue_handles").columns(["kind", "target_id"]).execute();

  const at = new Date().toISOString();
  await db
    .insertInto("categories")
    .values(
      DEMO_CATEGORIES.map(([id, name, sizes], position) => ({ id, handle: id, name, sizes, position, created_at: at, updated_at: at })),
    )
    .execute();
  await db
    .insertInto("brands")
    .values(DEMO_BRANDS.map(([id, name], position) => ({ id, handle: id, name, position, created_at: at, updated_at: at })))
    .execute();
  // A shop whose products carry a value outside the lists (written by hand) keeps it as a row of its own.
  await sql`
    INSERT INTO categories (id, handle, name, position, created_at, updated_at)
    SELECT DISTINCT category, category, category, 100, ${at}, ${at} FROM products WHERE category NOT IN (SELECT id FROM categories)`.execute(
    db,
  );
  await sql`
    INSERT INTO brands (id, handle, name, position, created_at, updated_at)
    SELECT DISTINCT brand, brand, brand, 100, ${at}, ${at} FROM products WHERE brand NOT IN (SELECT id FROM brands)`.execute(db);

  // The lists in products' checks (migration 0001) become references to the rows.
  if (isPostgres(db)) {
    await sql`ALTER TABLE products DROP CONSTRAINT products_category_check, DROP CONSTRAINT products_brand_check`.execute(db);
    await sql`ALTER TABLE products ADD CONSTRAINT products_category_fk FOREIGN KEY (category) REFERENCES categories (id)`.execute(db);
    await sql`ALTER TABLE products ADD CONSTRAINT products_brand_fk FOREIGN KEY (brand) REFERENCES brands (id)`.execute(db);
    return;
  }
  // Every row names a category and brand that now exist, so the edited definition holds for them.
  await editTableDefinition(db, "products", [
    [
      checkOf(await productsDefinition(db), "products_category_check"),
      'constraint "products_category_fk" foreign key ("category") references "categories" ("id")',
    ],
    [
      checkOf(await productsDefinition(db), "products_brand_check"),
      'constraint "products_brand_fk" foreign key ("brand") references "brands" ("id")',
    ],
  ]);
}

async function productsDefinition(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_schema where type = 'table' and name = 'products'`.execute(db);
  return rows[0]!.sql;
}

/** The text of a named check constraint in a table's definition: `constraint "name" check (...)`, brackets balanced. */
function checkOf(definition: string, name: string): string {
  const start = definition.indexOf(`constraint "${name}" check (`);
  if (start < 0) throw new Error(`products: no constraint ${name}`);
  let depth = 0;
  for (let i = definition.indexOf("(", start); i < definition.length; i++) {
    if (definition[i] === "(") depth++;
    if (definition[i] === ")" && --depth === 0) return definition.slice(start, i + 1);
  }
  throw new Error(`products: constraint ${name} is not closed`);
}

const CATEGORY_CHECK = sql.raw("category in ('men','women','kids','accessories','footwear')");
const BRAND_CHECK = sql.raw("brand in ('nike','adidas','puma','levi','zara','h&m')");

export async function down(db: Kysely<any>): Promise<void> {
  // Back to the lists: only a shop whose products use the specification's values can go down.
  if (isPostgres(db)) {
    await sql`ALTER TABLE products DROP CONSTRAINT products_category_fk, DROP CONSTRAINT products_brand_fk`.execute(db);
    await sql`ALTER TABLE products ADD CONSTRAINT products_category_check CHECK (${CATEGORY_CHECK}), ADD CONSTRAINT products_brand_check CHECK (${BRAND_CHECK})`.execute(
      db,
    );
  } else {
    await editTableDefinition(db, "products", [
      [
        'constraint "products_category_fk" foreign key ("category") references "categories" ("id")',
        `constraint "products_category_check" check (${CATEGORY_CHECK.compile(db).sql})`,
      ],
      [
        'constraint "products_brand_fk" foreign key ("brand") references "brands" ("id")',
        `constraint "products_brand_check" check (${BRAND_CHECK.compile(db).sql})`,
      ],
    ]);
  }
  for (const table of ["catalogue_handles", "product_tags", "collection_products", "collections", "brands", "categories"]) {
    await db.schema.dropTable(table).execute();
  }
}
