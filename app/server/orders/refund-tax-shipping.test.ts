import { sql } from "kysely";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OrderStatus } from "~/lib/constants";
import { orderTotals, type CostSettings } from "~/lib/costs/totals";
import { ORDER_NOT_FOUND } from "~/lib/messages/checkout";
import { NO_SHIPPING_CHARGED, NOT_PAID, REFUND_REFUSED, SHIPPING_REFUNDED_ALREADY, tooMuchRefund } from "~/lib/messages/refunds";
import { registerUser } from "~/server/accounts/users.server";
import { db, engine, newId, now } from "~/server/database/db.server";
import { caughtRefusal } from "~/server/platform/refusal.server";
import { productWith } from "#tests/support/catalog";
import { insertOrder } from "#tests/support/orders";
import { standIn } from "#tests/support/paypal-stand-in";
import { getOrder, updateOrderStatus } from "./orders.server";
import { refundFigures } from "./refund-pricing.server";
import { cancelOrder, refundByAdmin, refundShipping, writeRefund } from "./refunds.server";
import { receiveReturn, requestReturn } from "./returns.server";

// Refunds of orders that carry shipping and tax (issue 41; both engines): lines give back their
// price after the discount with their tax when prices exclude it (never adding it when prices
// include it), every unit in any steps and the shipping add up to exactly what was paid, a
// cancellation or rejection gives back the shipping not refunded yet, the owner may give back the
// shipping alone, and shipping goes back at most once whoever asks at once. Returns never give
// shipping back.

const paypal = standIn;
vi.mock("~/server/payments/paypal.server", async (real) =>
  (await import("#tests/support/paypal-stand-in")).withRefundStandIn(await real()),
);

let shopper: string;
beforeAll(async () => {
  const a = await registerUser({ userName: "taxed refunds", email: "taxed-refunds@example.com", password: "password123" });
  if (!a.ok) throw new Error("setup");
  shopper = a.user.id;
});
beforeEach(() => {
  paypal.mode = "ok";
  paypal.calls.length = 0;
});

/** 8.875 % added to the prices, or 20 % inside them; one method at $4.95 to Britain. */
const settings = (pricesIncludeTax: boolean): CostSettings => ({
  pricesIncludeTax,
  taxRates: { GB: pricesIncludeTax ? 20_000 : 8_875 },
  otherTaxRate: 0,
  zones: [
    {
      name: "UK",
      everywhereElse: false,
      countries: ["GB"],
      methods: [{ id: "standard", name: "Standard", priceCents: 495, freeAboveCents: null, estimate: "2-3 days" }],
    },
  ],
});

let captures = 0;
/**
 * A paid order of 3 × M at $10.00 and 1 × L at $20.00 to Britain with $4.95 shipping, written as
 * checkout writes it (orderTotals). Tax added (8.875 %): M $30.00 + $2.66, L $20.00 + $1.78,
 * shipping $4.95 + $0.44: $59.83. Tax included (20 %): $54.95, of which $9.15 tax.
 */
async function taxedOrder({ included = false, orderStatus = "confirmed" }: { included?: boolean; orderStatus?: OrderStatus } = {}) {
  const product = await productWith([
    { size: "M", stock: 5 },
    { size: "L", stock: 5 },
  ]);
  const [m, l] = product.variants;
  const cart = [
    { unitCents: 1000, quantity: 3, category: "men", brand: "nike" },
    { unitCents: 2000, quantity: 1, category: "men", brand: "nike" },
  ];
  const result = orderTotals({ lines: cart, discount: null, country: "GB", methodId: null, settings: settings(included) });
  if (!result.ok) throw new Error(result.message);
  const t = result.totals;
  const captureId = `TCAP${++captures}`;
  const id = await insertOrder(
    shopper,
    [
      { title: product.title, size: "M", quantity: 3, unitPriceCents: 1000, variantId: m!.id },
      { title: product.title, size: "L", quantity: 1, unitPriceCents: 2000, variantId: l!.id },
    ],
    {
      paymentStatus: "paid",
      orderStatus,
      capture_id: captureId,
      stock_reserved: 1,
      country: "GB",
      shipping_method: t.shipping!.name,
      shipping_estimate: t.shipping!.estimate,
      shipping_cents: t.shippingCents,
      shipping_tax_cents: t.shippingTaxCents,
      tax_cents: t.taxCents,
      tax_rate: t.taxRate,
      prices_include_tax: t.taxIncluded ? 1 : 0,
      total_cents: t.totalCents,
    },
  );
  for (const [size, line] of [
    ["M", t.lines[0]!],
    ["L", t.lines[1]!],
  ] as const) {
    await db.updateTable("order_items").set({ tax_cents: line.taxCents }).where("order_id", "=", id).where("size", "=", size).execute();
  }
  await db.updateTable("order_items").set({ product_id: product.id }).where("order_id", "=", id).execute();
  paypal.captures.set(captureId, { amountCents: t.totalCents, refundedCents: 0 });
  return { id, captureId, m: m!.id, l: l!.id, totalCents: t.totalCents };
}

const orderOf = (id: string) =>
  db.selectFrom("orders").select(["order_status", "refunded_cents", "total_cents"]).where("id", "=", id).executeTakeFirstOrThrow();
const shippingRefunds = (orderId: string) =>
  db
    .selectFrom("refunds")
    .select(["amount_cents", "shipping_cents", "status"])
    .where("order_id", "=", orderId)
    .where("shipping_cents", ">", 0)
    .execute();
const refundLine = (orderId: string, variantId: string, quantity: number) =>
  refundByAdmin(orderId, { items: [{ variantId, quantity }], restock: true, reason: "Refund" });

describe("lines of an order with tax", () => {
  it("prices excluding tax: a unit gives back its price and its share of the line's tax; every unit in any steps, then the shipping, adds up to the total", async () => {
    for (const steps of [[1, 1, 1], [2, 1], [1, 2], [3]]) {
      const order = await taxedOrder();
      expect(order.totalCents).toBe(5983);
      paypal.calls.length = 0;
      for (const n of steps) expect(await refundLine(order.id, order.m, n)).toMatchObject({ ok: true, status: "completed" });
      // $30.00 and its $2.66 tax, spread over 3 units: $10.89, $10.88, $10.89.
      expect(paypal.calls.reduce((sum, c) => sum + c.cents, 0)).toBe(3266);
      if (steps[0] === 1) expect(paypal.calls[0]!.cents).toBe(1089);
      expect(await refundLine(order.id, order.l, 1)).toMatchObject({ ok: true });
      expect(paypal.calls.at(-1)!.cents).toBe(2178);
      expect(await refundShipping(order.id)).toMatchObject({ ok: true, status: "completed" });
      expect(paypal.calls.at(-1)!.cents).toBe(539);
      expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 5983 });
      expect((await getOrder(order.id))!.paymentStatus).toBe("refunded");
      expect(paypal.captures.get(order.captureId)!.refundedCents).toBe(5983);
    }
  });

  it("prices including tax: the tax is inside the price, nothing is added", async () => {
    const order = await taxedOrder({ included: true });
    expect(order.totalCents).toBe(5495);
    expect(await refundLine(order.id, order.m, 1)).toMatchObject({ ok: true });
    expect(await refundLine(order.id, order.m, 2)).toMatchObject({ ok: true });
    expect(await refundLine(order.id, order.l, 1)).toMatchObject({ ok: true });
    expect(await refundShipping(order.id)).toMatchObject({ ok: true });
    expect(paypal.calls.map((c) => c.cents)).toEqual([1000, 2000, 2000, 495]);
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 5495 });
  });

  it("the refund form's figures come from the same rule: money left, the shipping, each line with its tax", async () => {
    const order = await taxedOrder();
    expect(await refundFigures(order.id)).toEqual({
      leftCents: 5983,
      shippingCents: 539,
      lines: expect.arrayContaining([
        { variantId: order.m, unitsLeft: 3, paidCents: 3266 },
        { variantId: order.l, unitsLeft: 1, paidCents: 2178 },
      ]),
    });
    await refundLine(order.id, order.m, 1);
    await refundShipping(order.id);
    const after = (await refundFigures(order.id))!;
    expect([after.leftCents, after.shippingCents]).toEqual([5983 - 1089 - 539, 0]);
    expect(after.lines.find((l) => l.variantId === order.m)).toEqual({ variantId: order.m, unitsLeft: 2, paidCents: 3266 });
    expect(await refundFigures(newId())).toBeNull();
  });
});

describe("a cancellation or rejection", () => {
  it("the shopper cancels: everything left goes back, the shipping with its tax recorded on the refund", async () => {
    const order = await taxedOrder({ orderStatus: "inProcess" });
    await refundLine(order.id, order.m, 1);
    paypal.calls.length = 0;
    expect(await cancelOrder(shopper, order.id)).toMatchObject({ ok: true, status: "completed" });
    expect(paypal.calls.map((c) => c.cents)).toEqual([5983 - 1089]);
    expect(await orderOf(order.id)).toEqual({ order_status: "cancelled", refunded_cents: 5983, total_cents: 5983 });
    expect(await shippingRefunds(order.id)).toEqual([{ amount_cents: 4894, shipping_cents: 539, status: "completed" }]);
    expect((await getOrder(order.id))!.refunds.map((r) => r.shippingCents)).toEqual([0, 539]);
    // Nothing is left, the shipping included.
    expect(await refundShipping(order.id)).toEqual({ ok: false, status: 409, message: tooMuchRefund(0) });
    expect(paypal.calls).toHaveLength(1);
  });

  it("the owner rejects after refunding the shipping: the rest goes back, the shipping not a second time", async () => {
    const order = await taxedOrder();
    expect(await refundShipping(order.id)).toMatchObject({ ok: true });
    expect(await updateOrderStatus(order.id, "rejected")).toMatchObject({ ok: true });
    expect(paypal.calls.map((c) => c.cents)).toEqual([539, 5983 - 539]);
    expect(await shippingRefunds(order.id)).toEqual([{ amount_cents: 539, shipping_cents: 539, status: "completed" }]);
    expect(await orderOf(order.id)).toMatchObject({ order_status: "rejected", refunded_cents: 5983 });
  });

  it("a whole-order refund gives back exactly what was paid less what was refunded, after a goodwill amount too", async () => {
    const order = await taxedOrder({ included: true });
    expect(await refundByAdmin(order.id, { amountCents: 1234, restock: false, reason: "Late" })).toMatchObject({ ok: true });
    expect(await updateOrderStatus(order.id, "rejected")).toMatchObject({ ok: true });
    expect(paypal.calls.map((c) => c.cents)).toEqual([1234, 5495 - 1234]);
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 5495 });
    expect(paypal.captures.get(order.captureId)!.refundedCents).toBe(5495);
    expect(await shippingRefunds(order.id)).toEqual([{ amount_cents: 4261, shipping_cents: 495, status: "completed" }]);
  });
});

describe("the owner refunds the shipping alone", () => {
  it("once: its row (no lines, no stock), PayPal, the e-mail; a second try is refused", async () => {
    const order = await taxedOrder();
    const outcome = await refundShipping(order.id);
    expect(outcome).toMatchObject({ ok: true, status: "completed" });
    expect(paypal.calls).toEqual([{ captureId: order.captureId, requestId: `refund-${outcome.ok && outcome.refundId}`, cents: 539 }]);
    const [row] = (await getOrder(order.id))!.refunds;
    expect(row).toMatchObject({ amountCents: 539, shippingCents: 539, status: "completed", reason: "Shipping", by: "admin", items: [] });
    expect(await db.selectFrom("outbox").select("kind").where("order_id", "=", order.id).execute()).toEqual([{ kind: "order-refund" }]);
    expect(await refundShipping(order.id)).toEqual({ ok: false, status: 409, message: SHIPPING_REFUNDED_ALREADY });
    expect(paypal.calls).toHaveLength(1);
    expect(await orderOf(order.id)).toMatchObject({ order_status: "confirmed", refunded_cents: 539 });
  });

  it("is refused with free delivery, before payment, for an unknown order; a refused one can be tried again", async () => {
    const free = await insertOrder(shopper, [{ title: "Tee", quantity: 1, unitPriceCents: 1000 }], {
      paymentStatus: "paid",
      capture_id: `TCAP${++captures}`,
    });
    expect(await refundShipping(free)).toEqual({ ok: false, status: 409, message: NO_SHIPPING_CHARGED });
    const unpaid = await insertOrder(shopper, [{ title: "Tee", quantity: 1, unitPriceCents: 1000 }], { shipping_cents: 495 });
    expect(await refundShipping(unpaid)).toEqual({ ok: false, status: 409, message: NOT_PAID });
    expect(await refundShipping(newId())).toEqual({ ok: false, status: 404, message: ORDER_NOT_FOUND });

    const order = await taxedOrder();
    paypal.captures.get(order.captureId)!.refundedCents = 5983; // refunded in PayPal's dashboard meanwhile
    expect(await refundShipping(order.id)).toEqual({ ok: false, status: 502, message: REFUND_REFUSED });
    expect(await shippingRefunds(order.id)).toEqual([{ amount_cents: 539, shipping_cents: 539, status: "failed" }]);
    paypal.captures.get(order.captureId)!.refundedCents = 0;
    expect(await refundShipping(order.id)).toMatchObject({ ok: true, status: "completed" });
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 539 });
  });

  it("ten refunds of the shipping and the shopper's cancellation at once: the shipping goes back once, the order exactly once in all", async () => {
    const order = await taxedOrder();
    const outcomes = await Promise.all([...Array.from({ length: 10 }, () => refundShipping(order.id)), cancelOrder(shopper, order.id)]);
    expect(outcomes.at(-1)).toMatchObject({ ok: true });
    expect(outcomes.filter((o) => o.ok).length).toBeLessThanOrEqual(2);
    const given = await shippingRefunds(order.id);
    expect(given.reduce((sum, r) => sum + r.shipping_cents, 0)).toBe(539);
    expect(await orderOf(order.id)).toMatchObject({ order_status: "cancelled", refunded_cents: 5983 });
    expect(paypal.captures.get(order.captureId)!.refundedCents).toBe(5983);
  });

  it("five transactions writing a refund of the shipping at once, past the order's lease: one row, the others refused under the order's lock", async () => {
    const order = await taxedOrder();
    // On PostgreSQL all five transactions are open before any decides (SQLite has one writer at a
    // time: its transactions take turns from BEGIN IMMEDIATE, and a barrier would wait forever).
    let begun = 0;
    let allBegun!: () => void;
    const barrier = new Promise<void>((resolve) => (allBegun = resolve));
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () =>
        db
          .transaction()
          .execute(async (trx) => {
            if (engine === "postgres") {
              await sql`select 1`.execute(trx);
              if (++begun === 5) allBegun();
              await barrier;
            }
            return writeRefund(trx, order.id, { by: "admin", lines: "shipping", restock: false, reason: "x", orderStatusAfter: null });
          })
          .then(
            (written) => ({ ok: true as const, cents: written.amountCents }),
            (error: unknown) => caughtRefusal(error).answer,
          ),
      ),
    );
    expect(attempts.filter((a) => a.ok)).toEqual([{ ok: true, cents: 539 }]);
    expect(attempts.filter((a) => !a.ok)).toEqual(Array(4).fill({ ok: false, status: 409, message: SHIPPING_REFUNDED_ALREADY }));
    expect(await shippingRefunds(order.id)).toEqual([{ amount_cents: 539, shipping_cents: 539, status: "requested" }]);
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 539 });
  });
});

describe("returns", () => {
  const delivered = async (included = false) => {
    const order = await taxedOrder({ included, orderStatus: "delivered" });
    await db
      .insertInto("order_status_history")
      .values({ id: newId(), order_id: order.id, from_status: "inShipping", status: "delivered", at: now(), by: "admin" })
      .execute();
    return order;
  };
  const returnOf = async (orderId: string, variantId: string, quantity: number) => {
    const asked = await requestReturn(shopper, orderId, { items: [{ variantId, quantity }], reason: "Too big" });
    if (!asked.ok) throw new Error(asked.message);
    return receiveReturn(asked.returnId);
  };

  it("a received return refunds its lines with their tax, never the shipping", async () => {
    const order = await delivered();
    expect(await returnOf(order.id, order.m, 1)).toMatchObject({ ok: true, status: "completed" });
    expect(await returnOf(order.id, order.m, 2)).toMatchObject({ ok: true });
    expect(await returnOf(order.id, order.l, 1)).toMatchObject({ ok: true });
    expect(paypal.calls.map((c) => c.cents)).toEqual([1089, 2177, 2178]);
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 5983 - 539 });
    expect(await shippingRefunds(order.id)).toEqual([]);
    // The shipping is still the owner's to give back.
    expect(await refundFigures(order.id)).toMatchObject({ leftCents: 539, shippingCents: 539, lines: [] });
  });

  it("with prices including tax, a return refunds the price paid", async () => {
    const order = await delivered(true);
    expect(await returnOf(order.id, order.l, 1)).toMatchObject({ ok: true });
    expect(paypal.calls.map((c) => c.cents)).toEqual([2000]);
  });

  it("after a goodwill amount took all the lines' money, a return gives back nothing: what is left is the shipping", async () => {
    const order = await delivered();
    expect(await refundByAdmin(order.id, { amountCents: 5983 - 539, restock: false, reason: "Goodwill" })).toMatchObject({ ok: true });
    paypal.calls.length = 0;
    expect(await returnOf(order.id, order.m, 3)).toMatchObject({ ok: true });
    expect(paypal.calls).toEqual([]);
    expect(await refundShipping(order.id)).toMatchObject({ ok: true });
    expect(paypal.calls.map((c) => c.cents)).toEqual([539]);
  });
});

it("shipping given back stays within what each order was charged for it, for every order written here", async () => {
  const over = await db
    .selectFrom("orders")
    .select("id")
    .where(
      sql<boolean>`coalesce((select sum(r.shipping_cents) from refunds r where r.order_id = orders.id and r.status != 'failed'), 0) > orders.shipping_cents + case when orders.prices_include_tax = 1 then 0 else orders.shipping_tax_cents end or orders.refunded_cents > orders.total_cents`,
    )
    .execute();
  expect(over).toEqual([]);
});
