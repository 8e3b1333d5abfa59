import { Migrator, type Kysely } from "kysely";
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

// 0020 on a shop that already has products, on the engine this file runs on (a database of its
// own, not the one the setup opened): each product gets a handle made from its title, unique.

const cleanUp: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const step of cleanUp.reverse()) await step();
});

/** An empty database of this run's engine. */
async function emptyDatabase(): Promise<Kysely<Database>> {
  if (engine === "postgres") {
    const url = await createTestDatabase("migration_0020");
    const database = openPostgres(url, 1, { unbounded: true });
    cleanUp.push(
      () => dropTestDatabase(url),
      () => database.destroy(),
    );
    return database;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-0020-"));
  const database = openDatabase(path.join(dir, "before-handles.db"));
  cleanUp.push(
    async () => fs.rmSync(dir, { recursive: true, force: true }),
    () => database.destroy(),
  );
  return database;
}

it("0020 gives the products already there handles made from their titles, unique; new ones must be unique too", async () => {
  const database = await emptyDatabase();
  const migrator = new Migrator({ db: database, provider: { getMigrations: async () => migrations } });
  expect((await withSchemaEdits(database, () => migrator.migrateTo("0019_refund_releases_use"))).error).toBeUndefined();
  // The products table as 0019 left it: no handle yet.
  const old = database as unknown as Kysely<{ products: Record<string, unknown> }>;
  const at = "2026-05-01T00:00:00.000Z";
  const product = (n: number, title: string) => ({
    id: String(n).padStart(24, "0"),
    title,
    description: "d",
    category: "men",
    brand: "nike",
    image: "/x.svg",
    price_cents: 2000,
    stock: 0,
    created_at: at,
    updated_at: at,
  });
  // In id order, the order the migration takes them: the first of a title gets the plain handle.
  await old
    .insertInto("products")
    .values([
      product(1, "Linen Shirt 2"),
      product(2, "Linen Shirt"),
      product(3, "linen shirt!"),
      product(4, "Crème Brûlée Tee"),
      product(5, "¿¡!?"),
      product(6, "x".repeat(90)),
      product(7, "x".repeat(90)),
    ])
    .execute();

  await migrateToLatest(database);

  const rows = await database.selectFrom("products").select(["id", "handle"]).orderBy("id").execute();
  expect(rows.map((r) => r.handle)).toEqual([
    "linen-shirt-2",
    "linen-shirt",
    "linen-shirt-3",
    "creme-brulee-tee",
    "product",
    "x".repeat(80),
    `${"x".repeat(78)}-2`,
  ]);
  expect(await database.selectFrom("product_handles").selectAll().execute()).toEqual([]);
  // From now on a handle is unique.
  await expect(
    old
      .insertInto("products")
      .values({ ...product(8, "Another"), handle: "linen-shirt" })
      .execute(),
  ).rejects.toThrow(/unique/i);
});
