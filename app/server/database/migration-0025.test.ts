import { Migrator, type Kysely } from "kysely";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { engine, migrateToLatest } from "./db.server";
import { nextOrderNumber } from "./order-numbers.server";
import { openPostgres } from "./postgres.server";
import { openDatabase, withSchemaEdits } from "./sqlite.server";
import { migrations } from "#db/migrations";
import type { Database } from "#db/schema";
import { createTestDatabase, dropTestDatabase } from "#tests/postgres/databases";

// 0025 on a shop that already has orders, on the engine this file runs on (a database of its own):
// the orders people see are numbered from 1001 in order-date order, an abandoned payment attempt
// gets none, and the next order placed gets the number after the highest (issue 48, point 4).

const cleanUp: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const step of cleanUp.reverse()) await step();
});

async function emptyDatabase(): Promise<Kysely<Database>> {
  if (engine === "postgres") {
    const url = await createTestDatabase("migration_0025");
    const database = openPostgres(url, 1, { unbounded: true });
    cleanUp.push(
      () => dropTestDatabase(url),
      () => database.destroy(),
    );
    return database;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-0025-"));
  const database = openDatabase(path.join(dir, "before-numbers.db"));
  cleanUp.push(
    async () => fs.rmSync(dir, { recursive: true, force: true }),
    () => database.destroy(),
  );
  return database;
}

it("0025 numbers the orders people see from 1001 by date, none for abandoned attempts; the next order follows", async () => {
  const database = await emptyDatabase();
  const migrator = new Migrator({ db: database, provider: { getMigrations: async () => migrations } });
  expect((await withSchemaEdits(database, () => migrator.migrateTo("0024_banner_sizes"))).error).toBeUndefined();
  const old = database as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const userId = "a".repeat(24);
  await old
    .insertInto("users")
    .values({
      id: userId,
      user_name: "Old Buyer",
      user_name_key: "old buyer",
      email: "old@example.com",
      password_hash: "x",
      role: "user",
      created_at: "2025-01-01T00:00:00.000Z",
    })
    .execute();
  // Inserted out of date order, and two on one date (the id decides between them).
  const orders: Array<[id: string, date: string, payment: string]> = [
    ["0000000000000000000000c3", "2025-03-01T00:00:00.000Z", "paid"],
    ["0000000000000000000000a1", "2025-01-05T00:00:00.000Z", "paid"],
    ["0000000000000000000000f9", "2025-02-01T00:00:00.000Z", "cancelled"],
    ["0000000000000000000000b2", "2025-02-10T00:00:00.000Z", "pending"],
    ["0000000000000000000000b1", "2025-02-10T00:00:00.000Z", "paid"],
    ["0000000000000000000000e8", "2025-04-01T00:00:00.000Z", "failed"],
  ];
  await old
    .insertInto("orders")
    .values(
      orders.map(([id, date, payment]) => ({
        id,
        user_id: userId,
        cart_id: null,
        address_id: null,
        address: "1 Road",
        city: "Town",
        pincode: "1",
        phone: "555",
        notes: "",
        order_status: payment === "paid" ? "confirmed" : "pending",
        payment_method: "paypal",
        payment_status: payment,
        total_cents: 1000,
        payment_id: null,
        payer_id: null,
        order_date: date,
        order_update_date: date,
      })),
    )
    .execute();

  await migrateToLatest(database);

  const numbered = await database.selectFrom("orders").select(["id", "number"]).orderBy("id").execute();
  expect(Object.fromEntries(numbered.map((o) => [o.id, o.number]))).toEqual({
    "0000000000000000000000a1": 1001,
    "0000000000000000000000b1": 1002,
    "0000000000000000000000b2": 1003,
    "0000000000000000000000c3": 1004,
    "0000000000000000000000e8": null,
    "0000000000000000000000f9": null,
  });
  // The next number follows the highest given, on either engine.
  expect(await database.transaction().execute((trx) => nextOrderNumber(trx))).toBe(1005);
  // The same number twice is refused by the database itself.
  await expect(
    database.updateTable("orders").set({ number: 1001 }).where("id", "=", "0000000000000000000000f9").execute(),
  ).rejects.toThrow();
});
