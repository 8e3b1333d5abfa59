import { Migrator, type Kysely } from "kysely";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "~/server/platform/db.server";
import { userNameKey } from "~/server/accounts/users.server";
import { migrations } from "./migrations";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-migrate-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it("0004 gives existing users their name key; look-alikes registered earlier keep their names", async () => {
  const database = openDatabase(path.join(dir, "old.db"));
  const migrator = new Migrator({ db: database, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("0003_payments")).error).toBeUndefined();
  const user = (id: string, name: string, at: string) => ({
    id,
    user_name: name,
    email: `${id}@example.com`,
    password_hash: "-",
    role: "user",
    created_at: at,
  });
  // Before the rule, these two could both register. (The users table of 0003: no name key yet.)
  await (database as unknown as Kysely<any>)
    .insertInto("users")
    .values([
      user("a".repeat(24), "Alice", "2026-01-01T00:00:00.000Z"),
      user("b".repeat(24), "ＡＬＩＣＥ", "2026-02-01T00:00:00.000Z"),
      user("c".repeat(24), "Bob", "2026-03-01T00:00:00.000Z"),
    ])
    .execute();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const rows = await database.selectFrom("users").select(["user_name", "user_name_key"]).orderBy("created_at").execute();
  expect(rows).toEqual([
    { user_name: "Alice", user_name_key: "alice" },
    { user_name: "ＡＬＩＣＥ", user_name_key: `alice#${"b".repeat(24)}` },
    { user_name: "Bob", user_name_key: "bob" },
  ]);
  expect(userNameKey("ＡＬＩＣＥ")).toBe("alice");
  // From now on the key is unique.
  await expect(
    database
      .insertInto("users")
      .values({ ...user("d".repeat(24), "alice", "2026-04-01T00:00:00.000Z"), role: "user", user_name_key: "alice" })
      .execute(),
  ).rejects.toThrow(/UNIQUE/);
  await database.destroy();
});
