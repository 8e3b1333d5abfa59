import { cartLockName, ownerColumn, type CartOwner } from "~/server/cart/cart.server";
import type { DiscountLine } from "~/lib/discounts/arithmetic";
import { CART_EMPTY } from "~/lib/messages/checkout";
import { DISCOUNT_REMOVED, DISCOUNT_UNKNOWN, discountApplied, tooManyCodes } from "~/lib/messages/discounts-shopper";
import { unitPriceCents } from "~/lib/money";
import { checkCode } from "./uses.server";
import { db, now, type DB } from "~/server/database/db.server";
import { config } from "~/server/platform/config.server";
import { lockKey } from "~/server/database/locks.server";
import { giveBack, takeAttempt } from "~/server/platform/rate-limit.server";

// The one discount code a shopper applies to their cart (issue 33), or a visitor to theirs before a
// guest checkout (issue 51): applying and removing it, and whether it applies to the cart (what it
// takes off: checkout/costs.server.ts). The same functions serve the checkout page and /api;
// checkout checks the code again and holds a use of it (checkout/start.server.ts).

export type DiscountChange =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 404 | 409; message: string }
  | { ok: false; status: 429; message: string; headers: Record<string, string> };

/** A line at its unit price now (the sale price when there is one). */
type PricedLine = { productId: string; unitCents: number; quantity: number };

/** Lines as the discount rules see them: each line's total, with its product's category and brand. */
export async function discountLinesOf(executor: DB, lines: PricedLine[]): Promise<DiscountLine[]> {
  const ids = [...new Set(lines.map((l) => l.productId))];
  const products = ids.length
    ? await executor
        .selectFrom("products")
        .innerJoin("categories", "categories.id", "products.category")
        .select(["products.id", "products.category", "products.brand", "categories.parent_id"])
        .where("products.id", "in", ids)
        .execute()
    : [];
  const byId = new Map(products.map((p) => [p.id, p]));
  // Read through `executor` (not the catalogue's snapshot): inside a transaction on SQLite, a read
  // on another connection would wait for this one.
  return lines.map((l) => ({
    totalCents: l.unitCents * l.quantity,
    category: byId.get(l.productId)?.category ?? "",
    topCategory: byId.get(l.productId)?.parent_id ?? null,
    brand: byId.get(l.productId)?.brand ?? "",
  }));
}

/** A refusal's status: a code that does not exist is not found; one that exists but cannot be used now is a conflict. */
export const refusalStatus = (message: string): 404 | 409 => (message === DISCOUNT_UNKNOWN ? 404 : 409);

/** The code on the cart of `owner` (an account's id, or a visitor's cart), if any. */
export async function cartCode(owner: CartOwner): Promise<string | null> {
  const cart = await db
    .selectFrom("carts")
    .select("discount_code")
    .where(...ownerColumn(owner))
    .executeTakeFirst();
  return cart?.discount_code ?? null;
}

/**
 * Whose uses of a code count as "used by you" before checkout: an account's own; for a visitor,
 * the guest's record their cart has while that guest has paid nothing (their next checkout is that
 * record's), else nobody (""): the next checkout makes a new guest. Checkout checks again with the
 * e-mail given (every order placed with it counts), which is what binds.
 */
export async function codeUserOf(executor: DB, owner: CartOwner): Promise<string> {
  if (typeof owner === "string") return owner;
  const cart = await executor
    .selectFrom("carts")
    .select("guest_id")
    .where("visitor_key", "=", owner.visitorKey)
    .where("guest_id", "is not", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("orders")
            .select("orders.id")
            .whereRef("orders.user_id", "=", "carts.guest_id")
            .where("orders.payment_status", "=", "paid"),
        ),
      ),
    )
    .executeTakeFirst();
  return cart?.guest_id ?? "";
}

/** The rate limit's key for who tries codes: an account, or a visitor's cart. */
const attemptKey = (owner: CartOwner) => (typeof owner === "string" ? `discount:user:${owner}` : `discount:visitor:${owner.visitorKey}`);

/**
 * Applies a code to the cart of `owner` (an account's id, or a visitor's cart), replacing any
 * other: refused, with the reason in plain words, unless it gives this cart a discount now. Codes
 * cannot be guessed: after DISCOUNT_ATTEMPTS_PER_MINUTE refused codes a minute from one cart owner
 * or one client address, every code is refused with 429 until the minute is over (the right one
 * too), in every process.
 */
export async function applyDiscountCode(owner: CartOwner, code: string, clientAddress: string): Promise<DiscountChange> {
  const keys = [attemptKey(owner), `discount:ip:${clientAddress}`];
  const limited = await takeAttempt(keys, config.discountAttemptsPerMinute, 60_000);
  if (limited) return { ok: false, status: 429, message: tooManyCodes(limited.retryAfterSeconds), headers: limited.headers };
  const result = await applyToCart(owner, code);
  // Only a code looked up and refused counts (an empty cart tells nothing about codes).
  if (result.ok || result.status === 400) await giveBack(keys);
  return result;
}

/** The code checked against the cart and put on it, under the cart's key as its other changes are. */
async function applyToCart(owner: CartOwner, code: string): Promise<DiscountChange> {
  return db.transaction().execute(async (trx): Promise<DiscountChange> => {
    await lockKey(trx, "cart", cartLockName(owner));
    const cart = await trx
      .selectFrom("carts")
      .select("id")
      .where(...ownerColumn(owner))
      .executeTakeFirst();
    const items = cart
      ? await trx
          .selectFrom("cart_items")
          .innerJoin("products", "products.id", "cart_items.product_id")
          .select(["products.id as productId", "products.price_cents", "products.sale_price_cents", "cart_items.quantity"])
          .where("cart_items.cart_id", "=", cart.id)
          .execute()
      : [];
    if (!cart || !items.length) return { ok: false, status: 400, message: CART_EMPTY };
    const lines = await discountLinesOf(
      trx,
      items.map((i) => ({ productId: i.productId, unitCents: unitPriceCents(i.price_cents, i.sale_price_cents), quantity: i.quantity })),
    );
    const { discount, refusal } = await checkCode(trx, await codeUserOf(trx, owner), code, lines);
    if (refusal || !discount) {
      const message = refusal ?? DISCOUNT_UNKNOWN;
      return { ok: false, status: refusalStatus(message), message };
    }
    await trx.updateTable("carts").set({ discount_code: discount.code, updated_at: now() }).where("id", "=", cart.id).execute();
    return { ok: true, message: discountApplied(discount.code) };
  });
}

/** Takes the code off the cart of `owner` (nothing to do when there is none). */
export async function removeDiscountCode(owner: CartOwner): Promise<DiscountChange> {
  await db
    .updateTable("carts")
    .set({ discount_code: null, updated_at: now() })
    .where(...ownerColumn(owner))
    .execute();
  return { ok: true, message: DISCOUNT_REMOVED };
}
