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

// 0023 on a shop that already has products, on the engine this file runs on (a database of its
// own): each product's one image becomes its only photo, its cover, served as before; deleting the
// product deletes its photos.

const cleanUp: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const step of cleanUp.reverse()) await step();
});

async function emptyDatabase(): Promise<Kysely<Database>> {
  if (engine === "postgres") {
    const url = await createTestDatabase("migration_0023");
    const database = openPostgres(url, 1, { unbounded: true });
    cleanUp.push(
      () => dropTestDatabase(url),
      () => database.destroy(),
    );
    return database;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-0023-"));
  const database = openDatabase(path.join(dir, "before-photos.db"));
  cleanUp.push(
    async () => fs.rmSync(dir, { recursive: true, force: true }),
    () => database.destroy(),
  );
  return database;
}

it("0023 makes each product's image its only photo, the cover, with no sizes; a deleted product takes its photos", async () => {
  const database = await emptyDatabase();
  const migrator = new Migrator({ db: database, provider: { getMigrations: async () => migrations } });
  expect((await withSchemaEdits(database, () => migrator.migrateTo("0022_shipping_and_tax"))).error).toBeUndefined();
  const at = "2026-05-01T00:00:00.000Z";
  const product = (n: number, title: string, image: string) => ({
    id: String(n).padStart(24, "0"),
    title,
    handle: `p-${n}`,
    description: "d",
    category: "men",
    brand: "nike",
    image,
    price_cents: 2000,
    stock: 0,
    created_at: at,
    updated_at: at,
  });
  const old = database as unknown as Kysely<{ products: Record<string, unknown> }>;
  await old
    .insertInto("products")
    .values([
      product(1, "Linen Shirt", "/uploads/0123456789abcdef0123456789abcdef.webp"),
      product(2, "Wool Scarf", "/demo/products/scarf.svg"),
    ])
    .execute();

  await migrateToLatest(database);

  const photos = await database.selectFrom("product_photos").selectAll().orderBy("product_id").execute();
  expect(photos).toMatchObject([
    {
      product_id: product(1, "", "").id,
      position: 0,
      alt: "Linen Shirt",
      color: null,
      base: null,
      widths: "",
      src: "/uploads/0123456789abcdef0123456789abcdef.webp",
    },
    {
      product_id: product(2, "", "").id,
      position: 0,
      alt: "Wool Scarf",
      color: null,
      base: null,
      widths: "",
      src: "/demo/products/scarf.svg",
    },
  ]);
  await database
    .deleteFrom("products")
    .where("id", "=", product(1, "", "").id)
    .execute();
  expect(await database.selectFrom("product_photos").select("product_id").execute()).toEqual([{ product_id: product(2, "", "").id }]);
});
