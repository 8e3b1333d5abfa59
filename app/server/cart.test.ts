import { beforeAll, describe, expect, it } from "vitest";
import { db } from "./db.server";
import { addToCart, countCartItems, onlyCanAdd, OUT_OF_STOCK } from "./cart.server";
import { seedDemoCatalog } from "./seed.server";
import { registerUser } from "./users.server";

let userId: string;
beforeAll(async () => {
  await seedDemoCatalog();
  const r = await registerUser({ userName: "carter", email: "carter@example.com", password: "password123" });
  if (!r.ok) throw new Error(r.message);
  userId = r.user.id;
});

describe("addToCart", () => {
  it("never puts more in the cart than in stock", async () => {
    const low = await db.selectFrom("products").select(["id", "stock"]).where("stock", "=", 2).executeTakeFirstOrThrow();
    expect(await addToCart(userId, low.id, 1)).toEqual({ ok: true, quantity: 1 });
    expect(await addToCart(userId, low.id, 1)).toEqual({ ok: true, quantity: 2 });
    expect(await addToCart(userId, low.id, 1)).toEqual({ ok: false, status: 409, message: onlyCanAdd(2) });
    expect(await countCartItems(userId)).toBe(1);
  });

  it("refuses a product that is out of stock or unknown", async () => {
    const none = await db.selectFrom("products").select("id").where("stock", "=", 0).executeTakeFirstOrThrow();
    expect(await addToCart(userId, none.id, 1)).toEqual({ ok: false, status: 409, message: OUT_OF_STOCK });
    expect(await addToCart(userId, "0".repeat(24), 1)).toMatchObject({ ok: false, status: 404 });
    expect(await countCartItems(userId)).toBe(1);
  });
});
