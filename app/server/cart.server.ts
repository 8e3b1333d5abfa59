import { db, newId, now } from "./db.server";

export const ADDED_TO_CART = "Product is added to cart";
export const OUT_OF_STOCK = "This product is out of stock";
export const onlyCanAdd = (n: number) => `Only ${n} quantity can be added for this item`;

/** Number of distinct products in the shopper's cart (the header badge). */
export async function countCartItems(userId: string): Promise<number> {
  const row = await db
    .selectFrom("cart_items")
    .innerJoin("carts", "carts.id", "cart_items.cart_id")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("carts.user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export type CartChange = { ok: true; quantity: number } | { ok: false; status: 404 | 409; message: string };

/**
 * Adds `quantity` of a product to the shopper's cart. The cart never holds more than the stock:
 * the check and the write happen in one transaction.
 */
export async function addToCart(userId: string, productId: string, quantity: number): Promise<CartChange> {
  return db.transaction().execute(async (trx) => {
    const product = await trx.selectFrom("products").select(["id", "stock"]).where("id", "=", productId).executeTakeFirst();
    if (!product) return { ok: false, status: 404, message: "Product not found" } as const;
    let cart = await trx.selectFrom("carts").select("id").where("user_id", "=", userId).executeTakeFirst();
    if (!cart) {
      cart = { id: newId() };
      await trx.insertInto("carts").values({ id: cart.id, user_id: userId, created_at: now(), updated_at: now() }).execute();
    }
    const item = await trx
      .selectFrom("cart_items")
      .select(["id", "quantity"])
      .where("cart_id", "=", cart.id)
      .where("product_id", "=", productId)
      .executeTakeFirst();
    const wanted = (item?.quantity ?? 0) + quantity;
    if (product.stock <= 0) return { ok: false, status: 409, message: OUT_OF_STOCK } as const;
    if (wanted > product.stock) return { ok: false, status: 409, message: onlyCanAdd(product.stock) } as const;
    if (item) {
      await trx.updateTable("cart_items").set({ quantity: wanted }).where("id", "=", item.id).execute();
    } else {
      await trx
        .insertInto("cart_items")
        .values({ id: newId(), cart_id: cart.id, product_id: productId, quantity: wanted, created_at: now() })
        .execute();
    }
    await trx.updateTable("carts").set({ updated_at: now() }).where("id", "=", cart.id).execute();
    return { ok: true, quantity: wanted } as const;
  });
}
