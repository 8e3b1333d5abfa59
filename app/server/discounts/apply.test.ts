import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/lib/access";
import { CART_EMPTY } from "~/lib/messages/checkout";
import {
  DISCOUNT_ALREADY_USED,
  DISCOUNT_EXPIRED,
  DISCOUNT_NOT_FOR_THESE_ITEMS,
  DISCOUNT_NOT_STARTED,
  DISCOUNT_REMOVED,
  DISCOUNT_UNKNOWN,
  DISCOUNT_USED_UP,
  discountApplied,
  discountMinimumNotReached,
  tooManyCodes,
} from "~/lib/messages/discounts-shopper";
import { DiscountSchema } from "~/lib/schemas/discounts";
import { registerUser } from "~/server/accounts/users.server";
import { createDiscount, setDiscountActive } from "./codes.server";
import { productWith } from "#tests/support/catalog";
import { insertOrder } from "#tests/support/orders";
import { db, newId, now } from "~/server/database/db.server";
import { addToCart, getCart, type VisitorCart } from "~/server/cart/cart.server";
import { applyDiscountCode, cartCode, removeDiscountCode } from "./apply.server";
import { cartCosts } from "~/server/checkout/costs.server";
import { CategorySchema } from "~/lib/schemas/catalogue";
import { saveCategory } from "~/server/catalog/catalogue.server";

// The shopper's discount code on their cart (both engines): each refusal in plain words, the code
// kept once it applies, and what it takes off the cart. Checkout's holds are in
// discounts/uses.test.ts.

let codes = 0;
/** A new code (its name unique to the test file) with these settings; returns its name and id. */
async function newCode(input: Record<string, unknown> = {}) {
  const parsed = DiscountSchema.parse({ code: `CART${++codes}`, type: "percent", value: 10, ...input });
  const result = await createDiscount(parsed);
  if (!result.ok) throw new Error(result.message);
  return result.discount;
}

let shoppers = 0;
async function shopper(): Promise<SessionUser> {
  const r = await registerUser({ userName: `cart code ${++shoppers}`, email: `cartcode${shoppers}@example.com`, password: "password123" });
  if (!r.ok) throw new Error(r.message);
  return r.user;
}

/** A use of a code by an order of `userId` (written straight to the tables, as checkout would). */
async function useOf(
  discountId: string,
  userId: string,
  status: "held" | "used",
  order: { paymentStatus: "paid" | "pending"; reserved?: boolean },
) {
  const orderId = await insertOrder(userId, [{ title: "Earlier", quantity: 1, unitPriceCents: 1000 }], {
    paymentStatus: order.paymentStatus,
    stock_reserved: order.reserved ? 1 : 0,
  });
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("discounts")
      .set({ taken: sql`taken + 1` })
      .where("id", "=", discountId)
      .execute();
    await trx
      .insertInto("discount_uses")
      .values({
        id: newId(),
        discount_id: discountId,
        order_id: orderId,
        user_id: userId,
        status,
        amount_cents: 100,
        created_at: now(),
        updated_at: now(),
      })
      .execute();
  });
  return orderId;
}

let men: { id: string };
let kids: { id: string };
beforeAll(async () => {
  // $20.00 for men (Nike) and $12.50 on sale for kids (Puma).
  men = await productWith([{ size: "One size", stock: 50 }], { category: "men", brand: "nike", price: 20 });
  kids = await productWith([{ size: "One size", stock: 50 }], { category: "kids", brand: "puma", price: 15, salePrice: 12.5 });
});

describe("applying a code to the cart", () => {
  it("keeps a code that applies, in capitals whatever was typed, and shows what it takes off", async () => {
    const user = await shopper();
    const code = await newCode({ value: 15 });
    await addToCart(user.id, men.id, 2);
    await addToCart(user.id, kids.id, 1);
    expect(await applyDiscountCode(user.id, ` ${code.code.toLowerCase()} `, `client-${user.id}`)).toEqual({
      ok: true,
      message: discountApplied(code.code),
    });
    // 15% of $52.50 is $7.875, rounded half up to $7.88.
    expect(await cartCosts(user.id, await getCart(user.id), null)).toMatchObject({
      subtotalCents: 5250,
      discount: { code: code.code, cents: 788, refusal: null },
      totalCents: 4462,
    });
    // Another code replaces it; removing leaves none (and removing again is no error).
    const other = await newCode({ type: "fixed", value: 5 });
    expect((await applyDiscountCode(user.id, other.code, `client-${user.id}`)).ok).toBe(true);
    expect((await cartCosts(user.id, await getCart(user.id), null)).discount).toEqual({ code: other.code, cents: 500, refusal: null });
    expect(await removeDiscountCode(user.id)).toEqual({ ok: true, message: DISCOUNT_REMOVED });
    expect(await removeDiscountCode(user.id)).toEqual({ ok: true, message: DISCOUNT_REMOVED });
    expect(await cartCosts(user.id, await getCart(user.id), null)).toMatchObject({ subtotalCents: 5250, discount: null, totalCents: 5250 });
  });

  it("for a top category, covers its subcategories' products (the owner's catalogue, issue 49)", async () => {
    const made = await saveCategory(null, CategorySchema.parse({ name: "Dresses", parentId: "women" }));
    if (!made.ok) throw new Error(made.message);
    const dress = await productWith([{ size: "One size", stock: 5 }], { category: made.value.id, brand: "zara", price: 40 });
    const user = await shopper();
    await addToCart(user.id, dress.id, 1);
    const forWomen = await newCode({ value: 10, categories: ["women"] });
    expect(await applyDiscountCode(user.id, forWomen.code, `client-${user.id}`)).toMatchObject({ ok: true });
    expect((await cartCosts(user.id, await getCart(user.id), null)).discount).toEqual({ code: forWomen.code, cents: 400, refusal: null });
    // A code for the men's side does not.
    const forMen = await newCode({ value: 10, categories: ["men"] });
    expect(await applyDiscountCode(user.id, forMen.code, `client-${user.id}`)).toMatchObject({ ok: false });
  });

  it("refuses an empty cart", async () => {
    const user = await shopper();
    const code = await newCode();
    expect(await applyDiscountCode(user.id, code.code, `client-${user.id}`)).toEqual({ ok: false, status: 400, message: CART_EMPTY });
  });

  it("refuses each code that cannot be used, saying why, and keeps the cart without it", async () => {
    const user = await shopper();
    await addToCart(user.id, men.id, 1);
    const refused = async (code: string, status: number, message: string) => {
      expect(await applyDiscountCode(user.id, code, `client-${user.id}`)).toEqual({ ok: false, status, message });
      expect((await cartCosts(user.id, await getCart(user.id), null)).discount).toBeNull();
    };
    const hour = 3_600_000;
    await refused("NOSUCHCODE", 404, DISCOUNT_UNKNOWN);
    await refused("not a code!", 404, DISCOUNT_UNKNOWN);
    const disabled = await newCode();
    await setDiscountActive(disabled.id, false);
    await refused(disabled.code, 404, DISCOUNT_UNKNOWN);
    await refused((await newCode({ startsAt: new Date(Date.now() + hour).toISOString() })).code, 409, DISCOUNT_NOT_STARTED);
    await refused(
      (await newCode({ startsAt: new Date(Date.now() - 2 * hour).toISOString(), endsAt: new Date(Date.now() - hour).toISOString() })).code,
      409,
      DISCOUNT_EXPIRED,
    );
    // $20.00 in the cart, $25.00 wanted.
    await refused((await newCode({ minSubtotal: 25 })).code, 409, discountMinimumNotReached("$5.00"));
    await refused((await newCode({ categories: ["kids"] })).code, 409, DISCOUNT_NOT_FOR_THESE_ITEMS);
    await refused((await newCode({ brands: ["puma", "adidas"] })).code, 409, DISCOUNT_NOT_FOR_THESE_ITEMS);

    // A minute later (eight refusals so far; the eleventh in a minute would be refused as a guess).
    await db.deleteFrom("rate_limits").where("key", "like", "discount:%").execute();
    // Used up: the last use paid by someone else, or held by their payment under way.
    const other = await shopper();
    const paidOut = await newCode({ usageLimit: 1 });
    await useOf(paidOut.id, other.id, "used", { paymentStatus: "paid" });
    await refused(paidOut.code, 409, DISCOUNT_USED_UP);
    const heldOut = await newCode({ usageLimit: 1 });
    await useOf(heldOut.id, other.id, "held", { paymentStatus: "pending", reserved: true });
    await refused(heldOut.code, 409, DISCOUNT_USED_UP);

    // Once per customer: this shopper paid an order with it already; another shopper may still use it.
    const once = await newCode({ oncePerCustomer: true, usageLimit: 5 });
    await useOf(once.id, user.id, "used", { paymentStatus: "paid" });
    await refused(once.code, 409, DISCOUNT_ALREADY_USED);
    await addToCart(other.id, men.id, 1);
    expect((await applyDiscountCode(other.id, once.code, `client-${other.id}`)).ok).toBe(true);
  });

  it("does not count the shopper's own unpaid attempt against them: checking out again gives it back", async () => {
    const user = await shopper();
    await addToCart(user.id, men.id, 1);
    const last = await newCode({ usageLimit: 1, oncePerCustomer: true });
    // An attempt of theirs at PayPal holds the code's only use; a new checkout would cancel it.
    const attempt = await useOf(last.id, user.id, "held", { paymentStatus: "pending" });
    expect((await applyDiscountCode(user.id, last.code, `client-${user.id}`)).ok).toBe(true);
    expect((await cartCosts(user.id, await getCart(user.id), null)).discount).toEqual({ code: last.code, cents: 200, refusal: null });
    // Once its payment is under way (the stock taken for the capture), it counts.
    await db.updateTable("orders").set({ stock_reserved: 1 }).where("id", "=", attempt).execute();
    expect((await cartCosts(user.id, await getCart(user.id), null)).discount).toEqual({
      code: last.code,
      cents: 0,
      refusal: DISCOUNT_USED_UP,
    });
  });

  it("shows why a code kept on the cart no longer applies, and takes nothing off", async () => {
    const user = await shopper();
    await addToCart(user.id, men.id, 2);
    const code = await newCode({ minSubtotal: 30 });
    expect((await applyDiscountCode(user.id, code.code, `client-${user.id}`)).ok).toBe(true);
    await db
      .deleteFrom("cart_items")
      .where("product_id", "=", men.id)
      .where("cart_id", "in", (eb) => eb.selectFrom("carts").select("id").where("user_id", "=", user.id))
      .execute();
    await addToCart(user.id, men.id, 1);
    expect(await cartCosts(user.id, await getCart(user.id), null)).toMatchObject({
      subtotalCents: 2000,
      discount: { code: code.code, cents: 0, refusal: discountMinimumNotReached("$10.00") },
      totalCents: 2000,
    });
    await setDiscountActive(code.id, false);
    expect((await cartCosts(user.id, await getCart(user.id), null)).discount).toMatchObject({ refusal: DISCOUNT_UNKNOWN, cents: 0 });
  });

  it("cannot be guessed: after 10 refused codes a minute from a shopper or an address, every code is refused with 429, the right one too", async () => {
    const guesser = await shopper();
    await addToCart(guesser.id, men.id, 1);
    const secret = await newCode();
    const address = "203.0.113.77";
    // Codes that apply do not count: a shopper trying their codes is never stopped by them.
    for (let i = 0; i < 12; i++) expect((await applyDiscountCode(guesser.id, secret.code, address)).ok).toBe(true);
    for (let i = 0; i < 10; i++) {
      expect(await applyDiscountCode(guesser.id, `GUESS${i}`, address)).toEqual({ ok: false, status: 404, message: DISCOUNT_UNKNOWN });
    }
    const limited = await applyDiscountCode(guesser.id, secret.code, address);
    expect(limited).toMatchObject({ ok: false, status: 429 });
    const seconds = Number((limited as { headers: Record<string, string> }).headers["Retry-After"]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect((limited as { message: string }).message).toBe(tooManyCodes(seconds));
    // From another address the shopper is still stopped; another shopper from the address too.
    expect(await applyDiscountCode(guesser.id, secret.code, "198.51.100.77")).toMatchObject({ ok: false, status: 429 });
    const accomplice = await shopper();
    await addToCart(accomplice.id, men.id, 1);
    expect(await applyDiscountCode(accomplice.id, secret.code, address)).toMatchObject({ ok: false, status: 429 });
    // Someone else, elsewhere, is not.
    const stranger = await shopper();
    await addToCart(stranger.id, men.id, 1);
    expect((await applyDiscountCode(stranger.id, secret.code, "192.0.2.77")).ok).toBe(true);
    // Once the minute is over, the shopper may try again.
    await db
      .updateTable("rate_limits")
      .set({ reset_at: Date.now() - 1 })
      .where("key", "like", "discount:%")
      .execute();
    expect((await applyDiscountCode(guesser.id, secret.code, address)).ok).toBe(true);
  });
});

describe("a visitor's code (guest checkout, issue 51)", () => {
  const visitor = (): VisitorCart => ({ visitorKey: randomBytes(32).toString("hex") });

  it("is applied to and removed from the visitor's cart, and its costs show what it takes off", async () => {
    const cart = visitor();
    const code = await newCode({ value: 10 });
    expect(await applyDiscountCode(cart, code.code, "192.0.2.51")).toEqual({ ok: false, status: 400, message: CART_EMPTY });
    await addToCart(cart, men.id, 1);
    expect(await applyDiscountCode(cart, code.code.toLowerCase(), "192.0.2.51")).toEqual({ ok: true, message: discountApplied(code.code) });
    expect(await cartCode(cart)).toBe(code.code);
    expect(await cartCosts(cart, await getCart(cart), "US")).toMatchObject({
      subtotalCents: 2000,
      discount: { code: code.code, cents: 200, refusal: null },
      totalCents: 1800,
    });
    // Only this visitor's cart: an account's and another visitor's have none.
    const other = visitor();
    await addToCart(other, men.id, 1);
    expect(await cartCode(other)).toBeNull();
    expect(await removeDiscountCode(cart)).toEqual({ ok: true, message: DISCOUNT_REMOVED });
    expect(await cartCosts(cart, await getCart(cart), "US")).toMatchObject({ discount: null, totalCents: 2000 });
  });

  it("counts as used by them the uses of their cart's guest while that guest has paid nothing", async () => {
    const once = await newCode({ oncePerCustomer: true, usageLimit: 5 });
    const cart = visitor();
    await addToCart(cart, men.id, 1);
    // A guest's record for the cart (as startGuestCheckout makes it), whose payment is under way with the code.
    const guest = await shopper();
    await db.updateTable("carts").set({ guest_id: guest.id }).where("visitor_key", "=", cart.visitorKey).execute();
    const order = await useOf(once.id, guest.id, "held", { paymentStatus: "pending", reserved: true });
    expect(await applyDiscountCode(cart, once.code, "192.0.2.52")).toEqual({ ok: false, status: 409, message: DISCOUNT_ALREADY_USED });
    // Once that guest has paid, the next checkout from this cart is a new guest's: the code applies
    // (checkout checks it again with the e-mail given).
    await db.updateTable("orders").set({ payment_status: "paid" }).where("id", "=", order).execute();
    expect((await applyDiscountCode(cart, once.code, "192.0.2.52")).ok).toBe(true);
    expect((await cartCosts(cart, await getCart(cart), "US")).discount).toEqual({ code: once.code, cents: 200, refusal: null });
  });

  it("limits refused codes per visitor's cart, whatever the client address", async () => {
    const cart = visitor();
    await addToCart(cart, men.id, 1);
    const secret = await newCode();
    for (let i = 0; i < 10; i++) {
      expect(await applyDiscountCode(cart, `VGUESS${i}`, `198.51.100.${i}`)).toEqual({ ok: false, status: 404, message: DISCOUNT_UNKNOWN });
    }
    expect(await applyDiscountCode(cart, secret.code, "198.51.100.99")).toMatchObject({ ok: false, status: 429 });
    // Another visitor (elsewhere) is not stopped.
    const other = visitor();
    await addToCart(other, men.id, 1);
    expect((await applyDiscountCode(other, secret.code, "198.51.100.98")).ok).toBe(true);
  });
});
