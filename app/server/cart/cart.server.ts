import type { Cart } from "~/lib/cart";
import type { Transaction } from "kysely";
import { colorId, sizeFromId, variantLabel } from "~/lib/variants";
import type { Database } from "#db/schema";
import { db, newId, now } from "~/server/database/db.server";
import { lockKey, lockRows } from "~/server/database/locks.server";
import { colourPhotoKey, colourPhotos } from "~/server/media/photos.server";
import {
  NOT_IN_CART,
  OUT_OF_STOCK,
  SELECT_COLOUR,
  SELECT_SIZE,
  VARIANT_UNAVAILABLE,
  VISITOR_CART_FULL,
  joinedUpTo,
  joinedUpToMax,
  lineHoldsAtMost,
  onlyCanAdd,
} from "~/lib/messages/cart";
import { PRODUCT_NOT_FOUND } from "~/lib/messages/catalog";
import { MAX_LINE_QUANTITY } from "~/lib/constants";

/**
 * Whose cart: an account's (its user id), or, in an open shop, a visitor's (the key of the cart
 * their cookie names: visitor-cart.server.ts).
 */
export type CartOwner = string | VisitorCart;
export type VisitorCart = { visitorKey: string };

/** The condition on carts that names `owner`'s cart. */
export function ownerColumn(owner: CartOwner): ["carts.user_id" | "carts.visitor_key", "=", string] {
  return typeof owner === "string" ? ["carts.user_id", "=", owner] : ["carts.visitor_key", "=", owner.visitorKey];
}

/** The key an owner's adds, changes and paid orders take turns on (database/locks.server.ts). */
/** The key of a cart's lock (locks.server.ts, scope "cart"): every change of the cart takes it. */
export const cartLockName = (owner: CartOwner) => (typeof owner === "string" ? owner : `visitor:${owner.visitorKey}`);

/** A visitor's cart holds at most this many lines (an account's is bounded by the stock alone). */
export const VISITOR_CART_MAX_LINES = 30;

/** The lines (variants) in the shopper's cart; their number is the header badge. */
export async function cartLineIds(owner: CartOwner): Promise<string[]> {
  const rows = await db
    .selectFrom("cart_items")
    .innerJoin("carts", "carts.id", "cart_items.cart_id")
    .select("cart_items.variant_id")
    .where(...ownerColumn(owner))
    .execute();
  return rows.map((r) => r.variant_id);
}

/** The shopper's cart with current product data (a deleted product or size has left it by cascade). */
export async function getCart(owner: CartOwner): Promise<Cart> {
  const cart = await db
    .selectFrom("carts")
    .select("id")
    .where(...ownerColumn(owner))
    .executeTakeFirst();
  if (!cart) return { id: null, items: [] };
  const rows = await db
    .selectFrom("cart_items")
    .innerJoin("products", "products.id", "cart_items.product_id")
    .innerJoin("product_variants as v", "v.id", "cart_items.variant_id")
    .select([
      "products.id",
      "products.image",
      "products.title",
      "products.price_cents",
      "products.sale_price_cents",
      "v.id as variant_id",
      "v.size",
      "v.color",
      "v.sku",
      "v.stock",
      "cart_items.quantity",
    ])
    .where("cart_items.cart_id", "=", cart.id)
    .orderBy("cart_items.created_at")
    .orderBy("cart_items.id")
    .execute();
  const photos = await colourPhotos(rows.filter((r) => r.color).map((r) => r.id));
  return {
    id: cart.id,
    items: rows.map((r) => ({
      productId: r.id,
      variantId: r.variant_id,
      size: r.size,
      color: r.color,
      sku: r.sku,
      // The photo of the colour chosen, when the owner linked one to it.
      image: (r.color && photos.get(colourPhotoKey(r.id, r.color))) || r.image,
      title: r.title,
      priceCents: r.price_cents,
      salePriceCents: r.sale_price_cents,
      quantity: r.quantity,
      stock: r.stock,
    })),
  };
}

export type CartChange =
  | { ok: true; quantity: number }
  | { ok: false; status: 400 | 404 | 409; message: string; fieldErrors?: Partial<Record<"size" | "color", string>> };

/** Which variant the shopper means: by id (/api), or by size and colour (the product dialog). */
export type VariantChoice = { variantId?: string; size?: string; color?: string };

async function ensureCart(trx: Transaction<Database>, owner: CartOwner): Promise<string> {
  const cart = await trx
    .selectFrom("carts")
    .select("id")
    .where(...ownerColumn(owner))
    .executeTakeFirst();
  if (cart) return cart.id;
  const id = newId();
  const whose = typeof owner === "string" ? { user_id: owner } : { visitor_key: owner.visitorKey };
  await trx
    .insertInto("carts")
    .values({ id, ...whose, created_at: now(), updated_at: now() })
    .execute();
  return id;
}

type Resolved = { ok: true; variant: { id: string; stock: number } } | Extract<CartChange, { ok: false }>;

/**
 * The variant of a product the shopper chose. A product with one variant needs no choice (so
 * older clients, which know nothing of sizes, keep working for those). Otherwise a size must be
 * chosen when there are several sizes, and a colour when there are several colours: "Please
 * select a size", "Please select a colour", both at once when both are missing.
 */
export async function resolveVariant(
  executor: Transaction<Database> | typeof db,
  productId: string,
  choice: VariantChoice,
): Promise<Resolved> {
  const variants = await executor
    .selectFrom("product_variants")
    .select(["id", "size", "color", "stock"])
    .where("product_id", "=", productId)
    .execute();
  if (!variants.length) return { ok: false, status: 404, message: PRODUCT_NOT_FOUND };
  if (choice.variantId) {
    const variant = variants.find((v) => v.id === choice.variantId);
    return variant ? { ok: true, variant } : { ok: false, status: 404, message: VARIANT_UNAVAILABLE };
  }
  if (variants.length === 1) return { ok: true, variant: variants[0]! };
  // A size may come as its name ("EU 42") or its URL form ("eu-42").
  const size = choice.size ? (variants.find((v) => v.size === choice.size)?.size ?? sizeFromId(choice.size)) : undefined;
  const color = choice.color ? colorId(choice.color) : undefined;
  const fieldErrors: Partial<Record<"size" | "color", string>> = {};
  if (!size && new Set(variants.map((v) => v.size)).size > 1) fieldErrors.size = SELECT_SIZE;
  if (!color && new Set(variants.map((v) => colorId(v.color))).size > 1) fieldErrors.color = SELECT_COLOUR;
  if (fieldErrors.size || fieldErrors.color) {
    return { ok: false, status: 400, message: (fieldErrors.size ?? fieldErrors.color)!, fieldErrors };
  }
  const matching = variants.filter((v) => (!size || v.size === size) && (!color || colorId(v.color) === color));
  if (matching.length !== 1) return { ok: false, status: 400, message: VARIANT_UNAVAILABLE, fieldErrors: { size: VARIANT_UNAVAILABLE } };
  return { ok: true, variant: matching[0]! };
}

function stockRefusal(stock: number): CartChange {
  return { ok: false, status: 409, message: stock <= 0 ? OUT_OF_STOCK : onlyCanAdd(stock) };
}

/**
 * Adds to a line of the cart (a variant). The line never holds more than that variant's stock,
 * nor more than MAX_LINE_QUANTITY (what one add may ask for, the schemas' 999): the check and the write happen in one transaction, holding the shopper's cart key.
 */
export async function addToCart(owner: CartOwner, productId: string, quantity: number, choice: VariantChoice = {}): Promise<CartChange> {
  return db.transaction().execute(async (trx): Promise<CartChange> => {
    // The shopper's cart, which may not exist yet: their adds, changes and paid orders take turns.
    await lockKey(trx, "cart", cartLockName(owner));
    const resolved = await resolveVariant(trx, productId, choice);
    if (!resolved.ok) return resolved;
    const { variant } = resolved;
    const cartId = await ensureCart(trx, owner);
    const item = await trx
      .selectFrom("cart_items")
      .select(["id", "quantity"])
      .where("cart_id", "=", cartId)
      .where("variant_id", "=", variant.id)
      .executeTakeFirst();
    const wanted = (item?.quantity ?? 0) + quantity;
    if (wanted > variant.stock) return stockRefusal(variant.stock);
    if (wanted > MAX_LINE_QUANTITY) {
      return { ok: false, status: 409, message: lineHoldsAtMost(MAX_LINE_QUANTITY, MAX_LINE_QUANTITY - (item?.quantity ?? 0)) };
    }
    if (!item && typeof owner !== "string") {
      const { lines } = await trx
        .selectFrom("cart_items")
        .select((eb) => eb.fn.countAll<number>().as("lines"))
        .where("cart_id", "=", cartId)
        .executeTakeFirstOrThrow();
      if (Number(lines) >= VISITOR_CART_MAX_LINES) return { ok: false, status: 409, message: VISITOR_CART_FULL };
    }
    if (item) {
      await trx.updateTable("cart_items").set({ quantity: wanted }).where("id", "=", item.id).execute();
    } else {
      await trx
        .insertInto("cart_items")
        .values({ id: newId(), cart_id: cartId, product_id: productId, variant_id: variant.id, quantity: wanted, created_at: now() })
        .execute();
    }
    await trx.updateTable("carts").set({ updated_at: now() }).where("id", "=", cartId).execute();
    return { ok: true, quantity: wanted };
  });
}

/**
 * Sets the quantity of a cart line: the line of `variantId`, or, without it, the product's only
 * line (an older client, a product without sizes). Never above that variant's stock.
 */
export async function updateCartQuantity(owner: CartOwner, productId: string, quantity: number, variantId?: string): Promise<CartChange> {
  return db.transaction().execute(async (trx): Promise<CartChange> => {
    await lockKey(trx, "cart", cartLockName(owner));
    let lines = trx
      .selectFrom("cart_items")
      .innerJoin("carts", "carts.id", "cart_items.cart_id")
      .innerJoin("product_variants as v", "v.id", "cart_items.variant_id")
      .select(["cart_items.id", "cart_items.cart_id", "v.stock"])
      .where(...ownerColumn(owner))
      .where("cart_items.product_id", "=", productId);
    if (variantId) lines = lines.where("cart_items.variant_id", "=", variantId);
    const found = await lines.execute();
    if (!found.length) {
      const exists = await trx.selectFrom("products").select("id").where("id", "=", productId).executeTakeFirst();
      return { ok: false, status: 404, message: exists ? NOT_IN_CART : PRODUCT_NOT_FOUND };
    }
    if (found.length > 1) return { ok: false, status: 400, message: SELECT_SIZE, fieldErrors: { size: SELECT_SIZE } };
    const line = found[0]!;
    if (quantity > line.stock) return stockRefusal(line.stock);
    await trx.updateTable("cart_items").set({ quantity }).where("id", "=", line.id).execute();
    await trx.updateTable("carts").set({ updated_at: now() }).where("id", "=", line.cart_id).execute();
    return { ok: true, quantity };
  });
}

/** Removes the line of `variantId`, or, without it (the legacy DELETE), every line of the product. */
export async function removeFromCart(owner: CartOwner, productId: string, variantId?: string): Promise<boolean> {
  let query = db
    .deleteFrom("cart_items")
    .where("product_id", "=", productId)
    .where("cart_id", "in", (eb) =>
      eb
        .selectFrom("carts")
        .select("id")
        .where(...ownerColumn(owner)),
    );
  if (variantId) query = query.where("variant_id", "=", variantId);
  const result = await query.executeTakeFirst();
  const removed = Number(result.numDeletedRows) > 0;
  // A change of the cart, as adds are: a cart reminder counts its hours from the last one (issue 51).
  if (removed) {
    await db
      .updateTable("carts")
      .set({ updated_at: now() })
      .where(...ownerColumn(owner))
      .execute();
  }
  return removed;
}

/** What joining a visitor's cart did: how many lines it held, and a notice for each it could not fill. */
export type CartJoin = { lines: number; notices: string[] };

/**
 * Moves the visitor's cart `visitorKey` into the account's cart, exactly once: the visitor's cart
 * row is locked and deleted in the same transaction that adds its lines, so a sign-in sent twice,
 * or on two processes at once, finds it gone the second time (null). Quantities of a variant in
 * both carts add up, never beyond its stock nor MAX_LINE_QUANTITY (each line capped says so). A
 * visitor's cart unused for `idleBefore` or longer is thrown away instead.
 */
export async function joinVisitorCart(visitorKey: string, userId: string, idleBefore: string): Promise<CartJoin | null> {
  return db.transaction().execute(async (trx): Promise<CartJoin | null> => {
    await lockKey(trx, "cart", cartLockName(userId));
    const visitorCart = await lockRows(
      trx,
      trx.selectFrom("carts").select(["id", "updated_at"]).where("visitor_key", "=", visitorKey),
    ).executeTakeFirst();
    if (!visitorCart) return null;
    const lines = await trx
      .selectFrom("cart_items")
      .innerJoin("products", "products.id", "cart_items.product_id")
      .innerJoin("product_variants as v", "v.id", "cart_items.variant_id")
      .select(["cart_items.product_id", "cart_items.variant_id", "cart_items.quantity", "products.title", "v.size", "v.color", "v.stock"])
      .where("cart_items.cart_id", "=", visitorCart.id)
      .orderBy("cart_items.created_at")
      .orderBy("cart_items.id")
      .execute();
    // Whoever deletes the row joins it; a sign-in that finds it gone adds nothing.
    const deleted = await trx.deleteFrom("carts").where("id", "=", visitorCart.id).executeTakeFirst();
    if (!Number(deleted.numDeletedRows)) return null;
    if (visitorCart.updated_at < idleBefore || !lines.length) return { lines: 0, notices: [] };
    const cartId = await ensureCart(trx, userId);
    const notices: string[] = [];
    for (const line of lines) {
      const held = await trx
        .selectFrom("cart_items")
        .select(["id", "quantity"])
        .where("cart_id", "=", cartId)
        .where("variant_id", "=", line.variant_id)
        .executeTakeFirst();
      const wanted = (held?.quantity ?? 0) + line.quantity;
      // As an add would: never beyond the stock, nor beyond the most a line holds.
      const quantity = Math.min(wanted, line.stock, MAX_LINE_QUANTITY);
      const variant = variantLabel(line.size, line.color);
      if (quantity < wanted) {
        notices.push(quantity === line.stock ? joinedUpTo(line.title, variant, line.stock) : joinedUpToMax(line.title, variant, quantity));
      }
      if (held && quantity > 0) {
        await trx.updateTable("cart_items").set({ quantity }).where("id", "=", held.id).execute();
      } else if (held) {
        await trx.deleteFrom("cart_items").where("id", "=", held.id).execute();
      } else if (quantity > 0) {
        await trx
          .insertInto("cart_items")
          .values({ id: newId(), cart_id: cartId, product_id: line.product_id, variant_id: line.variant_id, quantity, created_at: now() })
          .execute();
      }
    }
    await trx.updateTable("carts").set({ updated_at: now() }).where("id", "=", cartId).execute();
    return { lines: lines.length, notices };
  });
}

/** Visitors' carts unused since `idleBefore`: deleted (their lines with them), a batch at a time. */
export async function sweepVisitorCarts(idleBefore: string, batch = 500): Promise<number> {
  const result = await db
    .deleteFrom("carts")
    .where("id", "in", (eb) =>
      eb.selectFrom("carts").select("id").where("visitor_key", "is not", null).where("updated_at", "<", idleBefore).limit(batch),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
