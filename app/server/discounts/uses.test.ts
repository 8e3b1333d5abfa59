import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/lib/access";
import { DISCOUNT_ALREADY_USED, DISCOUNT_UNKNOWN, DISCOUNT_USED_UP } from "~/lib/messages/discounts-shopper";
import { DiscountSchema } from "~/lib/schemas/discounts";
import { allContractProblems } from "#tests/paypal-contract/check";
import { startRecordingSimulator } from "#tests/paypal-contract/recording-simulator";
import { addAddress } from "~/server/accounts/addresses.server";
import { registerUser } from "~/server/accounts/users.server";
import { createDiscount, getDiscount, setDiscountActive } from "./codes.server";
import { addToCart } from "~/server/cart/cart.server";
import { applyDiscountCode, cartCode } from "./apply.server";
import { productWith } from "#tests/support/catalog";
import { reloadSettings } from "~/server/platform/config.server";
import { db } from "~/server/database/db.server";
import { cancelPayment, completePayment } from "~/server/checkout/capture.server";
import { ABANDONED_AFTER_MS, releaseAbandonedUses, releaseUseOf } from "./uses.server";
import { simDecide } from "~/server/paypal-sim/simulator.server";
import { startCheckout } from "~/server/checkout/start.server";

// Discount codes through checkout and payment (both engines), against the simulator over real
// HTTP: the amounts on the order, its lines and the PayPal order; a use held when the PayPal order
// is created, used when paid, given back once when the attempt is cancelled, fails or is
// abandoned; and a code with one use left taken by exactly one of ten buyers at once.

const simulator = await startRecordingSimulator();
process.env.PAYPAL_MODE = "simulator";
process.env.PAYPAL_SIMULATOR_URL = simulator.url;
reloadSettings();
afterAll(() => simulator.close());

const SHOP = "http://localhost:3000";

let codes = 0;
async function newCode(input: Record<string, unknown> = {}) {
  const result = await createDiscount(DiscountSchema.parse({ code: `PAY${++codes}`, type: "percent", value: 10, ...input }));
  if (!result.ok) throw new Error(result.message);
  return result.discount;
}

let tee: { id: string };
let cap: { id: string };
let socks: { id: string };
beforeAll(async () => {
  tee = await productWith([{ size: "One size", stock: 500 }], { category: "men", brand: "nike", price: 20 });
  cap = await productWith([{ size: "One size", stock: 500 }], { category: "accessories", brand: "puma", price: 9.99 });
  socks = await productWith([{ size: "One size", stock: 500 }], { category: "men", brand: "adidas", price: 5, salePrice: 3.33 });
});

let shoppers = 0;
type Buyer = { user: SessionUser; addressId: string };
/** A new shopper with an address and these products in the cart, and `code` applied when given. */
async function buyer(lines: Array<[{ id: string }, number]>, code?: string): Promise<Buyer> {
  const r = await registerUser({ userName: `coder ${++shoppers}`, email: `coder${shoppers}@example.com`, password: "password123" });
  if (!r.ok) throw new Error(r.message);
  const address = await addAddress(r.user.id, { address: "1 Road", city: "Town", pincode: "1", phone: "555", notes: "n" });
  if (!address.ok) throw new Error("setup");
  for (const [product, quantity] of lines) await addToCart(r.user.id, product.id, quantity);
  if (code) {
    const applied = await applyDiscountCode(r.user.id, code, `client-${r.user.id}`);
    if (!applied.ok) throw new Error(applied.message);
  }
  return { user: r.user, addressId: address.address.id };
}

async function checkout(b: Buyer) {
  const started = await startCheckout(b.user, b.addressId, SHOP);
  if (!started.ok) throw new Error(started.message);
  return { ...started, paypalId: new URL(started.approvalUrl).searchParams.get("token")! };
}

/** The buyer approves at PayPal (the simulator) and comes back: the capture. */
async function pay(b: Buyer, paypalId: string) {
  const back = new URL((await simDecide(paypalId, "pay"))!);
  return completePayment(b.user, paypalId, back.searchParams.get("PayerID")!);
}

const orderOf = (id: string) =>
  db
    .selectFrom("orders")
    .select(["payment_status", "total_cents", "discount_id", "discount_code", "discount_cents"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const lineDiscounts = async (orderId: string) =>
  (
    await db
      .selectFrom("order_items")
      .select(["title", "unit_price_cents", "quantity", "discount_cents"])
      .where("order_id", "=", orderId)
      .orderBy("unit_price_cents", "desc")
      .execute()
  ).map((l) => [l.unit_price_cents * l.quantity, l.discount_cents]);
const useOf = async (orderId: string) =>
  (await db.selectFrom("discount_uses").select("status").where("order_id", "=", orderId).executeTakeFirst())?.status;
const takenOf = async (discountId: string) => (await getDiscount(discountId))!.taken;
const creates = (from: number) => simulator.exchanges.slice(from).filter((e) => e.method === "POST" && e.path === "/v2/checkout/orders");

describe("amounts", () => {
  it("a percentage of the eligible lines, rounded to the cent and split so the lines add up; PayPal told item_total and discount", async () => {
    // Only men's: $40.00 of tees and 3 x $3.33 of socks; the cap is not men's.
    const code = await newCode({ value: 10, categories: ["men"] });
    const b = await buyer(
      [
        [tee, 2],
        [cap, 1],
        [socks, 3],
      ],
      code.code,
    );
    const from = simulator.exchanges.length;
    const { orderId } = await checkout(b);
    // 10% of $49.99 is $4.999: $5.00, split 4000 : 999 as 400.08 and 99.92, so 400 and 100 (the cent left goes to the larger remainder).
    expect(await orderOf(orderId)).toEqual({
      payment_status: "pending",
      total_cents: 4000 + 999 + 999 - 500,
      discount_id: code.id,
      discount_code: code.code,
      discount_cents: 500,
    });
    expect(await lineDiscounts(orderId)).toEqual([
      [4000, 400],
      [999, 0],
      [999, 100],
    ]);
    const [create] = creates(from);
    expect(create!.requestBody).toMatchObject({
      purchase_units: [
        {
          reference_id: orderId,
          amount: {
            currency_code: "USD",
            value: "54.98",
            breakdown: { item_total: { currency_code: "USD", value: "59.98" }, discount: { currency_code: "USD", value: "5.00" } },
          },
        },
      ],
    });
    // The lines at their prices: PayPal checks they add up to item_total.
    const items = (create!.requestBody as { purchase_units: [{ items: Array<{ unit_amount: { value: string }; quantity: string }> }] })
      .purchase_units[0].items;
    expect(items.map((i) => [i.unit_amount.value, i.quantity])).toEqual([
      ["20.00", "2"],
      ["9.99", "1"],
      ["3.33", "3"],
    ]);
    expect(create!.status).toBe(201);
    expect(allContractProblems(simulator.exchanges.slice(from))).toEqual([]);
  });

  it("a fixed amount spread over the eligible lines, never more than they cost; capture checks the amount after it", async () => {
    const code = await newCode({ type: "fixed", value: 5, brands: ["nike", "puma"] });
    const b = await buyer(
      [
        [tee, 1],
        [cap, 1],
        [socks, 1],
      ],
      code.code,
    );
    const from = simulator.exchanges.length;
    const { orderId, paypalId } = await checkout(b);
    // $5.00 over $20.00 and $9.99: 500 x 2000/2999 = 333.4 -> 333, 500 x 999/2999 = 166.6 -> 167.
    expect(await lineDiscounts(orderId)).toEqual([
      [2000, 333],
      [999, 167],
      [333, 0],
    ]);
    expect(await orderOf(orderId)).toMatchObject({ total_cents: 2000 + 999 + 333 - 500, discount_cents: 500 });
    expect(await pay(b, paypalId)).toEqual({ ok: true, orderId });
    const [capture] = simulator.exchanges.slice(from).filter((e) => e.path.endsWith("/capture"));
    expect(capture!.responseBody).toMatchObject({
      purchase_units: [{ payments: { captures: [{ status: "COMPLETED", amount: { currency_code: "USD", value: "28.32" } }] } }],
    });
    // A fixed amount above what the eligible lines cost takes them to zero, no further.
    const big = await newCode({ type: "fixed", value: 100, categories: ["accessories"] });
    const c = await buyer(
      [
        [tee, 1],
        [cap, 2],
      ],
      big.code,
    );
    const second = await checkout(c);
    expect(await orderOf(second.orderId)).toMatchObject({ total_cents: 2000, discount_cents: 1998 });
    expect(await lineDiscounts(second.orderId)).toEqual([
      [2000, 0],
      [1998, 1998],
    ]);
    expect(allContractProblems(simulator.exchanges.slice(from))).toEqual([]);
  });

  it("a code that pays the whole order: no PayPal (it takes no $0.00 order), the order paid at once and the use spent", async () => {
    const code = await newCode({ value: 100, usageLimit: 1 });
    const b = await buyer(
      [
        [tee, 1],
        [cap, 1],
      ],
      code.code,
    );
    const stock = async () => (await db.selectFrom("products").select("stock").where("id", "=", tee.id).executeTakeFirstOrThrow()).stock;
    const before = await stock();
    const from = simulator.exchanges.length;
    const started = await startCheckout(b.user, b.addressId, SHOP);
    if (!started.ok) throw new Error(started.message);
    expect(started.approvalUrl).toBe(`${SHOP}/shop/payment-success?order=${started.orderId}`);
    expect(simulator.exchanges.slice(from)).toEqual([]);
    expect(await orderOf(started.orderId)).toEqual({
      payment_status: "paid",
      total_cents: 0,
      discount_id: code.id,
      discount_code: code.code,
      discount_cents: 2999,
    });
    expect(await lineDiscounts(started.orderId)).toEqual([
      [2000, 2000],
      [999, 999],
    ]);
    expect(await useOf(started.orderId)).toBe("used");
    expect(await takenOf(code.id)).toBe(1);
    expect(await stock()).toBe(before - 1);
    expect(
      await db
        .selectFrom("cart_items")
        .select("id")
        .where("cart_id", "in", (eb) => eb.selectFrom("carts").select("id").where("user_id", "=", b.user.id))
        .execute(),
    ).toEqual([]);
  });

  it("a free order placed twice at once (a double click): one order paid, the stock taken once, nothing left held", async () => {
    const code = await newCode({ value: 100 });
    const b = await buyer([[cap, 2]], code.code);
    const stock = async () => (await db.selectFrom("products").select("stock").where("id", "=", cap.id).executeTakeFirstOrThrow()).stock;
    const before = await stock();
    const answers = await Promise.all([1, 2, 3].map(() => startCheckout(b.user, b.addressId, SHOP)));
    const orders = await db
      .selectFrom("orders")
      .select(["id", "payment_status", "stock_reserved"])
      .where("user_id", "=", b.user.id)
      .execute();
    // Each answer that says "paid" names a paid order; the others were cancelled by the next click.
    for (const answer of answers) if (answer.ok) expect(orders.find((o) => o.id === answer.orderId)?.payment_status).toBe("paid");
    expect(orders.filter((o) => o.payment_status === "paid")).toHaveLength(1);
    // No cancelled attempt holds stock, and the stock went down once.
    expect(orders.filter((o) => o.payment_status !== "paid" && o.stock_reserved === 1)).toEqual([]);
    expect(await stock()).toBe(before - 2);
    expect(await takenOf(code.id)).toBe(1);
  });

  it("checks the code again at checkout: one disabled since it was applied refuses the checkout, writing nothing", async () => {
    const code = await newCode();
    const b = await buyer([[tee, 1]], code.code);
    await setDiscountActive(code.id, false);
    const from = simulator.exchanges.length;
    expect(await startCheckout(b.user, b.addressId, SHOP)).toEqual({ ok: false, status: 404, message: DISCOUNT_UNKNOWN, field: "code" });
    expect(await db.selectFrom("orders").select("id").where("user_id", "=", b.user.id).execute()).toEqual([]);
    expect(creates(from)).toEqual([]);
    expect(await cartCode(b.user.id)).toBe(code.code);
  });
});

describe("uses", () => {
  it("held when the PayPal order is created, used when paid; the code leaves the cart, and once per customer holds", async () => {
    const code = await newCode({ usageLimit: 5, oncePerCustomer: true });
    const b = await buyer([[tee, 1]], code.code);
    const { orderId, paypalId } = await checkout(b);
    expect(await useOf(orderId)).toBe("held");
    expect(await takenOf(code.id)).toBe(1);
    expect(await pay(b, paypalId)).toEqual({ ok: true, orderId });
    expect(await useOf(orderId)).toBe("used");
    expect(await takenOf(code.id)).toBe(1);
    expect(await orderOf(orderId)).toMatchObject({ payment_status: "paid", total_cents: 1800 });
    expect(await cartCode(b.user.id)).toBeNull();
    // Paying again changes nothing; the same shopper cannot use it again.
    expect(await pay(b, paypalId)).toEqual({ ok: true, orderId });
    expect(await takenOf(code.id)).toBe(1);
    await addToCart(b.user.id, tee.id, 1);
    expect(await applyDiscountCode(b.user.id, code.code, `client-${b.user.id}`)).toEqual({
      ok: false,
      status: 409,
      message: DISCOUNT_ALREADY_USED,
    });
  });

  it("a new checkout cancels the older attempt and gives its use back before holding one again", async () => {
    const code = await newCode({ usageLimit: 1, oncePerCustomer: true });
    const b = await buyer([[tee, 1]], code.code);
    const first = await checkout(b);
    const second = await checkout(b);
    expect(await orderOf(first.orderId)).toMatchObject({ payment_status: "cancelled" });
    expect([await useOf(first.orderId), await useOf(second.orderId)]).toEqual(["released", "held"]);
    expect(await takenOf(code.id)).toBe(1);
  });

  it("given back once when the shopper cancels at PayPal", async () => {
    const code = await newCode({ usageLimit: 3 });
    const b = await buyer([[tee, 1]], code.code);
    const { orderId, paypalId } = await checkout(b);
    await cancelPayment(b.user, paypalId);
    await cancelPayment(b.user, paypalId);
    expect(await useOf(orderId)).toBe("released");
    expect(await takenOf(code.id)).toBe(0);
  });

  it("given back once, however many processes try at once, and never twice", async () => {
    const code = await newCode({ usageLimit: 3 });
    const b = await buyer([[tee, 1]], code.code);
    const { orderId } = await checkout(b);
    await db.updateTable("orders").set({ payment_status: "failed" }).where("id", "=", orderId).execute();
    const released = await Promise.all([releaseUseOf(orderId), releaseUseOf(orderId), releaseAbandonedUses(), releaseUseOf(orderId)]);
    expect(released.filter((r) => r === true || r === 1)).toHaveLength(1);
    expect(await useOf(orderId)).toBe("released");
    expect(await takenOf(code.id)).toBe(0);
  });

  it("the sweep gives back an attempt abandoned for 3 hours, not a newer one nor one whose payment is under way", async () => {
    const code = await newCode({ usageLimit: 3 });
    const [old, recent, paying] = [
      await buyer([[tee, 1]], code.code),
      await buyer([[tee, 1]], code.code),
      await buyer([[tee, 1]], code.code),
    ];
    const [a, b, c] = [await checkout(old), await checkout(recent), await checkout(paying)];
    const longAgo = new Date(Date.now() - ABANDONED_AFTER_MS - 60_000).toISOString();
    await db.updateTable("orders").set({ order_update_date: longAgo }).where("id", "in", [a.orderId, c.orderId]).execute();
    await db.updateTable("orders").set({ stock_reserved: 1 }).where("id", "=", c.orderId).execute();
    expect(await takenOf(code.id)).toBe(3);
    expect(await releaseAbandonedUses()).toBe(1);
    expect(await releaseAbandonedUses()).toBe(0);
    expect([await useOf(a.orderId), await useOf(b.orderId), await useOf(c.orderId)]).toEqual(["released", "held", "held"]);
    expect(await takenOf(code.id)).toBe(2);
  });

  it("a shopper back to pay an abandoned attempt gets its use again, or is told it is used up and nothing is captured", async () => {
    const code = await newCode({ usageLimit: 1 });
    const late = await buyer([[cap, 1]], code.code);
    const first = await checkout(late);
    const longAgo = new Date(Date.now() - ABANDONED_AFTER_MS - 60_000).toISOString();
    await db.updateTable("orders").set({ order_update_date: longAgo }).where("id", "=", first.orderId).execute();
    expect(await releaseAbandonedUses()).toBe(1);
    // Back within PayPal's time: held again and paid.
    expect(await pay(late, first.paypalId)).toEqual({ ok: true, orderId: first.orderId });
    expect(await useOf(first.orderId)).toBe("used");
    expect(await takenOf(code.id)).toBe(1);

    // This time someone else takes the only use while the attempt lies abandoned.
    const other = await newCode({ usageLimit: 1 });
    const slow = await buyer([[cap, 1]], other.code);
    const abandoned = await checkout(slow);
    await db.updateTable("orders").set({ order_update_date: longAgo }).where("id", "=", abandoned.orderId).execute();
    await releaseAbandonedUses();
    const quick = await buyer([[cap, 1]], other.code);
    await checkout(quick);
    const from = simulator.exchanges.length;
    const stock = (await db.selectFrom("products").select("stock").where("id", "=", cap.id).executeTakeFirstOrThrow()).stock;
    expect(await pay(slow, abandoned.paypalId)).toEqual({ ok: false, status: 409, message: DISCOUNT_USED_UP });
    expect(simulator.exchanges.slice(from).filter((e) => e.path.endsWith("/capture"))).toEqual([]);
    expect(await orderOf(abandoned.orderId)).toMatchObject({ payment_status: "failed" });
    expect((await db.selectFrom("products").select("stock").where("id", "=", cap.id).executeTakeFirstOrThrow()).stock).toBe(stock);
    expect(await takenOf(other.id)).toBe(1);
  });

  it("a code with one use left and ten buyers checking out at once: exactly one holds it, the others are told before PayPal", async () => {
    const code = await newCode({ usageLimit: 1 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => buyer([[socks, 1]], code.code)));
    const from = simulator.exchanges.length;
    const results = await Promise.all(buyers.map((b) => startCheckout(b.user, b.addressId, SHOP)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual(
      Array.from({ length: 9 }, () => ({ ok: false, status: 409, message: DISCOUNT_USED_UP, field: "code" })),
    );
    // One PayPal order, one order written, one use held.
    expect(creates(from)).toHaveLength(1);
    const orders = await db
      .selectFrom("orders")
      .select("id")
      .where(
        "user_id",
        "in",
        buyers.map((b) => b.user.id),
      )
      .execute();
    expect(orders).toHaveLength(1);
    expect(await db.selectFrom("discount_uses").select("status").where("discount_id", "=", code.id).execute()).toEqual([
      { status: "held" },
    ]);
    expect(await takenOf(code.id)).toBe(1);
  });
});
