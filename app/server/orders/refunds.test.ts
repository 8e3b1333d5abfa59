import { sql } from "kysely";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ALREADY_CANCELLED,
  CANCELLATION_WAITING,
  CANNOT_CANCEL_SHIPPED,
  NOT_PAID,
  REFUND_REFUSED,
  tooManyUnits,
  tooMuchRefund,
} from "~/lib/messages/refunds";
import { ORDER_NOT_FOUND } from "~/lib/messages/checkout";
import type { OrderStatus } from "~/lib/constants";
import { registerUser } from "~/server/accounts/users.server";
import { productWith } from "#tests/support/catalog";
import { db } from "~/server/database/db.server";
import { insertOrder } from "#tests/support/orders";
import { getOrder, updateOrderStatus } from "./orders.server";
import { settleOpenRefunds } from "./refund-settle.server";
import { cancelOrder, refundByAdmin } from "./refunds.server";
import { statusHistory } from "./timeline.server";
import { standIn } from "#tests/support/paypal-stand-in";

const paypal = standIn;
vi.mock("~/server/payments/paypal.server", async (real) =>
  (await import("#tests/support/paypal-stand-in")).withRefundStandIn(await real()),
);

let shopper: string;
let other: string;
beforeAll(async () => {
  const a = await registerUser({ userName: "refund shopper", email: "refund-shopper@example.com", password: "password123" });
  const b = await registerUser({ userName: "refund other", email: "refund-other@example.com", password: "password123" });
  if (!a.ok || !b.ok) throw new Error("setup");
  [shopper, other] = [a.user.id, b.user.id];
});
beforeEach(() => {
  paypal.mode = "ok";
  paypal.calls.length = 0;
});

let captures = 0;
/** A paid order of 2 × M ($20) and 1 × L ($20) of a new product with 5 of each in stock (after the sale). */
async function paidOrder(orderStatus: OrderStatus = "confirmed", userId = shopper) {
  const product = await productWith([
    { size: "M", stock: 5 },
    { size: "L", stock: 5 },
  ]);
  const [m, l] = product.variants;
  const captureId = `CAP${++captures}`;
  const id = await insertOrder(
    userId,
    [
      { title: product.title, size: "M", quantity: 2, unitPriceCents: 2000, variantId: m!.id },
      { title: product.title, size: "L", quantity: 1, unitPriceCents: 2000, variantId: l!.id },
    ],
    { paymentStatus: "paid", orderStatus, capture_id: captureId, payment_id: `PAY${captures}` },
  );
  paypal.captures.set(captureId, { amountCents: 6000, refundedCents: 0 });
  return { id, captureId, m: m!.id, l: l!.id, title: product.title };
}

const stockOf = async (variantId: string) =>
  (await db.selectFrom("product_variants").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow()).stock;
const orderRow = (id: string) =>
  db.selectFrom("orders").select(["order_status", "payment_status", "refunded_cents"]).where("id", "=", id).executeTakeFirstOrThrow();
const mailsOf = async (orderId: string) =>
  (await db.selectFrom("outbox").select("kind").where("order_id", "=", orderId).orderBy("created_at").execute()).map((m) => m.kind);

describe("a shopper cancels", () => {
  it("an order not shipped yet: all the money back through PayPal, every unit back in stock, the order cancelled and mailed", async () => {
    const order = await paidOrder("inProcess");
    expect(await cancelOrder(shopper, order.id)).toMatchObject({ ok: true, status: "completed" });
    expect(paypal.calls).toEqual([{ captureId: order.captureId, requestId: expect.stringMatching(/^refund-[0-9a-f]{24}$/), cents: 6000 }]);
    expect(await orderRow(order.id)).toEqual({ order_status: "cancelled", payment_status: "paid", refunded_cents: 6000 });
    expect([await stockOf(order.m), await stockOf(order.l)]).toEqual([7, 6]);
    const details = (await getOrder(order.id, shopper))!;
    expect(details.paymentStatus).toBe("refunded");
    expect(details.refunds).toEqual([
      expect.objectContaining({
        amountCents: 6000,
        status: "completed",
        items: expect.arrayContaining([
          expect.objectContaining({ size: "M", quantity: 2 }),
          expect.objectContaining({ size: "L", quantity: 1 }),
        ]),
      }),
    ]);
    expect((await statusHistory(order.id)).at(-1)).toMatchObject({ from: "inProcess", status: "cancelled", by: "shopper" });
    expect(await mailsOf(order.id)).toEqual(["order-cancelled"]);
    // Again: nothing more moves.
    expect(await cancelOrder(shopper, order.id)).toEqual({ ok: false, status: 409, message: ALREADY_CANCELLED });
    expect(paypal.captures.get(order.captureId)!.refundedCents).toBe(6000);
    expect([await stockOf(order.m), await stockOf(order.l)]).toEqual([7, 6]);
  });

  it("is refused once the order ships (pointing to returns), for someone else's order, and before payment", async () => {
    for (const status of ["inShipping", "delivered"] as const) {
      const order = await paidOrder(status);
      expect(await cancelOrder(shopper, order.id)).toEqual({ ok: false, status: 409, message: CANNOT_CANCEL_SHIPPED });
    }
    const theirs = await paidOrder("confirmed", other);
    expect(await cancelOrder(shopper, theirs.id)).toEqual({ ok: false, status: 404, message: ORDER_NOT_FOUND });
    const unpaid = await insertOrder(shopper, [{ title: "Tee", quantity: 1, unitPriceCents: 1000 }]);
    expect(await cancelOrder(shopper, unpaid)).toEqual({ ok: false, status: 409, message: NOT_PAID });
    expect(paypal.calls).toEqual([]);
  });
});

describe("the admin refunds", () => {
  it("lines at their prices, restocking by default, never more units or money than are left", async () => {
    const order = await paidOrder();
    expect(
      await refundByAdmin(order.id, { items: [{ variantId: order.m, quantity: 1 }], restock: true, reason: "Too small" }),
    ).toMatchObject({
      ok: true,
      status: "completed",
    });
    expect(await orderRow(order.id)).toMatchObject({ order_status: "confirmed", refunded_cents: 2000 });
    expect((await getOrder(order.id))!.paymentStatus).toBe("partiallyRefunded");
    expect(await stockOf(order.m)).toBe(6);
    expect(await refundByAdmin(order.id, { items: [{ variantId: order.m, quantity: 2 }], restock: true, reason: "x" })).toEqual({
      ok: false,
      status: 409,
      message: tooManyUnits(`${order.title} (M)`, 1),
    });
    expect(await refundByAdmin(order.id, { amountCents: 4001, restock: false, reason: "x" })).toEqual({
      ok: false,
      status: 409,
      message: tooMuchRefund(4000),
    });
    // A goodwill amount, nothing back in stock.
    expect(await refundByAdmin(order.id, { amountCents: 550, restock: false, reason: "Late delivery" })).toMatchObject({ ok: true });
    expect(await stockOf(order.m)).toBe(6);
    expect(await orderRow(order.id)).toMatchObject({ refunded_cents: 2550 });
    expect(await mailsOf(order.id)).toEqual(["order-refund", "order-refund"]);
  });

  it("rejecting a paid order refunds what is left and restocks what was not refunded yet", async () => {
    const order = await paidOrder("inProcess");
    await refundByAdmin(order.id, { items: [{ variantId: order.l, quantity: 1 }], restock: true, reason: "Damaged" });
    expect(await updateOrderStatus(order.id, "rejected")).toMatchObject({ ok: true });
    expect(await orderRow(order.id)).toEqual({ order_status: "rejected", payment_status: "paid", refunded_cents: 6000 });
    expect(paypal.calls.map((c) => c.cents)).toEqual([2000, 4000]);
    expect([await stockOf(order.m), await stockOf(order.l)]).toEqual([7, 6]);
    expect((await statusHistory(order.id)).at(-1)).toMatchObject({ status: "rejected", by: "admin" });
    expect(await mailsOf(order.id)).toEqual(["order-refund", "order-rejected"]);
    // A rejected order is not refunded twice by rejecting it again.
    expect(await updateOrderStatus(order.id, "rejected")).toMatchObject({ ok: true });
    expect(paypal.calls).toHaveLength(2);
  });

  it("rejecting a delivered order refunds it but leaves the stock alone: the shopper still has the items", async () => {
    const order = await paidOrder("delivered");
    expect(await updateOrderStatus(order.id, "rejected")).toMatchObject({ ok: true });
    expect(await orderRow(order.id)).toMatchObject({ order_status: "rejected", refunded_cents: 6000 });
    expect([await stockOf(order.m), await stockOf(order.l)]).toEqual([5, 5]);
  });

  it("ten refunds of the remainder at once: exactly one goes through", async () => {
    const order = await paidOrder();
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => refundByAdmin(order.id, { amountCents: 6000, restock: false, reason: "Twice?" })),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual(Array(9).fill({ ok: false, status: 409, message: tooMuchRefund(0) }));
    expect(paypal.captures.get(order.captureId)!.refundedCents).toBe(6000);
  });

  it("the database refuses refunding more than was paid, whatever the code does", async () => {
    const order = await paidOrder();
    await expect(db.updateTable("orders").set({ refunded_cents: 6001 }).where("id", "=", order.id).execute()).rejects.toThrow(/check/i);
    await expect(db.updateTable("orders").set({ refunded_cents: -1 }).where("id", "=", order.id).execute()).rejects.toThrow(/check/i);
  });
});

describe("when PayPal does not answer as hoped", () => {
  it("a refund PayPal refuses changes nothing and frees its amount", async () => {
    const order = await paidOrder();
    paypal.captures.get(order.captureId)!.refundedCents = 5000; // refunded elsewhere, in PayPal's dashboard
    expect(await refundByAdmin(order.id, { items: [{ variantId: order.m, quantity: 2 }], restock: true, reason: "x" })).toEqual({
      ok: false,
      status: 502,
      message: REFUND_REFUSED,
    });
    expect(await orderRow(order.id)).toMatchObject({ refunded_cents: 0 });
    expect(await stockOf(order.m)).toBe(5);
    expect((await getOrder(order.id))!.refunds.map((r) => r.status)).toEqual(["failed"]);
  });

  it("PayPal unreachable: the refund waits as sent; the sweep sends the same request and settles it once", async () => {
    const order = await paidOrder("confirmed");
    paypal.mode = "down";
    expect(await cancelOrder(shopper, order.id)).toMatchObject({ ok: true, status: "requested" });
    // Counted (no second refund can take the money), but nothing else has moved yet.
    expect(await orderRow(order.id)).toMatchObject({ order_status: "confirmed", refunded_cents: 6000 });
    expect(await stockOf(order.m)).toBe(5);
    expect(await cancelOrder(shopper, order.id)).toMatchObject({ ok: false, status: 409 });
    // Nor may the shop ship it while PayPal has not answered the cancellation.
    expect(await updateOrderStatus(order.id, "inShipping")).toEqual({ ok: false, status: 409, message: CANCELLATION_WAITING });
    await settleOpenRefunds();
    expect(await orderRow(order.id)).toMatchObject({ order_status: "confirmed" }); // still down
    paypal.mode = "ok";
    await settleOpenRefunds();
    await settleOpenRefunds();
    expect(await orderRow(order.id)).toMatchObject({ order_status: "cancelled", refunded_cents: 6000 });
    expect([await stockOf(order.m), await stockOf(order.l)]).toEqual([7, 6]);
    expect(new Set(paypal.calls.map((c) => c.requestId)).size).toBe(1);
    expect(paypal.captures.get(order.captureId)!.refundedCents).toBe(6000);
    expect(await mailsOf(order.id)).toEqual(["order-cancelled"]);
  });

  it("a refund made at PayPal whose answer was lost is recorded once, from PayPal's stored answer", async () => {
    const order = await paidOrder();
    paypal.mode = "lose";
    expect(await refundByAdmin(order.id, { items: [{ variantId: order.l, quantity: 1 }], restock: true, reason: "x" })).toMatchObject({
      ok: true,
      status: "requested",
    });
    paypal.mode = "ok";
    await settleOpenRefunds();
    expect(paypal.captures.get(order.captureId)!.refundedCents).toBe(2000);
    expect(await stockOf(order.l)).toBe(6);
    expect((await getOrder(order.id))!.refunds.map((r) => r.status)).toEqual(["completed"]);
  });

  it("a PENDING refund takes effect at once and is settled by the sweep when PayPal completes it", async () => {
    const order = await paidOrder();
    paypal.mode = "pending";
    expect(await refundByAdmin(order.id, { items: [{ variantId: order.m, quantity: 1 }], restock: true, reason: "x" })).toMatchObject({
      ok: true,
      status: "pending",
    });
    expect(await stockOf(order.m)).toBe(6);
    await settleOpenRefunds();
    expect((await getOrder(order.id))!.refunds.map((r) => r.status)).toEqual(["pending"]);
    for (const refund of paypal.refunds.values()) refund.status = "COMPLETED";
    await settleOpenRefunds();
    expect((await getOrder(order.id))!.refunds.map((r) => r.status)).toEqual(["completed"]);
    expect(await stockOf(order.m)).toBe(6);
    expect(await mailsOf(order.id)).toEqual(["order-refund"]);
  });
});

it("refunded amounts stay within what each order was paid, for every order written here", async () => {
  const over = await db
    .selectFrom("orders")
    .select("id")
    .where(
      sql<boolean>`refunded_cents > total_cents or refunded_cents != coalesce((select sum(amount_cents) from refunds r where r.order_id = orders.id and r.status != 'failed'), 0)`,
    )
    .execute();
  expect(over).toEqual([]);
});
