import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { db, newId, now } from "~/server/platform/db.server";

const product = (over: Record<string, unknown> = {}) => ({
  id: newId(),
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
});

describe("schema constraints", () => {
  it("enforces foreign keys and WAL mode", async () => {
    const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(rows[0]?.journal_mode).toBe("wal");
    await expect(
      db.insertInto("carts").values({ id: newId(), user_id: "missing", created_at: now(), updated_at: now() }).execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
  });

  it.each([
    ["negative stock", { stock: -1 }],
    ["zero price", { price_cents: 0 }],
    ["sale price not below price", { sale_price_cents: 1000 }],
    ["unknown category", { category: "pets" }],
    ["unknown brand", { brand: "gucci" }],
  ])("refuses a product with %s", async (_name, over) => {
    await expect(db.insertInto("products").values(product(over)).execute()).rejects.toThrow(/CHECK/);
  });

  it("refuses a review rating outside 1..5 and a cart quantity of 0", async () => {
    const p = product();
    await db.insertInto("products").values(p).execute();
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
    ).rejects.toThrow(/CHECK/);
    await expect(
      db
        .insertInto("reviews")
        .values({ ...review, rating: 0 })
        .execute(),
    ).rejects.toThrow(/CHECK/);
    const cartId = newId();
    await db.insertInto("carts").values({ id: cartId, user_id: userId, created_at: now(), updated_at: now() }).execute();
    await expect(
      db.insertInto("cart_items").values({ id: newId(), cart_id: cartId, product_id: p.id, quantity: 0, created_at: now() }).execute(),
    ).rejects.toThrow(/CHECK/);
  });
});
