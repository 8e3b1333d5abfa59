import { Migrator, sql, type Kysely } from "kysely";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { engine, migrateToLatest } from "./db.server";
import { openPostgres } from "./postgres.server";
import { openDatabase, withSchemaEdits } from "./sqlite.server";
import { migrations } from "#db/migrations";
import type { Database } from "#db/schema";
import { createTestDatabase, dropTestDatabase } from "#tests/postgres/databases";

// 0027 on a shop that already sells the demo's catalogue, on the engine this file runs on (a
// database of its own): its products keep their ids and their category and brand, which are now
// rows the database holds them to; a discount code limited to categories and brands still names
// them; and a shop with only the demo's values can go back down to 0026 (issue 49, point 8).
// On the way up, 0028 counts the products per category and per brand.
// A product outside the lists could not exist before 0027 (the checks of 0001), so none is tried.

const cleanUp: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const step of cleanUp.reverse()) await step();
});

async function emptyDatabase(): Promise<Kysely<Database>> {
  if (engine === "postgres") {
    const url = await createTestDatabase("migration_0027");
    const database = openPostgres(url, 1, { unbounded: true });
    cleanUp.push(
      () => dropTestDatabase(url),
      () => database.destroy(),
    );
    return database;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-0027-"));
  const database = openDatabase(path.join(dir, "before-catalogue.db"));
  cleanUp.push(
    async () => fs.rmSync(dir, { recursive: true, force: true }),
    () => database.destroy(),
  );
  return database;
}

const CATEGORIES = { men: "Men", women: "Women", kids: "Kids", accessories: "Accessories", footwear: "Footwear" };
const BRANDS = { nike: "Nike", adidas: "Adidas", puma: "Puma", levi: "Levi's", zara: "Zara", "h&m": "H&M" };
const at = "2026-05-01T00:00:00.000Z";

/** One product in each category, the brands taken in turn: every category and brand is used. */
const PRODUCTS = Object.keys(CATEGORIES).flatMap((category, c) =>
  Object.keys(BRANDS)
    .filter((_, b) => (b + c) % 2 === 0 || c === 0)
    .map((brand, b) => ({
      id: `${c}${b}`.padStart(24, "0"),
      title: `${category} ${brand}`,
      handle: `${category}-${brand.replace("&", "")}`,
      description: "d",
      category,
      brand,
      image: "/x.svg",
      price_cents: 2000 + c * 100 + b,
      sale_price_cents: 0,
      stock: 0,
      created_at: at,
      updated_at: at,
    })),
);

type Old = Kysely<Record<string, Record<string, unknown>>>;

it("0027 makes the demo's categories and brands rows; products keep ids and values, held by foreign keys; down goes back to 0026", async () => {
  const database = await emptyDatabase();
  const old = database as unknown as Old;
  const migrator = new Migrator({ db: database, provider: { getMigrations: async () => migrations } });
  expect((await withSchemaEdits(database, () => migrator.migrateTo("0026_order_tracking"))).error).toBeUndefined();
  await old.insertInto("products").values(PRODUCTS).execute();
  await old
    .insertInto("discounts")
    .values(
      [
        { id: "d".repeat(24), code: "KIDSNIKE", type: "percent", value: 10, categories: '["kids","footwear"]', brands: '["nike","h&m"]' },
        { id: "e".repeat(24), code: "ALL5", type: "fixed", value: 500, categories: null, brands: null },
      ].map((d) => ({ ...d, created_at: at, updated_at: at })),
    )
    .execute();

  await migrateToLatest(database);

  const products = await database.selectFrom("products").select(["id", "category", "brand"]).orderBy("id").execute();
  expect(products).toEqual(PRODUCTS.map((p) => ({ id: p.id, category: p.category, brand: p.brand })));
  const categories = await database.selectFrom("categories").select(["id", "handle", "name", "parent_id"]).orderBy("position").execute();
  expect(categories).toEqual(Object.entries(CATEGORIES).map(([id, name]) => ({ id, handle: id, name, parent_id: null })));
  const brands = await database.selectFrom("brands").select(["id", "handle", "name"]).orderBy("position").execute();
  expect(brands).toEqual(Object.entries(BRANDS).map(([id, name]) => ({ id, handle: id, name })));
  // The limited code still names rows that exist, so it keeps applying to the same products.
  const limited = await database
    .selectFrom("discounts")
    .select(["categories", "brands"])
    .where("code", "=", "KIDSNIKE")
    .executeTakeFirstOrThrow();
  expect(JSON.parse(limited.categories!).every((id: string) => id in CATEGORIES)).toBe(true);
  expect(JSON.parse(limited.brands!).every((id: string) => id in BRANDS)).toBe(true);
  // The listing's totals, kept by triggers, are those of the same products.
  const counts = await database.selectFrom("product_counts").select(["category", "brand", "n"]).where("n", ">", 0).execute();
  expect(counts.reduce((sum, c) => sum + Number(c.n), 0)).toBe(PRODUCTS.length);
  // And 0028's per category and per brand, filled from the products already there.
  const perCategory = await database.selectFrom("category_counts").select(["category", "n"]).orderBy("category").execute();
  expect(perCategory.map((c) => [c.category, Number(c.n)])).toEqual(
    Object.keys(CATEGORIES)
      .sort()
      .map((id) => [id, PRODUCTS.filter((p) => p.category === id).length]),
  );
  const perBrand = await database.selectFrom("brand_counts").select(["brand", "n"]).execute();
  expect(perBrand.reduce((sum, b) => sum + Number(b.n), 0)).toBe(PRODUCTS.length);

  // An owner's new category is a row, and a product may use it; an unknown one is refused by the database.
  await database
    .insertInto("categories")
    .values({ id: "knitwear", handle: "knitwear", name: "Knitwear", created_at: at, updated_at: at })
    .execute();
  const product = (id: string, category: string, brand = "nike") => ({
    ...PRODUCTS[0]!,
    id: id.padStart(24, "9"),
    handle: `new-${id}`,
    category,
    brand,
  });
  await database.insertInto("products").values(product("1", "knitwear")).execute();
  await expect(database.insertInto("products").values(product("2", "dresses")).execute()).rejects.toThrow(/foreign key/i);
  await expect(
    database
      .insertInto("products")
      .values(product("3", "men", "atelier-nord"))
      .execute(),
  ).rejects.toThrow(/foreign key/i);
  await expect(database.updateTable("products").set({ brand: "gucci" }).where("id", "=", PRODUCTS[0]!.id).execute()).rejects.toThrow(
    /foreign key/i,
  );
  // A category or brand that has products cannot go, even outside the shop's service.
  await expect(database.deleteFrom("categories").where("id", "=", "men").execute()).rejects.toThrow(/foreign key/i);
  await expect(database.deleteFrom("brands").where("id", "=", "h&m").execute()).rejects.toThrow(/foreign key/i);
  expect(await database.selectFrom("categories").select("id").where("id", "=", "men").executeTakeFirst()).toEqual({ id: "men" });

  // Back down, once the shop uses only the demo's values again.
  await database.deleteFrom("products").where("category", "=", "knitwear").execute();
  const down = await withSchemaEdits(database, () => migrator.migrateTo("0026_order_tracking"));
  expect(down.error).toBeUndefined();
  expect(await tableNames(database)).not.toContain("categories");
  expect(await tableNames(database)).not.toContain("product_tags");
  const after = await database.selectFrom("products").select(["id", "category", "brand"]).orderBy("id").execute();
  expect(after).toEqual(products);
  // The lists hold again: an unknown category is refused by the check, a demo one is taken.
  await expect(old.insertInto("products").values(product("4", "dresses")).execute()).rejects.toThrow(/check/i);
  await old
    .insertInto("products")
    .values(product("5", "kids", "h&m"))
    .execute();
  // And up again, as a later start would.
  await migrateToLatest(database);
  expect(
    await database.selectFrom("products").select("id").where("category", "=", "kids").where("brand", "=", "h&m").execute(),
  ).toContainEqual({
    id: "5".padStart(24, "9"),
  });
});

async function tableNames(database: Kysely<Database>): Promise<string[]> {
  const query =
    engine === "postgres"
      ? sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`
      : sql<{ name: string }>`select name from sqlite_schema where type = 'table'`;
  return (await query.execute(database)).rows.map((r) => r.name);
}
