import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../platform/db.server";
import { addToCart, cartProductIds, getCart, removeFromCart, updateCartQuantity } from "./cart.server";
import { seedDemoCatalog } from "../platform/seed.server";
import { registerUser } from "../accounts/users.server";
import { NOT_IN_CART, OUT_OF_STOCK, onlyCanAdd } from "~/lib/messages/cart";

let userId: string;
let otherId: string;
beforeAll(async () => {
  await seedDemoCatalog();
  const r = await registerUser({ userName: "carter", email: "carter@example.com", password: "password123" });
  const o = await registerUser({ userName: "other", email: "other@example.com", password: "password123" });
  if (!r.ok || !o.ok) throw new Error("setup");
  userId = r.user.id;
  otherId = o.user.id;
});

describe("cart", () => {
  it("never puts more in the cart than in stock", async () => {
    const low = await db.selectFrom("products").select(["id", "stock"]).where("stock", "=", 2).executeTakeFirstOrThrow();
    expect(await addToCart(userId, low.id, 1)).toEqual({ ok: true, quantity: 1 });
    expect(await addToCart(userId, low.id, 1)).toEqual({ ok: true, quantity: 2 });
    expect(await addToCart(userId, low.id, 1)).toEqual({ ok: false, status: 409, message: onlyCanAdd(2) });
    expect(await updateCartQuantity(userId, low.id, 3)).toEqual({ ok: false, status: 409, message: onlyCanAdd(2) });
    expect(await updateCartQuantity(userId, low.id, 1)).toEqual({ ok: true, quantity: 1 });
    expect(await cartProductIds(userId)).toEqual([low.id]);
  });

  it("refuses a product that is out of stock or unknown", async () => {
    const none = await db.selectFrom("products").select("id").where("stock", "=", 0).executeTakeFirstOrThrow();
    expect(await addToCart(userId, none.id, 1)).toEqual({ ok: false, status: 409, message: OUT_OF_STOCK });
    expect(await addToCart(userId, "0".repeat(24), 1)).toMatchObject({ ok: false, status: 404 });
    expect(await cartProductIds(userId)).toHaveLength(1);
  });

  it("lists items with current prices, and removes them; each shopper has their own cart", async () => {
    const sale = await db
      .selectFrom("products")
      .selectAll()
      .where("sale_price_cents", ">", 0)
      .where("stock", ">", 5)
      .executeTakeFirstOrThrow();
    await addToCart(userId, sale.id, 3);
    const cart = await getCart(userId);
    expect(cart.items).toHaveLength(2);
    expect(cart.items[1]).toEqual({
      productId: sale.id,
      image: sale.image,
      title: sale.title,
      priceCents: sale.price_cents,
      salePriceCents: sale.sale_price_cents,
      quantity: 3,
      stock: sale.stock,
    });
    expect(await getCart(otherId)).toEqual({ id: null, items: [] });
    expect(await updateCartQuantity(otherId, sale.id, 1)).toEqual({ ok: false, status: 404, message: NOT_IN_CART });
    expect(await removeFromCart(otherId, sale.id)).toBe(false);
    expect(await removeFromCart(userId, sale.id)).toBe(true);
    expect((await getCart(userId)).items).toHaveLength(1);
  });

  it("loses an item whose product is deleted", async () => {
    const [productId] = await cartProductIds(userId);
    await db.deleteFrom("products").where("id", "=", productId!).execute();
    expect((await getCart(userId)).items).toEqual([]);
  });
});
