import { db } from "./db.server";

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
