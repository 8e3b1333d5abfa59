import { sql, type Kysely } from "kysely";
import { expect, it } from "vitest";
import { db, engine, migrateToLatest } from "./db.server";
import { migrations } from "#db/migrations";

// On both engines (this file runs in the sqlite and the postgres projects).
const tableExists = async (name: string) =>
  engine === "postgres"
    ? (await sql<{ n: number }>`select count(*) as n from information_schema.tables where table_name = ${name}`.execute(db)).rows[0]!.n > 0
    : (await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = ${name}`.execute(db)).rows[0]!.n >
      0;

it("a batch of migrations that fails part-way leaves the database as it was", async () => {
  const later = {
    ...migrations,
    "9001_fine": {
      up: async (d: Kysely<unknown>) => {
        await d.schema
          .createTable("later_fine")
          .addColumn("id", "text", (c) => c.primaryKey())
          .execute();
      },
    },
    "9002_broken": {
      up: async (d: Kysely<unknown>) => {
        await d.schema.createTable("later_broken").addColumn("id", "text").execute();
        await sql`insert into later_broken (id) values ('x')`.execute(d);
        throw new Error("this migration is wrong");
      },
    },
  };
  await expect(migrateToLatest(db, later)).rejects.toThrow(/9002_broken failed.*this migration is wrong/);
  expect(await tableExists("later_fine")).toBe(false);
  expect(await tableExists("later_broken")).toBe(false);
  const applied = await db
    .selectFrom("kysely_migration" as never)
    .select("name" as never)
    .execute();
  expect(applied.map((m) => (m as { name: string }).name).sort()).toEqual(Object.keys(migrations).sort());
  // The shop still works on it, and the migrations apply once the broken one is fixed.
  await migrateToLatest(db, { ...later, "9002_broken": { up: async () => {} } });
  expect(await tableExists("later_fine")).toBe(true);
});
