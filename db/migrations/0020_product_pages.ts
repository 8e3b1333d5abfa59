import { sql, type Kysely } from "kysely";
import { handleFrom, numberedHandle } from "#db/handles";
import { editTableDefinition, isPostgres } from "./engine";

// Issue 40: a page per product, the owner's settings, and carts of visitors who have not signed in.
//
// - products.handle: the product's address (/shop/products/:handle), made from its title, unique;
//   product_handles keeps the handles a product had before, so old links answer 301.
// - settings: the owner's shop settings, one JSON value per key (settings/settings.server.ts).
// - carts: a cart belongs to an account (user_id) or to a visitor (visitor_key, the hash of the
//   random id in the visitor's cookie), never both, never neither.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("products").addColumn("handle", "text").execute();
  const taken = new Set<string>();
  let after = "";
  for (;;) {
    const rows = await db.selectFrom("products").select(["id", "title"]).where("id", ">", after).orderBy("id").limit(5000).execute();
    if (!rows.length) break;
    for (const row of rows) {
      const base = handleFrom(row.title);
      let handle = base;
      for (let n = 2; taken.has(handle); n++) handle = numberedHandle(base, n);
      taken.add(handle);
      await db.updateTable("products").set({ handle }).where("id", "=", row.id).execute();
    }
    after = rows.at(-1)!.id;
  }
  await db.schema.createIndex("products_handle_unique").unique().on("products").column("handle").execute();

  await db.schema
    .createTable("product_handles")
    .addColumn("handle", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("product_handles_product_idx").on("product_handles").column("product_id").execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema.alterTable("carts").addColumn("visitor_key", "text").execute();
  await db.schema.createIndex("carts_visitor_key_unique").unique().on("carts").column("visitor_key").execute();
  // Visitors' carts expire after 30 days unused: the sweep reads them by age.
  await db.schema.createIndex("carts_visitor_updated_idx").on("carts").columns(["visitor_key", "updated_at"]).execute();
  const oneOwner = "(user_id is null) <> (visitor_key is null)";
  if (isPostgres(db)) {
    await sql`alter table carts alter column user_id drop not null`.execute(db);
    await sql.raw(`alter table carts add constraint carts_one_owner check (${oneOwner})`).execute(db);
  } else {
    // Every existing row has a user and no visitor, so it satisfies the looser column and the check.
    await editTableDefinition(db, "carts", [
      ['"user_id" text not null unique', '"user_id" text unique'],
      ['"visitor_key" text)', `"visitor_key" text, constraint "carts_one_owner" check (${oneOwner}))`],
    ]);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("carts").where("user_id", "is", null).execute();
  if (isPostgres(db)) {
    await sql`alter table carts drop constraint carts_one_owner, alter column user_id set not null`.execute(db);
  } else {
    await editTableDefinition(db, "carts", [
      ['"user_id" text unique', '"user_id" text not null unique'],
      [`, constraint "carts_one_owner" check ((user_id is null) <> (visitor_key is null)))`, ")"],
    ]);
  }
  await db.schema.dropIndex("carts_visitor_updated_idx").execute();
  await db.schema.dropIndex("carts_visitor_key_unique").execute();
  await db.schema.alterTable("carts").dropColumn("visitor_key").execute();
  await db.schema.dropTable("settings").execute();
  await db.schema.dropTable("product_handles").execute();
  await db.schema.dropIndex("products_handle_unique").execute();
  await db.schema.alterTable("products").dropColumn("handle").execute();
}
