import { spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { sql } from "kysely";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "~/lib/access";
import { addAddress } from "~/server/accounts/addresses.server";
import { addToCart, getCart, type VariantChoice } from "~/server/cart/cart.server";
import { completePayment } from "./capture.server";
import { getOrder, updateOrderStatus } from "~/server/orders/orders.server";
import { settleInterruptedPayments } from "./recovery.server";
import { statusHistory } from "~/server/orders/timeline.server";
import { startCheckout } from "./start.server";
import { db } from "~/server/database/db.server";
import { seedDemoCatalog } from "~/server/demo/seed.server";
import { registerUser } from "~/server/accounts/users.server";
import { PAYMENT_PROBLEM } from "~/lib/messages/checkout";
import { productsWithoutSizes, productWith } from "#tests/support/catalog";
import { soldOut } from "~/lib/messages/checkout";

// A stand-in PayPal that can lose answers and go away, to leave orders exactly as a crash or a
// network failure between "stock reserved" and "payment recorded" does.
const paypal = vi.hoisted(() => ({
  orders: new Map<string, { status: string; value: string; captureId?: string; payerId?: string }>(),
  down: false, // every call fails, as when PayPal (or our own simulator) cannot be reached
  loseCaptureAnswer: false, // the capture happens, then PayPal is unreachable before it answers
  captureStarted: undefined as undefined | (() => void),
  captureDelayMs: 0,
}));
vi.mock("~/server/payments/paypal.server", () => {
  const result = (id: string) => {
    const o = paypal.orders.get(id)!;
    return { status: o.status, captureId: o.captureId, currency: "USD", value: o.value, payerId: o.payerId };
  };
  return {
    createPayPalOrder: async (_shopOrderId: string, _lines: unknown, { totalCents }: { totalCents: number }) => {
      const id = `PP${paypal.orders.size + 1}`;
      paypal.orders.set(id, { status: "PAYER_ACTION_REQUIRED", value: (totalCents / 100).toFixed(2) });
      return { id, approvalUrl: `https://paypal.test/checkoutnow?token=${id}` };
    },
    capturePayPalOrder: async (id: string) => {
      if (paypal.down) throw new Error("connect ECONNREFUSED");
      paypal.captureStarted?.();
      await new Promise((r) => setTimeout(r, paypal.captureDelayMs));
      const order = paypal.orders.get(id)!;
      if (order.status !== "APPROVED") throw new Error("PayPal answered 422: ORDER_NOT_APPROVED");
      Object.assign(order, { status: "COMPLETED", captureId: `CAP-${id}` });
      if (paypal.loseCaptureAnswer) {
        paypal.down = true;
        throw new Error("socket hang up");
      }
      return result(id);
    },
    getPayPalOrder: async (id: string) => {
      if (paypal.down) throw new Error("connect ECONNREFUSED");
      return result(id);
    },
  };
});

const approve = (id: string) => Object.assign(paypal.orders.get(id)!, { status: "APPROVED", payerId: "PAYER123" });
const stockOf = async (id: string) =>
  (await db.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;
const orderRow = (id: string) =>
  db
    .selectFrom("orders")
    .select(["payment_status", "order_status", "stock_reserved", "capture_id", "payer_id"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

let products: { id: string; stock: number }[];
beforeAll(async () => {
  await seedDemoCatalog();
  // Products without sizes: a cart line, an order line and the stock are the product's.
  products = (await productsWithoutSizes(11)).slice(0, 8);
  expect(products).toHaveLength(8);
});
beforeEach(() => {
  Object.assign(paypal, { down: false, loseCaptureAnswer: false, captureStarted: undefined, captureDelayMs: 0 });
});

let shoppers = 0;
/** A new shopper with `quantity` of `productId` in the cart and a PayPal order approved. */
async function approvedOrder(productId: string, quantity: number, ...more: Array<{ quantity: number; choice: VariantChoice }>) {
  const r = await registerUser({ userName: `payer ${++shoppers}`, email: `payer${shoppers}@example.com`, password: "password123" });
  if (!r.ok) throw new Error("setup");
  const user: SessionUser = r.user;
  const address = await addAddress(user.id, { address: "1 Road", city: "Town", pincode: "1", phone: "555", notes: "n" });
  if (!address.ok) throw new Error("setup");
  if (more.length) for (const line of more) await addToCart(user.id, productId, line.quantity, line.choice);
  else await addToCart(user.id, productId, quantity);
  const started = await startCheckout(user, address.address.id, "http://localhost:3000");
  if (!started.ok) throw new Error(started.message);
  const paypalId = new URL(started.approvalUrl).searchParams.get("token")!;
  approve(paypalId);
  return { user, orderId: started.orderId, paypalId };
}

/**
 * An approved order whose stock is taken but whose outcome is not recorded: what a process leaves
 * when it dies (or is still busy) between reserving the stock and the capture.
 */
async function reservedOrder(productId: string, quantity: number) {
  const order = await approvedOrder(productId, quantity);
  await db.updateTable("orders").set({ stock_reserved: 1 }).where("id", "=", order.orderId).execute();
  await db
    .updateTable("product_variants")
    .set({ stock: sql`stock - ${quantity}` })
    .where("product_id", "=", productId)
    .execute();
  return order;
}

describe("the cart after paying", () => {
  it("loses only what was paid for: lines and quantities added after checkout started stay", async () => {
    const [a, b, c] = [products[5]!, products[6]!, products[7]!];
    const { user, orderId, paypalId } = await approvedOrder(a.id, 2);
    // While the shopper is at PayPal, another tab adds one more A, and B.
    await addToCart(user.id, a.id, 1);
    await addToCart(user.id, b.id, 1);
    expect(await completePayment(user, paypalId, "PAYER123")).toEqual({ ok: true, orderId });
    const cart = await getCart(user.id);
    expect(cart.items.map((i) => [i.productId, i.quantity])).toEqual([
      [a.id, 1],
      [b.id, 1],
    ]);
    // The order charged and took A x2 only.
    expect(await stockOf(a.id)).toBe(a.stock - 2);
    expect(await stockOf(b.id)).toBe(b.stock);

    // A line with exactly the paid quantity goes entirely; the other lines are untouched.
    const second = await approvedOrder(c.id, 1);
    await addToCart(second.user.id, b.id, 2);
    expect(await completePayment(second.user, second.paypalId, "PAYER123")).toEqual({ ok: true, orderId: second.orderId });
    expect((await getCart(second.user.id)).items.map((i) => [i.productId, i.quantity])).toEqual([[b.id, 2]]);
  });
});

describe("payments interrupted between reserving stock and recording the outcome", () => {
  it("captured at PayPal but not recorded: the outcome is unknown, the stock stays held, recovery records the payment", async () => {
    const [product, other] = [products[0]!, products[1]!];
    const { user, orderId, paypalId } = await approvedOrder(product.id, 2);
    paypal.loseCaptureAnswer = true;
    // The capture's answer is lost and PayPal cannot be asked: neither paid nor given back.
    expect(await completePayment(user, paypalId, "PAYER123")).toEqual({ ok: false, status: 502, message: PAYMENT_PROBLEM });
    expect(paypal.orders.get(paypalId)!.status).toBe("COMPLETED");
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "pending", stock_reserved: 1 });
    expect(await stockOf(product.id)).toBe(product.stock - 2);

    // While PayPal is away recovery changes nothing; the shopper fills the cart again meanwhile.
    expect(await settleInterruptedPayments()).toEqual({ paid: 0, released: 0, failed: 0, unresolved: 1 });
    await addToCart(user.id, other.id, 1);
    paypal.down = false;
    expect(await settleInterruptedPayments()).toEqual({ paid: 1, released: 0, failed: 0, unresolved: 0 });
    expect(await orderRow(orderId)).toEqual({
      payment_status: "paid",
      order_status: "confirmed",
      stock_reserved: 1,
      capture_id: `CAP-${paypalId}`,
      payer_id: "PAYER123",
    });
    expect(await stockOf(product.id)).toBe(product.stock - 2);
    // The goods paid for left the cart; what was added since stays.
    expect((await getCart(user.id)).items.map((i) => i.productId)).toEqual([other.id]);

    // The shopper reloading the return page: success, nothing taken twice.
    expect(await completePayment(user, paypalId, "PAYER123")).toEqual({ ok: true, orderId });
    expect(await stockOf(product.id)).toBe(product.stock - 2);
    expect(await settleInterruptedPayments()).toEqual({ paid: 0, released: 0, failed: 0, unresolved: 0 });
  });

  it("not captured (the crash came first): recovery gives the stock back and the shopper can still pay", async () => {
    const product = products[2]!;
    // The state a SIGKILL after the reservation leaves: stock taken, PayPal order only approved.
    const { user, orderId, paypalId } = await reservedOrder(product.id, 3);

    expect(await settleInterruptedPayments()).toEqual({ paid: 0, released: 1, failed: 0, unresolved: 0 });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "pending", stock_reserved: 0 });
    expect(await stockOf(product.id)).toBe(product.stock);

    expect(await completePayment(user, paypalId, "PAYER123")).toEqual({ ok: true, orderId });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "paid", stock_reserved: 1 });
    expect(await stockOf(product.id)).toBe(product.stock - 3);
  });

  it("a capture PayPal refused (it says the order is not captured) gives the stock back at once", async () => {
    const product = products[3]!;
    const { user, orderId, paypalId } = await approvedOrder(product.id, 1);
    paypal.orders.get(paypalId)!.status = "PAYER_ACTION_REQUIRED"; // approval withdrawn
    expect(await completePayment(user, paypalId, "PAYER123")).toEqual({ ok: false, status: 502, message: PAYMENT_PROBLEM });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "pending", stock_reserved: 0 });
    expect(await stockOf(product.id)).toBe(product.stock);
  });

  it("recovery never settles an order a capture in progress is working on", async () => {
    const product = products[4]!;
    const { user, orderId, paypalId } = await approvedOrder(product.id, 2);
    paypal.captureDelayMs = 50;
    const inCapture = new Promise<void>((resolve) => (paypal.captureStarted = resolve));
    const paying = completePayment(user, paypalId, "PAYER123");
    await inCapture;
    // Reserved and still APPROVED at PayPal: on its own it would look like an interrupted payment.
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "pending", stock_reserved: 1 });
    const recovering = settleInterruptedPayments();
    expect(await paying).toEqual({ ok: true, orderId });
    expect(await recovering).toEqual({ paid: 0, released: 0, failed: 0, unresolved: 0 });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "paid", stock_reserved: 1 });
    expect(await stockOf(product.id)).toBe(product.stock - 2);
  });
});

describe("payment work across server processes (leases in the database)", () => {
  const holdLease = (orderId: string, until: Date) =>
    db
      .updateTable("orders")
      .set({ payment_lease: "another-process", payment_lease_until: until.toISOString() })
      .where("id", "=", orderId)
      .execute();

  it("recovery leaves alone an order another process is paying, and settles it once that lease has expired", async () => {
    const product = products[5]!;
    const before = await stockOf(product.id);
    // The state while another process captures: stock reserved, PayPal order still approved.
    const { orderId } = await reservedOrder(product.id, 1);
    await holdLease(orderId, new Date(Date.now() + 60_000));
    expect(await settleInterruptedPayments()).toEqual({ paid: 0, released: 0, failed: 0, unresolved: 0 });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "pending", stock_reserved: 1 });
    // That process died: its lease runs out, and the next round gives the stock back.
    await holdLease(orderId, new Date(Date.now() - 1));
    expect(await settleInterruptedPayments()).toEqual({ paid: 0, released: 1, failed: 0, unresolved: 0 });
    expect(await stockOf(product.id)).toBe(before);
  });

  it("a lease whose holder stopped renewing it is taken over when its term ends, whatever process id it names", async () => {
    const product = products[1]!;
    const before = await stockOf(product.id);
    const { orderId } = await reservedOrder(product.id, 1);
    // What a SIGKILL mid-capture leaves: a lease nobody renews. Naming a process of this machine
    // that no longer exists frees nothing early: the same name may be a live process elsewhere.
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    const lease = (until: Date) =>
      db
        .updateTable("orders")
        .set({ payment_lease: `${hostname()}/${dead}/x`, payment_lease_until: until.toISOString() })
        .where("id", "=", orderId)
        .execute();
    await lease(new Date(Date.now() + 60_000));
    expect(await settleInterruptedPayments()).toEqual({ paid: 0, released: 0, failed: 0, unresolved: 0 });
    await lease(new Date(Date.now() - 1));
    expect(await settleInterruptedPayments()).toEqual({ paid: 0, released: 1, failed: 0, unresolved: 0 });
    expect(await stockOf(product.id)).toBe(before);
  });

  it("a capture waits while another process holds the order, then pays it once", async () => {
    const product = products[6]!;
    const before = await stockOf(product.id);
    const { user, orderId, paypalId } = await approvedOrder(product.id, 1);
    await holdLease(orderId, new Date(Date.now() + 60_000));
    let leaseHeld = true;
    let startedWhileHeld = false;
    paypal.captureStarted = () => (startedWhileHeld ||= leaseHeld);
    const paying = completePayment(user, paypalId, "PAYER123");
    // Give the capture many turns at the database while the lease is held: it must not start.
    for (let i = 0; i < 20; i++) await db.selectFrom("orders").select("payment_lease").where("id", "=", orderId).execute();
    expect(paypal.orders.get(paypalId)!.status).toBe("APPROVED");
    leaseHeld = false;
    await db.updateTable("orders").set({ payment_lease: null, payment_lease_until: null }).where("id", "=", orderId).execute();
    expect(await paying).toEqual({ ok: true, orderId });
    expect(startedWhileHeld).toBe(false);
    expect(await stockOf(product.id)).toBe(before - 1);
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "paid" });
  });

  it("the same capture recorded twice (two processes) takes the paid goods out of the cart once", async () => {
    const [a, b] = [products[7]!, products[0]!];
    const { user, orderId, paypalId } = await approvedOrder(a.id, 1);
    await addToCart(user.id, a.id, 1); // one more A, added after checkout started
    await addToCart(user.id, b.id, 1);
    expect(await completePayment(user, paypalId, "PAYER123")).toEqual({ ok: true, orderId });
    const order = (await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow()) as never;
    const { recordPayment } = await import("./capture.server");
    await recordPayment(order, { status: "COMPLETED", currency: "USD", value: "0", captureId: "CAP-again" }, "PAYER123");
    expect((await getCart(user.id)).items.map((i) => [i.productId, i.quantity])).toEqual([
      [a.id, 1],
      [b.id, 1],
    ]);
    expect(await orderRow(orderId)).toMatchObject({ capture_id: `CAP-${paypalId}` });
  });
});

describe("sweeps of several processes at once", () => {
  it("share the interrupted orders out: each is settled once, by one sweep", async () => {
    // Six orders a crash left half-way: three captured at PayPal, three never captured.
    const orders = [];
    const before: number[] = [];
    for (let i = 0; i < 6; i++) {
      before.push(await stockOf(products[i]!.id));
      const order = await reservedOrder(products[i]!.id, 1);
      if (i % 2 === 0)
        paypal.orders.set(order.paypalId, {
          ...paypal.orders.get(order.paypalId)!,
          status: "COMPLETED",
          captureId: `CAP-${order.paypalId}`,
          payerId: "PAYER123",
        });
      orders.push(order);
    }
    // Four sweeps at once (on PostgreSQL each on its own connection, as four instances would be).
    const rounds = await Promise.all([1, 2, 3, 4].map(() => settleInterruptedPayments()));
    const total = rounds.reduce((sum, r) => ({ paid: sum.paid + r.paid, released: sum.released + r.released }), { paid: 0, released: 0 });
    expect(total).toEqual({ paid: 3, released: 3 });
    for (const [i, order] of orders.entries()) {
      expect(await orderRow(order.orderId)).toMatchObject(
        i % 2 === 0 ? { payment_status: "paid", stock_reserved: 1 } : { payment_status: "pending", stock_reserved: 0 },
      );
      // Stock taken once for a paid order, given back once for the others.
      expect(await stockOf(products[i]!.id)).toBe(before[i]! - (i % 2 === 0 ? 1 : 0));
    }
    expect(await settleInterruptedPayments()).toEqual({ paid: 0, released: 0, failed: 0, unresolved: 0 });
  });
});

describe("sizes at the till", () => {
  const stocks = async (productId: string) =>
    Object.fromEntries(
      (await db.selectFrom("product_variants").select(["size", "stock"]).where("product_id", "=", productId).execute()).map((v) => [
        v.size,
        v.stock,
      ]),
    );

  it("a payment takes each size's own stock; a refused capture gives it back to that size", async () => {
    const shirt = await productWith([
      { size: "S", stock: 5 },
      { size: "M", stock: 5 },
    ]);
    const paid = await approvedOrder(shirt.id, 0, { quantity: 2, choice: { size: "M" } }, { quantity: 1, choice: { size: "S" } });
    expect(await completePayment(paid.user, paid.paypalId, "PAYER123")).toEqual({ ok: true, orderId: paid.orderId });
    expect(await stocks(shirt.id)).toEqual({ S: 4, M: 3 });
    expect(await stockOf(shirt.id)).toBe(7);
    // The two sizes left the cart as two lines.
    expect((await getCart(paid.user.id)).items).toEqual([]);

    const refused = await approvedOrder(shirt.id, 0, { quantity: 3, choice: { size: "M" } });
    paypal.orders.get(refused.paypalId)!.status = "VOIDED"; // PayPal will not capture it
    expect(await completePayment(refused.user, refused.paypalId, "PAYER123")).toMatchObject({ ok: false, status: 502 });
    expect(await stocks(shirt.id)).toEqual({ S: 4, M: 3 });
  });

  it("the last unit of a size goes to one of the buyers paying for it at once; the other sizes are untouched", async () => {
    const shoe = await productWith(
      [
        { size: "EU 41", stock: 1 },
        { size: "EU 42", stock: 5 },
      ],
      { category: "footwear", title: "Last Pair Runner" },
    );
    const buyers = [];
    for (let i = 0; i < 6; i++) buyers.push(await approvedOrder(shoe.id, 0, { quantity: 1, choice: { size: "EU 41" } }));
    // Captures overlap: each waits a moment at PayPal while the others reserve.
    paypal.captureDelayMs = 20;
    const outcomes = await Promise.all(buyers.map((b) => completePayment(b.user, b.paypalId, "PAYER123")));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    for (const refusedOutcome of outcomes.filter((o) => !o.ok)) {
      expect(refusedOutcome).toEqual({ ok: false, status: 409, message: soldOut("Last Pair Runner (EU 41)") });
    }
    expect(await stocks(shoe.id)).toEqual({ "EU 41": 0, "EU 42": 5 });
    expect(await stockOf(shoe.id)).toBe(5);
  });
});

describe("the order's timeline", () => {
  const history = async (orderId: string) => (await statusHistory(orderId)).map((e) => [e.from, e.status, e.by]);

  it("records the order placed, the payment and each change the admin makes, in order; the same status again is no change", async () => {
    const tee = await productWith([{ size: "M", stock: 5 }], { title: "Timeline Tee" });
    const order = await approvedOrder(tee.id, 0, { quantity: 1, choice: { size: "M" } });
    expect(await history(order.orderId)).toEqual([[null, "pending", "shopper"]]);
    expect(await completePayment(order.user, order.paypalId, "PAYER123")).toEqual({ ok: true, orderId: order.orderId });
    expect((await updateOrderStatus(order.orderId, "inProcess")).ok).toBe(true);
    expect((await updateOrderStatus(order.orderId, "inProcess")).ok).toBe(true);
    expect((await updateOrderStatus(order.orderId, "inShipping")).ok).toBe(true);
    expect(await history(order.orderId)).toEqual([
      [null, "pending", "shopper"],
      ["pending", "confirmed", "payment"],
      ["confirmed", "inProcess", "admin"],
      ["inProcess", "inShipping", "admin"],
    ]);
    // In time order, and the details carry the same timeline.
    const details = (await getOrder(order.orderId, order.user.id))!;
    const times = details.statusHistory.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
    expect(details.statusHistory.map((e) => e.status)).toEqual(["pending", "confirmed", "inProcess", "inShipping"]);
  });

  it("a payment settled after a crash is the recovery's doing; a capture refused as sold out is the payment's rejection", async () => {
    const cap = await productWith([{ size: "One size", stock: 1 }], { category: "accessories", title: "Timeline Cap" });
    const settled = await approvedOrder(cap.id, 1);
    const late = await approvedOrder(cap.id, 1);
    paypal.loseCaptureAnswer = true;
    expect(await completePayment(settled.user, settled.paypalId, "PAYER123")).toMatchObject({ ok: false, status: 502 });
    paypal.down = false;
    paypal.loseCaptureAnswer = false;
    expect(await settleInterruptedPayments()).toMatchObject({ paid: 1 });
    expect(await history(settled.orderId)).toEqual([
      [null, "pending", "shopper"],
      ["pending", "confirmed", "recovery"],
    ]);
    expect(await completePayment(late.user, late.paypalId, "PAYER123")).toEqual({
      ok: false,
      status: 409,
      message: soldOut("Timeline Cap"),
    });
    expect(await history(late.orderId)).toEqual([
      [null, "pending", "shopper"],
      ["pending", "rejected", "payment"],
    ]);
  });
});
