import { Migrator, type Kysely } from "kysely";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { afterAll, expect, it } from "vitest";
import { openDatabase, withSchemaEdits } from "./sqlite.server";
import { userNameKey } from "~/server/accounts/users.server";
import { migrations } from "#db/migrations";

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
  expect((await withSchemaEdits(database, () => migrator.migrateToLatest())).error).toBeUndefined();
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

it("0008 gives every product one 'One size' variant with its stock; carts and orders keep their lines, now on that variant", async () => {
  const database = openDatabase(path.join(dir, "before-variants.db"));
  const migrator = new Migrator({ db: database, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("0007_product_counts")).error).toBeUndefined();
  const old = database as unknown as Kysely<any>;
  const at = "2026-05-01T00:00:00.000Z";
  const product = (id: string, title: string, stock: number) => ({
    id,
    title,
    description: "d",
    category: "men",
    brand: "nike",
    image: "/x.svg",
    price_cents: 2000,
    sale_price_cents: 0,
    stock,
    created_at: at,
    updated_at: at,
  });
  await old
    .insertInto("products")
    .values([product("p".repeat(24), "Tee", 7), product("q".repeat(24), "Cap", 0)])
    .execute();
  await old
    .insertInto("users")
    .values({
      id: "u".repeat(24),
      user_name: "Una",
      user_name_key: "una",
      email: "u@example.com",
      password_hash: "-",
      role: "user",
      created_at: at,
    })
    .execute();
  await old
    .insertInto("carts")
    .values({ id: "c".repeat(24), user_id: "u".repeat(24), created_at: at, updated_at: at })
    .execute();
  await old
    .insertInto("cart_items")
    .values({ id: "i".repeat(24), cart_id: "c".repeat(24), product_id: "p".repeat(24), quantity: 3, created_at: at })
    .execute();
  const order = (id: string, status: string) => ({
    id,
    user_id: "u".repeat(24),
    cart_id: null,
    address_id: null,
    address: "1 Road",
    city: "Town",
    pincode: "1",
    phone: "1",
    notes: "n",
    order_status: "pending",
    payment_method: "paypal",
    payment_status: status,
    total_cents: 2000,
    payment_id: null,
    payer_id: null,
    order_date: at,
    order_update_date: at,
  });
  const later = "2026-05-04T10:00:00.000Z";
  await old
    .insertInto("orders")
    .values([
      order("o".repeat(24), "paid"),
      order("r".repeat(24), "pending"),
      { ...order("s".repeat(24), "paid"), order_status: "inShipping", order_update_date: later },
    ])
    .execute();
  const line = (id: string, orderId: string, productId: string | null) => ({
    id,
    order_id: orderId,
    product_id: productId,
    title: "Tee",
    image: "/x.svg",
    unit_price_cents: 2000,
    quantity: 1,
  });
  await old
    .insertInto("order_items")
    .values([
      line("l".repeat(24), "o".repeat(24), "p".repeat(24)),
      line("m".repeat(24), "o".repeat(24), null),
      line("n".repeat(24), "r".repeat(24), "p".repeat(24)),
    ])
    .execute();

  expect((await withSchemaEdits(database, () => migrator.migrateToLatest())).error).toBeUndefined();

  const variants = await database.selectFrom("product_variants").selectAll().orderBy("product_id").execute();
  expect(variants.map((v) => [v.product_id, v.size, v.color, v.sku, v.stock])).toEqual([
    ["p".repeat(24), "One size", "", null, 7],
    ["q".repeat(24), "One size", "", null, 0],
  ]);
  const tee = variants[0]!;
  expect(tee.id).toMatch(/^[0-9a-f]{24}$/);
  const totals = await database.selectFrom("products").select(["id", "stock"]).orderBy("id").execute();
  expect(totals.map((p) => p.stock)).toEqual([7, 0]);
  expect(await database.selectFrom("cart_items").selectAll().execute()).toEqual([
    { id: "i".repeat(24), cart_id: "c".repeat(24), product_id: "p".repeat(24), variant_id: tee.id, quantity: 3, created_at: at },
  ]);
  const lines = await database.selectFrom("order_items").select(["id", "variant_id", "size", "color", "title"]).orderBy("id").execute();
  expect(lines).toEqual([
    { id: "l".repeat(24), variant_id: tee.id, size: "One size", color: "", title: "Tee" },
    { id: "m".repeat(24), variant_id: null, size: "", color: "", title: "Tee" },
    { id: "n".repeat(24), variant_id: tee.id, size: "One size", color: "", title: "Tee" },
  ]);
  // From now on the product's stock is the sum of its variants'.
  await database.updateTable("product_variants").set({ stock: 4 }).where("id", "=", tee.id).execute();
  expect((await database.selectFrom("products").select("stock").where("id", "=", "p".repeat(24)).executeTakeFirstOrThrow()).stock).toBe(4);
  // 0010: each order's timeline from what its row tells: placed at its date, then its status now.
  const history = await database
    .selectFrom("order_status_history")
    .select(["order_id", "from_status", "status", "at", "by"])
    .orderBy("order_id")
    .orderBy("at")
    .execute();
  expect(history).toEqual([
    { order_id: "o".repeat(24), from_status: null, status: "pending", at, by: "shopper" },
    { order_id: "r".repeat(24), from_status: null, status: "pending", at, by: "shopper" },
    { order_id: "s".repeat(24), from_status: null, status: "pending", at, by: "shopper" },
    { order_id: "s".repeat(24), from_status: "pending", status: "inShipping", at: later, by: "admin" },
  ]);
  await database.destroy();
});
