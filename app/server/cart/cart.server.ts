import type { Cart } from "~/lib/cart";
import type { Transaction } from "kysely";
import type { Database } from "../../../db/schema";
import { db, newId, now } from "../platform/db.server";
import { NOT_IN_CART, OUT_OF_STOCK, onlyCanAdd } from "~/lib/messages/cart";

/** The distinct products in the shopper's cart; their number is the header badge. */
export async function cartProductIds(userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("cart_items")
    .innerJoin("carts", "carts.id", "cart_items.cart_id")
    .select("cart_items.product_id")
    .where("carts.user_id", "=", userId)
    .execute();
  return rows.map((r) => r.product_id);
}

/** The shopper's cart with current product data (a deleted product has left it by cascade). */
export async function getCart(userId: string): Promise<Cart> {
  const cart = await db.selectFrom("carts").select("id").where("user_id", "=", userId).executeTakeFirst();
  if (!cart) return { id: null, items: [] };
  const rows = await db
    .selectFrom("cart_items")
    .innerJoin("products", "products.id", "cart_items.product_id")
    .select([
      "products.id",
      "products.image",
      "products.title",
      "products.price_cents",
      "products.sale_price_cents",
      "products.stock",
      "cart_items.quantity",
    ])
    .where("cart_items.cart_id", "=", cart.id)
    .orderBy("cart_items.created_at")
    .orderBy("cart_items.id")
    .execute();
  return {
    id: cart.id,
    items: rows.map((r) => ({
      productId: r.id,
      image: r.image,
      title: r.title,
      priceCents: r.price_cents,
      salePriceCents: r.sale_price_cents,
      quantity: r.quantity,
      stock: r.stock,
    })),
  };
}

export type CartChange = { ok: true; quantity: number } | { ok: false; status: 404 | 409; message: string };

async function ensureCart(trx: Transaction<Database>, userId: string): Promise<string> {
  const cart = await trx.selectFrom("carts").select("id").where("user_id", "=", userId).executeTakeFirst();
  if (cart) return cart.id;
  const id = newId();
  await trx.insertInto("carts").values({ id, user_id: userId, created_at: now(), updated_at: now() }).execute();
  return id;
}

/**
 * Sets the quantity of a product in the shopper's cart (`mode: "add"` adds to what is there). The
 * cart never holds more than the stock: the check and the write happen in one transaction.
 */
async function changeQuantity(userId: string, productId: string, quantity: number, mode: "add" | "set"): Promise<CartChange> {
  return db.transaction().execute(async (trx) => {
    const product = await trx.selectFrom("products").select(["id", "stock"]).where("id", "=", productId).executeTakeFirst();
    if (!product) return { ok: false, status: 404, message: "Product not found" } as const;
    const cartId = await ensureCart(trx, userId);
    const item = await trx
      .selectFrom("cart_items")
      .select(["id", "quantity"])
      .where("cart_id", "=", cartId)
      .where("product_id", "=", productId)
      .executeTakeFirst();
    if (mode === "set" && !item) return { ok: false, status: 404, message: NOT_IN_CART } as const;
    const wanted = mode === "add" ? (item?.quantity ?? 0) + quantity : quantity;
    if (wanted > product.stock) {
      return { ok: false, status: 409, message: product.stock <= 0 ? OUT_OF_STOCK : onlyCanAdd(product.stock) } as const;
    }
    if (item) {
      await trx.updateTable("cart_items").set({ quantity: wanted }).where("id", "=", item.id).execute();
    } else {
      await trx
        .insertInto("cart_items")
        .values({ id: newId(), cart_id: cartId, product_id: productId, quantity: wanted, created_at: now() })
        .execute();
    }
    await trx.updateTable("carts").set({ updated_at: now() }).where("id", "=", cartId).execute();
    return { ok: true, quantity: wanted } as const;
  });
}

export function addToCart(userId: string, productId: string, quantity: number): Promise<CartChange> {
  return changeQuantity(userId, productId, quantity, "add");
}

export function updateCartQuantity(userId: string, productId: string, quantity: number): Promise<CartChange> {
  return changeQuantity(userId, productId, quantity, "set");
}

export async function removeFromCart(userId: string, productId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("cart_items")
    .where("product_id", "=", productId)
    .where("cart_id", "in", (eb) => eb.selectFrom("carts").select("id").where("user_id", "=", userId))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
