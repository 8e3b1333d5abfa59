import type { Transaction } from "kysely";
import { handleFrom, numberedHandle } from "#db/handles";
import type { Database } from "#db/schema";
import { db, now } from "~/server/database/db.server";
import { lockKey } from "~/server/database/locks.server";

// A product's address, /shop/products/:handle (issue 40). The handle is made from the title when
// the product is created ("Linen Shirt" → linen-shirt, then linen-shirt-2...), kept when the title
// changes (links people shared keep working), and changed only by the owner; a handle it had before
// stays in product_handles, so its old links answer 301 to the new one.

type Executor = Transaction<Database>;

/** Who holds `handle` now, as a current handle or an old one: that product's id, or null. */
export async function holderOf(trx: Executor | typeof db, handle: string): Promise<string | null> {
  const current = await trx.selectFrom("products").select("id").where("handle", "=", handle).executeTakeFirst();
  if (current) return current.id;
  const old = await trx.selectFrom("product_handles").select("product_id").where("handle", "=", handle).executeTakeFirst();
  return old?.product_id ?? null;
}

/** Handles are given out one at a time (a product created on another process meanwhile is seen). */
async function lockHandles(trx: Executor): Promise<void> {
  await lockKey(trx, "product-handles", "all");
}

/** The first free handle made from `title` for a new product. */
export async function newHandle(trx: Executor, title: string): Promise<string> {
  await lockHandles(trx);
  const base = handleFrom(title);
  let handle = base;
  for (let n = 2; (await holderOf(trx, handle)) !== null; n++) handle = numberedHandle(base, n);
  return handle;
}

/**
 * Whether no product holds `handle`, now or before, and it is a handle at all: taken at once by a
 * new product that wants it (handles are given out one at a time, so it stays free until commit).
 */
export async function isHandleFree(trx: Executor, handle: string): Promise<boolean> {
  if (handleFrom(handle) !== handle) return false;
  await lockHandles(trx);
  return (await holderOf(trx, handle)) === null;
}

export type HandleChange = { ok: true } | { ok: false; message: string };

/**
 * The owner gives product `productId` the handle `wanted`: refused when another product has it
 * (now or before); otherwise the current one becomes an old handle that redirects here.
 */
export async function changeHandle(trx: Executor, productId: string, wanted: string): Promise<HandleChange> {
  await lockHandles(trx);
  const current = await trx.selectFrom("products").select("handle").where("id", "=", productId).executeTakeFirst();
  if (!current || current.handle === wanted) return { ok: true };
  const holder = await holderOf(trx, wanted);
  if (holder !== null && holder !== productId) {
    const other = await trx.selectFrom("products").select("title").where("id", "=", holder).executeTakeFirst();
    return { ok: false, message: `This web address is already used by "${other?.title ?? "another product"}"` };
  }
  // Taking back one of its own old handles: it is current again, no longer a redirect.
  await trx.deleteFrom("product_handles").where("handle", "=", wanted).execute();
  await trx.insertInto("product_handles").values({ handle: current.handle, product_id: productId, created_at: now() }).execute();
  await trx.updateTable("products").set({ handle: wanted }).where("id", "=", productId).execute();
  return { ok: true };
}

/** What a handle in an address names: a product (its id), a product that moved (its handle now), or nothing. */
export type HandleLookup = { productId: string } | { movedTo: string } | null;

export async function lookUpHandle(handle: string): Promise<HandleLookup> {
  const current = await db.selectFrom("products").select("id").where("handle", "=", handle).executeTakeFirst();
  if (current) return { productId: current.id };
  const moved = await db
    .selectFrom("product_handles")
    .innerJoin("products", "products.id", "product_handles.product_id")
    .select("products.handle")
    .where("product_handles.handle", "=", handle)
    .executeTakeFirst();
  return moved ? { movedTo: moved.handle } : null;
}
