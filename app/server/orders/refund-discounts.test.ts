import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OrderStatus } from "~/lib/constants";
import { ALREADY_CANCELLED, FREE_ORDER_NO_MONEY, FREE_ORDER_REJECTED } from "~/lib/messages/refunds";
import { DiscountSchema } from "~/lib/schemas/discounts";
import { registerUser } from "~/server/accounts/users.server";
import { createDiscount, getDiscount } from "~/server/discounts/codes.server";
import { productWith } from "#tests/support/catalog";
import { db, newId, now } from "~/server/database/db.server";
import { releaseSpentUse } from "~/server/discounts/uses.server";
import { insertOrder, type OrderLine } from "#tests/support/orders";
import { getOrder, updateOrderStatus } from "./orders.server";
import { standIn } from "#tests/support/paypal-stand-in";
import { cancelOrder, refundByAdmin } from "./refunds.server";
import { receiveReturn, requestReturn, returnOptions } from "./returns.server";
import { NOTHING_LEFT_TO_RETURN } from "~/lib/messages/returns";

// Refunds of orders that used a discount code (issue 33, point 5; both engines): lines give back
// what was paid for them after the discount, every unit in any steps adds up to what was paid, a
// full refund keeps the code's use spent unless the owner gives it back (once), and an order the
// code paid in full is cancelled or rejected without PayPal.

const paypal = standIn;
vi.mock("~/server/payments/paypal.server", async (real) =>
  (await import("#tests/support/paypal-stand-in")).withRefundStandIn(await real()),
);

let shopper: string;
beforeAll(async () => {
  const a = await registerUser({ userName: "discount refunds", email: "discount-refunds@example.com", password: "password123" });
  if (!a.ok) throw new Error("setup");
  shopper = a.user.id;
});
beforeEach(() => {
  paypal.mode = "ok";
  paypal.calls.length = 0;
});

let codes = 0;
let captures = 0;
/**
 * A paid order that used a new code (its use spent, `taken` 1): 3 × M at $10.00 with $10.00 off
 * that line ($20.00 paid for it) and 1 × L at $20.00 with $3.01 off. Paid: $36.99.
 */
async function discountedOrder({ orderStatus = "confirmed", free = false }: { orderStatus?: OrderStatus; free?: boolean } = {}) {
  const product = await productWith([
    { size: "M", stock: 5 },
    { size: "L", stock: 5 },
  ]);
  const [m, l] = product.variants;
  const created = await createDiscount(DiscountSchema.parse({ code: `BACK${++codes}`, type: "fixed", value: 30, usageLimit: 5 }));
  if (!created.ok) throw new Error(created.message);
  const discount = created.discount;
  const lines: OrderLine[] = [
    { title: product.title, size: "M", quantity: 3, unitPriceCents: 1000, variantId: m!.id, discountCents: free ? 3000 : 1000 },
    { title: product.title, size: "L", quantity: 1, unitPriceCents: 2000, variantId: l!.id, discountCents: free ? 2000 : 301 },
  ];
  const captureId = free ? null : `DCAP${++captures}`;
  const id = await insertOrder(shopper, lines, {
    paymentStatus: "paid",
    orderStatus,
    capture_id: captureId,
    payment_method: free ? "none" : "paypal",
    discount_id: discount.id,
    discount_code: discount.code,
    stock_reserved: 1,
  });
  await db.updateTable("order_items").set({ product_id: product.id }).where("order_id", "=", id).execute();
  const stamp = now();
  await db
    .insertInto("discount_uses")
    .values({
      id: newId(),
      discount_id: discount.id,
      order_id: id,
      user_id: shopper,
      status: "used",
      amount_cents: free ? 5000 : 1301,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await db.updateTable("discounts").set({ taken: 1 }).where("id", "=", discount.id).execute();
  if (captureId) paypal.captures.set(captureId, { amountCents: 3699, refundedCents: 0 });
  return { id, m: m!.id, l: l!.id, discountId: discount.id };
}

const refundedOf = async (id: string) =>
  (await db.selectFrom("orders").select("refunded_cents").where("id", "=", id).executeTakeFirstOrThrow()).refunded_cents;
const useOf = async (orderId: string) =>
  (await db.selectFrom("discount_uses").select("status").where("order_id", "=", orderId).executeTakeFirstOrThrow()).status;
const takenOf = async (discountId: string) => (await getDiscount(discountId))!.taken;
const stockOf = async (variantId: string) =>
  (await db.selectFrom("product_variants").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow()).stock;
const refundM = (orderId: string, variantId: string, quantity: number, releaseDiscountUse = false) =>
  refundByAdmin(orderId, { items: [{ variantId, quantity }], restock: true, reason: "Refund", releaseDiscountUse });

describe("lines refunded after a discount", () => {
  it("give back what was paid for them: one unit of three that cost $20.00 after the discount is $6.67, not $10.00", async () => {
    const order = await discountedOrder();
    expect(await refundM(order.id, order.m, 1)).toMatchObject({ ok: true, status: "completed" });
    expect(paypal.calls.map((c) => c.cents)).toEqual([667]);
    expect(await refundedOf(order.id)).toBe(667);
  });

  it("every unit of a line, in any steps, adds up to exactly what was paid for it", async () => {
    for (const steps of [[1, 1, 1], [2, 1], [1, 2], [3]]) {
      const order = await discountedOrder();
      paypal.calls.length = 0;
      for (const n of steps) expect(await refundM(order.id, order.m, n)).toMatchObject({ ok: true });
      expect(paypal.calls.reduce((sum, c) => sum + c.cents, 0)).toBe(2000);
      expect(await refundedOf(order.id)).toBe(2000);
      // And the other line: its one unit is what was paid for it, $16.99; the order is then refunded in full.
      expect(await refundM(order.id, order.l, 1)).toMatchObject({ ok: true });
      expect(await refundedOf(order.id)).toBe(3699);
      expect((await getOrder(order.id))!.paymentStatus).toBe("refunded");
    }
  });

  it("two lines in one refund, and a return received: each at what was paid", async () => {
    const order = await discountedOrder();
    expect(
      await refundByAdmin(order.id, {
        items: [
          { variantId: order.m, quantity: 2 },
          { variantId: order.l, quantity: 1 },
        ],
        restock: true,
        reason: "Two lines",
      }),
    ).toMatchObject({ ok: true });
    expect(paypal.calls.map((c) => c.cents)).toEqual([1333 + 1699]);

    const delivered = await discountedOrder({ orderStatus: "delivered" });
    await db
      .insertInto("order_status_history")
      .values({ id: newId(), order_id: delivered.id, from_status: "inShipping", status: "delivered", at: now(), by: "admin" })
      .execute();
    const asked = await requestReturn(shopper, delivered.id, { items: [{ variantId: delivered.m, quantity: 1 }], reason: "Too big" });
    if (!asked.ok) throw new Error(asked.message);
    paypal.calls.length = 0;
    expect(await receiveReturn(asked.returnId)).toMatchObject({ ok: true, status: "completed" });
    expect(paypal.calls.map((c) => c.cents)).toEqual([667]);
  });

  it("a return of units a code made free is received: back in stock, no money, no PayPal", async () => {
    const order = await discountedOrder({ orderStatus: "delivered" });
    // The M line cost nothing (its $30.00 taken off by the code); the L line was paid.
    await db.updateTable("order_items").set({ discount_cents: 3000 }).where("order_id", "=", order.id).where("size", "=", "M").execute();
    await db
      .insertInto("order_status_history")
      .values({ id: newId(), order_id: order.id, from_status: "inShipping", status: "delivered", at: now(), by: "admin" })
      .execute();
    const asked = await requestReturn(shopper, order.id, { items: [{ variantId: order.m, quantity: 2 }], reason: "Not needed" });
    if (!asked.ok) throw new Error(asked.message);
    const before = await stockOf(order.m);
    paypal.calls.length = 0;
    expect(await receiveReturn(asked.returnId)).toMatchObject({ ok: true });
    expect(paypal.calls).toEqual([]);
    expect(await stockOf(order.m)).toBe(before + 2);
    expect(await refundedOf(order.id)).toBe(0);
    expect((await db.selectFrom("returns").select("status").where("id", "=", asked.returnId).executeTakeFirstOrThrow()).status).toBe(
      "received",
    );
  });

  it("a cancellation gives back what was paid and keeps the code's use spent", async () => {
    const order = await discountedOrder();
    expect(await cancelOrder(shopper, order.id)).toMatchObject({ ok: true, status: "completed" });
    expect(paypal.calls.map((c) => c.cents)).toEqual([3699]);
    expect([await useOf(order.id), await takenOf(order.discountId)]).toEqual(["used", 1]);
  });
});

describe("the owner gives the code's use back", () => {
  it("only once the order is refunded in full, and only once", async () => {
    const order = await discountedOrder();
    // Partly refunded: the choice does nothing yet.
    expect(await refundM(order.id, order.m, 1, true)).toMatchObject({ ok: true });
    expect([await useOf(order.id), await takenOf(order.discountId)]).toEqual(["used", 1]);
    // The rest, with the choice: the use goes back.
    expect(
      await refundByAdmin(order.id, {
        items: [
          { variantId: order.m, quantity: 2 },
          { variantId: order.l, quantity: 1 },
        ],
        restock: true,
        reason: "All of it",
        releaseDiscountUse: true,
      }),
    ).toMatchObject({ ok: true, status: "completed" });
    expect(await refundedOf(order.id)).toBe(3699);
    expect([await useOf(order.id), await takenOf(order.discountId)]).toEqual(["released", 0]);
    // Asked again (another process, a retry): nothing more moves.
    expect(await db.transaction().execute((trx) => releaseSpentUse(trx, order.id))).toBe(false);
    expect(await takenOf(order.discountId)).toBe(0);
  });

  it("not without the choice, and on a rejection with it", async () => {
    const kept = await discountedOrder();
    expect(await updateOrderStatus(kept.id, "rejected")).toMatchObject({ ok: true });
    expect(await refundedOf(kept.id)).toBe(3699);
    expect([await useOf(kept.id), await takenOf(kept.discountId)]).toEqual(["used", 1]);

    const given = await discountedOrder();
    expect(await updateOrderStatus(given.id, "rejected", { releaseDiscountUse: true })).toMatchObject({ ok: true });
    expect([await useOf(given.id), await takenOf(given.discountId)]).toEqual(["released", 0]);
  });

  it("a refund PayPal refuses gives nothing back", async () => {
    const order = await discountedOrder();
    paypal.captures.get(`DCAP${captures}`)!.refundedCents = 3699; // refunded in PayPal's dashboard meanwhile
    expect(await updateOrderStatus(order.id, "rejected", { releaseDiscountUse: true })).toMatchObject({ ok: false, status: 502 });
    expect([await useOf(order.id), await takenOf(order.discountId)]).toEqual(["used", 1]);
  });
});

describe("an order its code paid in full (payment method none)", () => {
  it("the shopper cancels it: stock back, no PayPal, cancelled and mailed, the use spent; once", async () => {
    const order = await discountedOrder({ free: true });
    const before = [await stockOf(order.m), await stockOf(order.l)];
    expect(await cancelOrder(shopper, order.id)).toEqual({ ok: true, refundId: null, status: "completed" });
    expect(paypal.calls).toEqual([]);
    expect([await stockOf(order.m), await stockOf(order.l)]).toEqual([before[0]! + 3, before[1]! + 1]);
    const details = (await getOrder(order.id))!;
    expect([details.orderStatus, details.paymentStatus, details.refunds]).toEqual(["cancelled", "paid", []]);
    expect(await db.selectFrom("outbox").select("kind").where("order_id", "=", order.id).execute()).toEqual([{ kind: "order-cancelled" }]);
    expect([await useOf(order.id), await takenOf(order.discountId)]).toEqual(["used", 1]);
    expect(await cancelOrder(shopper, order.id)).toEqual({ ok: false, status: 409, message: ALREADY_CANCELLED });
    expect([await stockOf(order.m), await stockOf(order.l)]).toEqual([before[0]! + 3, before[1]! + 1]);
  });

  it("the owner cannot refund money on it, may reject it (stock back once, the use back if chosen)", async () => {
    const order = await discountedOrder({ free: true });
    expect(await refundM(order.id, order.m, 1)).toEqual({ ok: false, status: 409, message: FREE_ORDER_NO_MONEY });
    const before = await stockOf(order.m);
    expect(await updateOrderStatus(order.id, "rejected", { releaseDiscountUse: true })).toEqual({ ok: true, message: FREE_ORDER_REJECTED });
    expect(paypal.calls).toEqual([]);
    expect(await stockOf(order.m)).toBe(before + 3);
    expect([await useOf(order.id), await takenOf(order.discountId)]).toEqual(["released", 0]);
    // Back to in process and rejected again: the units went back once.
    expect(await updateOrderStatus(order.id, "inProcess")).toMatchObject({ ok: true });
    expect(await updateOrderStatus(order.id, "rejected", { releaseDiscountUse: true })).toMatchObject({ ok: true });
    expect(await stockOf(order.m)).toBe(before + 3);
    expect(await takenOf(order.discountId)).toBe(0);
  });
});

it("a free order rejected after it shipped keeps its stock, and stays so if rejected again later", async () => {
  const order = await discountedOrder({ free: true, orderStatus: "inShipping" });
  const before = await stockOf(order.m);
  expect(await updateOrderStatus(order.id, "rejected")).toEqual({ ok: true, message: FREE_ORDER_REJECTED });
  expect(await updateOrderStatus(order.id, "inProcess")).toMatchObject({ ok: true });
  expect(await updateOrderStatus(order.id, "rejected")).toMatchObject({ ok: true });
  expect(await stockOf(order.m)).toBe(before);
  expect([await useOf(order.id), await takenOf(order.discountId)]).toEqual(["used", 1]);
});

describe("units still returnable (issue 38, point 6)", () => {
  it("a free order cancelled, then marked delivered, has nothing left to return: its units go back once", async () => {
    const order = await discountedOrder({ free: true });
    const before = [await stockOf(order.m), await stockOf(order.l)];
    expect(await cancelOrder(shopper, order.id)).toMatchObject({ ok: true, refundId: null });
    const cancelled = [before[0]! + 3, before[1]! + 1];
    expect([await stockOf(order.m), await stockOf(order.l)]).toEqual(cancelled);
    expect(await updateOrderStatus(order.id, "delivered")).toMatchObject({ ok: true });

    expect(await returnOptions(order.id, shopper)).toBeNull();
    expect(await requestReturn(shopper, order.id, { items: [{ variantId: order.m, quantity: 3 }], reason: "Again" })).toEqual({
      ok: false,
      status: 409,
      message: NOTHING_LEFT_TO_RETURN,
    });
    expect(await db.selectFrom("returns").select("id").where("order_id", "=", order.id).execute()).toEqual([]);
    expect([await stockOf(order.m), await stockOf(order.l)]).toEqual(cancelled);
  });

  it("units received back without money (the order refunded as an amount) cannot be returned a second time", async () => {
    const order = await discountedOrder();
    expect(await refundByAdmin(order.id, { amountCents: 3699, restock: false, reason: "Goodwill" })).toMatchObject({ ok: true });
    expect(await updateOrderStatus(order.id, "delivered")).toMatchObject({ ok: true });
    const before = await stockOf(order.m);
    const asked = await requestReturn(shopper, order.id, { items: [{ variantId: order.m, quantity: 3 }], reason: "Not needed" });
    if (!asked.ok) throw new Error(asked.message);
    expect(await receiveReturn(asked.returnId)).toMatchObject({ ok: true });
    expect(await stockOf(order.m)).toBe(before + 3);

    expect((await returnOptions(order.id, shopper))!.lines.map((l) => [l.size, l.max])).toEqual([["L", 1]]);
    expect(await requestReturn(shopper, order.id, { items: [{ variantId: order.m, quantity: 1 }], reason: "Again" })).toMatchObject({
      ok: false,
      status: 409,
    });
    // Nor can the owner put them back a second time with a line refund.
    expect(await refundM(order.id, order.m, 1)).toMatchObject({ ok: false, status: 409 });
    expect(await stockOf(order.m)).toBe(before + 3);
  });
});
