import type { Kysely } from "kysely";

// User names are unique by their look, not their bytes: `user_name_key` is the name in NFKC,
// case-folded, with runs of spaces as one, and carries the unique index. The function is written
// out here (not imported) so this migration never changes after it has run.
const key = (name: string) => name.normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC").replace(/\s+/gu, " ").trim();

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("user_name_key", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  const users = await db.selectFrom("users").select(["id", "user_name"]).orderBy("created_at").orderBy("id").execute();
  const taken = new Set<string>();
  for (const user of users) {
    // Look-alikes registered before this rule keep their names: the oldest holds the key, the
    // others get it with their id appended (no new look-alike can be registered after them).
    let userKey = key(user.user_name);
    if (taken.has(userKey)) userKey = `${userKey}#${user.id}`;
    taken.add(userKey);
    await db.updateTable("users").set({ user_name_key: userKey }).where("id", "=", user.id).execute();
  }
  await db.schema.createIndex("users_user_name_key_unique").on("users").column("user_name_key").unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("users_user_name_key_unique").execute();
  await db.schema.alterTable("users").dropColumn("user_name_key").execute();
}
