import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { db, engine, newId, now } from "./db.server";
import { uniqueViolationOf } from "./db-errors.server";
import { sizeMask } from "~/lib/variants";

const product = (over: Record<string, unknown> = {}) => {
  const id = newId();
  return {
    id,
    handle: `tee-${id}`,
    title: "Tee",
    description: "A tee",
    category: "men",
    brand: "nike",
    image: "/x.svg",
    price_cents: 1000,
    sale_price_cents: 0,
    stock: 1,
    created_at: now(),
    updated_at: now(),
    ...over,
  };
};

// The same refusals on both engines, in each one's words.
const CHECK = /CHECK|check constraint/;
const UNIQUE = /UNIQUE|duplicate key/;
const FOREIGN_KEY = /FOREIGN KEY|foreign key constraint/;

describe("schema constraints", () => {
  it("runs SQLite in WAL mode", async ({ skip }) => {
    // The engine is known once the setup's startShop() has opened the database.
    if (engine !== "sqlite") skip();
    const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(rows[0]?.journal_mode).toBe("wal");
  });

  it("answers a lookup of text with a NUL (which PostgreSQL cannot store) with nothing, never an error", async () => {
    expect(await db.selectFrom("users").select("id").where("email", "=", "bad\u0000value@example.com").execute()).toEqual([]);
    expect(await db.selectFrom("addresses").select("id").where("id", "in", ["\u0000", "x\u0000y"]).execute()).toEqual([]);
  });

  it("names the column whose unique index refused a write, in either engine's words", async () => {
    const user = (over: Record<string, string>) => ({
      id: newId(),
      user_name: "Ada",
      user_name_key: "ada",
      email: "ada@example.com",
      password_hash: "-",
      role: "user" as const,
      created_at: now(),
      ...over,
    });
    await db.insertInto("users").values(user({})).execute();
    const refusal = (over: Record<string, string>) =>
      db
        .insertInto("users")
        .values(user(over))
        .execute()
        .then(
          () => null,
          (error: unknown) => uniqueViolationOf(error, "users"),
        );
    expect(await refusal({ user_name: "Ada 2", user_name_key: "ada 2" })).toBe("email");
    expect(await refusal({ email: "other@example.com", user_name_key: "ada 3" })).toBe("user_name");
    expect(await refusal({ email: "third@example.com", user_name: "ADA" })).toBe("user_name_key");
    expect(uniqueViolationOf(new Error("something else"), "users")).toBeNull();
  });

  it("enforces foreign keys", async () => {
    await expect(
      db.insertInto("carts").values({ id: newId(), user_id: "missing", created_at: now(), updated_at: now() }).execute(),
    ).rejects.toThrow(FOREIGN_KEY);
  });

  it.each([
    ["negative stock", { stock: -1 }],
    ["zero price", { price_cents: 0 }],
    ["sale price not below price", { sale_price_cents: 1000 }],
  ])("refuses a product with %s", async (_name, over) => {
    await expect(db.insertInto("products").values(product(over)).execute()).rejects.toThrow(CHECK);
  });

  it.each([
    ["unknown category", { category: "pets" }],
    ["unknown brand", { brand: "gucci" }],
  ])("refuses a product with %s (no row in the owner's catalogue)", async (_name, over) => {
    await expect(db.insertInto("products").values(product(over)).execute()).rejects.toThrow(/foreign key/i);
  });

  it("refuses a review rating outside 1..5 and a cart quantity of 0", async () => {
    const p = product();
    await db.insertInto("products").values(p).execute();
    const variant = { id: newId(), product_id: p.id, size: "M", stock: 1, sku: null, created_at: now() };
    await db.insertInto("product_variants").values(variant).execute();
    const userId = newId();
    await db
      .insertInto("users")
      .values({
        id: userId,
        user_name: "Rita",
        user_name_key: "rita",
        email: "r@example.com",
        password_hash: "x",
        role: "user",
        created_at: now(),
      })
      .execute();
    const review = { id: newId(), product_id: p.id, user_id: userId, user_name: "Rita", message: "ok", created_at: now() };
    await expect(
      db
        .insertInto("reviews")
        .values({ ...review, rating: 6 })
        .execute(),
    ).rejects.toThrow(CHECK);
    await expect(
      db
        .insertInto("reviews")
        .values({ ...review, rating: 0 })
        .execute(),
    ).rejects.toThrow(CHECK);
    const cartId = newId();
    await db.insertInto("carts").values({ id: cartId, user_id: userId, created_at: now(), updated_at: now() }).execute();
    await expect(
      db
        .insertInto("cart_items")
        .values({ id: newId(), cart_id: cartId, product_id: p.id, variant_id: variant.id, quantity: 0, created_at: now() })
        .execute(),
    ).rejects.toThrow(CHECK);
  });

  it("keeps a variant's stock at 0 or more, one row per size and colour, each SKU once, and the product's total exact", async () => {
    const p = product({ stock: 0 });
    await db.insertInto("products").values(p).execute();
    const variant = (over: Record<string, unknown>) => ({
      id: newId(),
      product_id: p.id,
      size: "M",
      sku: null,
      stock: 3,
      created_at: now(),
      ...over,
    });
    await db
      .insertInto("product_variants")
      .values(variant({ color: "Black", sku: "SKU-1" }))
      .execute();
    await db
      .insertInto("product_variants")
      .values(variant({ size: "L", color: "Black", stock: 4 }))
      .execute();
    await expect(
      db
        .insertInto("product_variants")
        .values(variant({ stock: -1, size: "S" }))
        .execute(),
    ).rejects.toThrow(CHECK);
    // "black" is the same colour as "Black".
    await expect(
      db
        .insertInto("product_variants")
        .values(variant({ color: "black" }))
        .execute(),
    ).rejects.toThrow(UNIQUE);
    await expect(
      db
        .insertInto("product_variants")
        .values(variant({ size: "XL", sku: "SKU-1" }))
        .execute(),
    ).rejects.toThrow(UNIQUE);
    const total = async () => (await db.selectFrom("products").select("stock").where("id", "=", p.id).executeTakeFirstOrThrow()).stock;
    expect(await total()).toBe(7);
    await db
      .updateTable("product_variants")
      .set({ stock: sql`stock - 2` })
      .where("product_id", "=", p.id)
      .where("size", "=", "L")
      .execute();
    expect(await total()).toBe(5);
    await db.deleteFrom("product_variants").where("product_id", "=", p.id).where("size", "=", "M").execute();
    expect(await total()).toBe(2);
  });

  it("keeps each product's mask of sizes in stock and the count of variants in stock per colour", async () => {
    const p = product({ stock: 0 });
    await db.insertInto("products").values(p).execute();
    const variant = (size: string, color: string, stock: number) => ({
      id: newId(),
      product_id: p.id,
      size,
      color,
      sku: null,
      stock,
      created_at: now(),
    });
    const mask = async () =>
      (await db.selectFrom("products").select("size_mask").where("id", "=", p.id).executeTakeFirstOrThrow()).size_mask;
    const colours = async () =>
      Object.fromEntries(
        (await db.selectFrom("color_counts").select(["id", "n"]).where("id", "in", ["teal", "plum"]).execute()).map((c) => [c.id, c.n]),
      );
    await db
      .insertInto("product_variants")
      .values([variant("S", "Teal", 2), variant("XL", "Teal", 0), variant("EU 42", "Plum", 1)])
      .execute();
    expect(await mask()).toBe(sizeMask(["S", "EU 42"]));
    expect(await colours()).toEqual({ teal: 1, plum: 1 });
    await db.updateTable("product_variants").set({ stock: 4 }).where("product_id", "=", p.id).where("size", "=", "XL").execute();
    expect(await mask()).toBe(sizeMask(["S", "XL", "EU 42"]));
    expect(await colours()).toEqual({ teal: 2, plum: 1 });
    await db.updateTable("product_variants").set({ stock: 0 }).where("product_id", "=", p.id).where("size", "=", "S").execute();
    await db.updateTable("product_variants").set({ color: "plum" }).where("product_id", "=", p.id).where("size", "=", "XL").execute();
    expect(await mask()).toBe(sizeMask(["XL", "EU 42"]));
    expect(await colours()).toEqual({ teal: 0, plum: 2 });
    await db.deleteFrom("products").where("id", "=", p.id).execute();
    expect(await colours()).toEqual({ teal: 0, plum: 0 });
  });
});
