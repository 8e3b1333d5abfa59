import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/lib/access";
import { AddressSchema } from "~/lib/schemas/addresses";
import { AddToCartSchema, UpdateCartSchema } from "~/lib/schemas/cart";
import { ReviewSchema } from "~/lib/schemas/reviews";
import { addAddress, deleteAddress, listAddresses, updateAddress } from "~/server/accounts/addresses.server";
import { addToCart, getCart, removeFromCart, updateCartQuantity } from "~/server/cart/cart.server";
import { db, newId, now } from "~/server/database/db.server";
import { addReview } from "~/server/catalog/reviews.server";
import { seedDemoCatalog } from "~/server/demo/seed.server";
import { productWith } from "#tests/support/catalog";
import { OUT_OF_STOCK, onlyCanAdd } from "~/lib/messages/cart";
import { ALREADY_REVIEWED, MUST_PURCHASE } from "~/lib/messages/catalog";

// Property-based checks of the cart, address and review rules: fast-check generates inputs and
// sequences of operations, and after each step the service must agree with a small model and keep
// its invariants. A failure prints the shortest sequence that breaks a rule.

let n = 0;
/** A shopper row without hashing a password: hundreds are made, and nobody signs in. */
async function shopper(): Promise<SessionUser> {
  n += 1;
  const user = { id: newId(), userName: `prop${n}`, email: `prop${n}@example.com`, role: "user" as const };
  await db
    .insertInto("users")
    .values({
      id: user.id,
      user_name: user.userName,
      user_name_key: user.userName,
      email: user.email,
      password_hash: "-",
      role: user.role,
      created_at: now(),
    })
    .execute();
  return user;
}

/** A size and colour of a product, with its stock: what a cart line is. */
type Line = { productId: string; variantId: string; stock: number };
let lines: Line[];
const UNKNOWN = "0123456789abcdef01234567";

beforeAll(async () => {
  await seedDemoCatalog();
  // A shoe with a sold-out size, one size left at 1 and one at 3: three lines of one product.
  const shoe = await productWith(
    [
      { size: "EU 40", stock: 0 },
      { size: "EU 41", stock: 1 },
      { size: "EU 42", stock: 3 },
    ],
    { category: "footwear" },
  );
  // And a product without sizes with plenty.
  const bag = await productWith([{ size: "One size", stock: 40 }], { category: "accessories" });
  lines = [...shoe.variants, ...bag.variants].map((v) => ({
    productId: v.id === bag.variants[0]!.id ? bag.id : shoe.id,
    variantId: v.id,
    stock: v.stock,
  }));
});

/** Anything a JSON body or a tampered form can carry. */
const anyValue = fc.oneof(
  fc.anything(),
  fc.string(),
  fc.double(),
  fc.integer({ min: -2000, max: 2000 }),
  fc.constantFrom("1", " 2 ", "1e3", "0x10", "NaN", "Infinity", "-0", "007", "", "5.", ".5"),
);

describe("schemas: whatever comes in, what gets through is sane", () => {
  it("a cart quantity that passes is a whole number from 1 to 999", () => {
    fc.assert(
      fc.property(anyValue, (quantity) => {
        const parsed = UpdateCartSchema.safeParse({ productId: UNKNOWN, quantity });
        if (parsed.success)
          expect(Number.isInteger(parsed.data.quantity) && parsed.data.quantity >= 1 && parsed.data.quantity <= 999).toBe(true);
        const added = AddToCartSchema.safeParse({ productId: UNKNOWN, quantity });
        if (added.success) expect(added.data.quantity).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 2000 },
    );
  });

  it("an address that passes has five trimmed, non-empty fields within their limits and no control characters", () => {
    const field = fc.oneof(fc.string({ unit: "grapheme", maxLength: 60 }), fc.string({ unit: "binary", maxLength: 60 }), anyValue);
    fc.assert(
      fc.property(fc.record({ address: field, city: field, pincode: field, phone: field, notes: field }), (input) => {
        const parsed = AddressSchema.safeParse(input);
        if (!parsed.success) {
          expect(parsed.error.issues[0]!.message.length).toBeGreaterThan(5);
          return;
        }
        for (const value of Object.values(parsed.data)) {
          expect(value).toBe(value.trim());
          expect(value.length).toBeGreaterThan(0);
          expect(value).not.toMatch(/(?![\t\n\r])\p{Cc}/u);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("a review that passes has a rating of 1 to 5 and a non-blank message", () => {
    fc.assert(
      fc.property(anyValue, anyValue, (reviewValue, reviewMessage) => {
        const parsed = ReviewSchema.safeParse({ productId: UNKNOWN, reviewValue, reviewMessage });
        if (!parsed.success) return;
        expect([1, 2, 3, 4, 5]).toContain(parsed.data.reviewValue);
        expect(parsed.data.reviewMessage.trim()).toBe(parsed.data.reviewMessage);
        expect(parsed.data.reviewMessage.length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("cart service against a model", () => {
  type Op = { kind: "add" | "update" | "remove"; line: number; quantity: number };
  const op: fc.Arbitrary<Op> = fc.record({
    kind: fc.constantFrom("add", "update", "remove"),
    // The last index is an unknown product.
    line: fc.integer({ min: 0, max: 4 }),
    quantity: fc.integer({ min: 1, max: 999 }),
  });

  it("any sequence of adds, updates and removes keeps every line (a size) between 1 and its own stock, as the model says", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
        const user = await shopper();
        const model = new Map<string, number>();
        for (const { kind, line: index, quantity } of ops) {
          const line = lines[index];
          const productId = line?.productId ?? UNKNOWN;
          const variantId = line?.variantId;
          if (kind === "remove") {
            expect(await removeFromCart(user.id, productId, variantId ?? UNKNOWN)).toBe(!!variantId && model.delete(variantId));
            continue;
          }
          const result =
            kind === "add"
              ? await addToCart(user.id, productId, quantity, { variantId })
              : await updateCartQuantity(user.id, productId, quantity, variantId);
          const current = variantId ? model.get(variantId) : undefined;
          const wanted = kind === "add" ? (current ?? 0) + quantity : quantity;
          if (!line) expect(result).toMatchObject({ ok: false, status: 404 });
          else if (kind === "update" && current === undefined) expect(result).toMatchObject({ ok: false, status: 404 });
          else if (wanted > line.stock) {
            expect(result).toEqual({ ok: false, status: 409, message: line.stock === 0 ? OUT_OF_STOCK : onlyCanAdd(line.stock) });
          } else {
            expect(result).toEqual({ ok: true, quantity: wanted });
            model.set(line.variantId, wanted);
          }
        }
        const cart = await getCart(user.id);
        expect(Object.fromEntries(cart.items.map((i) => [i.variantId, i.quantity]))).toEqual(Object.fromEntries(model));
        for (const item of cart.items) expect(item.quantity).toBeLessThanOrEqual(item.stock);
      }),
      { numRuns: 60 },
    );
  });
});

describe("address service against a model", () => {
  const validAddress = fc.record({
    address: fc.string({ minLength: 1, maxLength: 30 }),
    city: fc.string({ minLength: 1, maxLength: 30 }),
    pincode: fc.string({ minLength: 1, maxLength: 10 }),
    phone: fc.stringMatching(/^[0-9+() -]{3,20}$/),
    notes: fc.string({ minLength: 1, maxLength: 30 }),
  });
  type Op = { kind: "add" | "update" | "delete"; pick: number; foreign: boolean; input: unknown };
  const op: fc.Arbitrary<Op> = fc.record({
    kind: fc.constantFrom("add", "add", "update", "delete"),
    pick: fc.nat(5),
    foreign: fc.boolean(),
    input: validAddress,
  });

  it("a shopper never has more than 3 addresses, never touches another's, and stored fields are what passed validation", async () => {
    const stranger = await shopper();
    const strangers = await addAddress(stranger.id, { address: "Theirs", city: "C", pincode: "1", phone: "555", notes: "n" });
    if (!strangers.ok) throw new Error("setup");
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 15 }), async (ops) => {
        const user = await shopper();
        const model: string[] = [];
        for (const { kind, pick, foreign, input } of ops) {
          const parsed = AddressSchema.safeParse(input);
          if (!parsed.success) continue; // the routes never call the service with invalid input
          const target = foreign ? strangers.address.id : (model[pick % Math.max(1, model.length)] ?? UNKNOWN);
          if (kind === "add") {
            const result = await addAddress(user.id, parsed.data);
            expect(result.ok).toBe(model.length < 3);
            if (result.ok) model.push(result.address.id);
          } else if (kind === "update") {
            const result = await updateAddress(user.id, target, parsed.data);
            expect(result.ok).toBe(model.includes(target));
            if (result.ok) expect(result.address).toMatchObject(parsed.data);
          } else {
            expect(await deleteAddress(user.id, target)).toBe(model.includes(target));
            if (model.includes(target)) model.splice(model.indexOf(target), 1);
          }
        }
        expect((await listAddresses(user.id)).map((a) => a.id).sort()).toEqual([...model].sort());
      }),
      { numRuns: 60 },
    );
    expect(await listAddresses(stranger.id)).toEqual([strangers.address]);
  });
});

describe("review service against a model", () => {
  async function paidOrder(user: SessionUser, productId: string) {
    const id = newId();
    await db
      .insertInto("orders")
      .values({
        id,
        user_id: user.id,
        cart_id: null,
        address_id: null,
        address: "1 Road",
        city: "Town",
        pincode: "1",
        phone: "1",
        notes: "n",
        order_status: "confirmed",
        payment_method: "paypal",
        payment_status: "paid",
        total_cents: 1000,
        payment_id: null,
        payer_id: null,
        order_date: now(),
        order_update_date: now(),
      })
      .execute();
    await db
      .insertInto("order_items")
      .values({ id: newId(), order_id: id, product_id: productId, title: "x", image: "/x", unit_price_cents: 1000, quantity: 1 })
      .execute();
  }

  it("only buyers review, each once, and the cached average is always the mean of the ratings", async () => {
    // Fresh products for each run, so every run starts with no reviews.
    const attempt = fc.record({ reviewer: fc.nat(3), product: fc.nat(1), rating: fc.integer({ min: 1, max: 5 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.array(attempt, { maxLength: 20 }),
        async (bought, attempts) => {
          const reviewers = [await shopper(), await shopper(), await shopper(), await shopper()];
          const targets = await db.selectFrom("products").select("id").where("review_count", "=", 0).limit(2).execute();
          const ratings = new Map<string, number[]>(targets.map((t) => [t.id, []]));
          const reviewed = new Set<string>();
          for (let r = 0; r < 4; r++) for (let p = 0; p < 2; p++) if (bought[r * 2 + p]) await paidOrder(reviewers[r]!, targets[p]!.id);
          for (const { reviewer, product, rating } of attempts) {
            const user = reviewers[reviewer]!;
            const productId = targets[product]!.id;
            const result = await addReview(user, { productId, reviewMessage: `Rated ${rating}`, reviewValue: rating });
            const key = `${reviewer}:${product}`;
            if (!bought[reviewer * 2 + product]) expect(result).toEqual({ ok: false, status: 403, message: MUST_PURCHASE });
            else if (reviewed.has(key)) expect(result).toEqual({ ok: false, status: 409, message: ALREADY_REVIEWED });
            else {
              expect(result.ok).toBe(true);
              reviewed.add(key);
              ratings.get(productId)!.push(rating);
            }
          }
          for (const [productId, list] of ratings) {
            const row = await db
              .selectFrom("products")
              .select(["average_review", "review_count"])
              .where("id", "=", productId)
              .executeTakeFirstOrThrow();
            expect(row.review_count).toBe(list.length);
            expect(row.average_review).toBeCloseTo(list.length ? list.reduce((a, b) => a + b, 0) / list.length : 0, 9);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
