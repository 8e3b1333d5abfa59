import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cannotGoBack, ORDER_STATUS_UPDATED } from "~/lib/messages/checkout";
import type { AdminOrderStatus, OrderStatus } from "~/lib/constants";
import { registerUser } from "~/server/accounts/users.server";
import { productWith } from "#tests/support/catalog";
import { db } from "~/server/database/db.server";
import { insertOrder } from "#tests/support/orders";
import { updateOrderStatus } from "./orders.server";
import { cancelOrder, refundByAdmin } from "./refunds.server";
import { statusHistory } from "./timeline.server";
import { standIn } from "#tests/support/paypal-stand-in";

// The owner's status changes (issue 38, point 7; both engines): any status in any order (SPEC
// section 4), except back to pending (or confirmed) once the order has shipped, been delivered,
// cancelled, rejected or refunded: that would contradict what happened.

vi.mock("~/server/payments/paypal.server", async (real) =>
  (await import("#tests/support/paypal-stand-in")).withRefundStandIn(await real()),
);

let shopper: string;
beforeAll(async () => {
  const a = await registerUser({ userName: "status shopper", email: "status-shopper@example.com", password: "password123" });
  if (!a.ok) throw new Error("setup");
  shopper = a.user.id;
});
beforeEach(() => {
  standIn.mode = "ok";
});

let captures = 0;
/** A paid order of 2 × M at $20 (or a free one its code paid for), in `orderStatus`. */
async function paidOrder(orderStatus: OrderStatus = "confirmed", { free = false } = {}) {
  const product = await productWith([{ size: "M", stock: 5 }]);
  const captureId = free ? null : `SCAP${++captures}`;
  const id = await insertOrder(
    shopper,
    [
      {
        title: product.title,
        size: "M",
        quantity: 2,
        unitPriceCents: 2000,
        variantId: product.variants[0]!.id,
        discountCents: free ? 4000 : 0,
      },
    ],
    { paymentStatus: "paid", orderStatus, capture_id: captureId, payment_method: free ? "none" : "paypal", stock_reserved: 1 },
  );
  if (captureId) standIn.captures.set(captureId, { amountCents: 4000, refundedCents: 0 });
  return { id, m: product.variants[0]!.id };
}

const statusOf = async (id: string) =>
  (await db.selectFrom("orders").select("order_status").where("id", "=", id).executeTakeFirstOrThrow()).order_status;

/** Refused with 409 and the message, and nothing written: the status and the timeline stay. */
async function expectRefused(id: string, to: AdminOrderStatus, message: string) {
  const [status, history] = [await statusOf(id), await statusHistory(id)];
  expect(await updateOrderStatus(id, to)).toEqual({ ok: false, status: 409, message });
  expect(await statusOf(id)).toBe(status);
  expect(await statusHistory(id)).toEqual(history);
}

describe("the owner changes an order's status", () => {
  it("in any order while nothing has happened to it: confirmed, in process, back to pending", async () => {
    const order = await paidOrder();
    for (const to of ["inProcess", "pending", "inProcess"] as const) {
      expect(await updateOrderStatus(order.id, to)).toEqual({ ok: true, message: ORDER_STATUS_UPDATED });
      expect(await statusOf(order.id)).toBe(to);
    }
  });

  it("not back to pending once it has shipped or been delivered, even after a step back in between", async () => {
    const shipped = await paidOrder();
    expect(await updateOrderStatus(shipped.id, "inShipping")).toMatchObject({ ok: true });
    await expectRefused(shipped.id, "pending", cannotGoBack("inShipping", "Pending"));
    // Back to in process is allowed (SPEC); pending still is not: the parcel left.
    expect(await updateOrderStatus(shipped.id, "inProcess")).toMatchObject({ ok: true });
    await expectRefused(shipped.id, "pending", cannotGoBack("inShipping", "Pending"));

    const delivered = await paidOrder("delivered");
    await expectRefused(delivered.id, "pending", cannotGoBack("delivered", "Pending"));
    // Moves forward and sideways stay free.
    expect(await updateOrderStatus(delivered.id, "inShipping")).toMatchObject({ ok: true });
  });

  it("not back to pending once it was cancelled, rejected or refunded", async () => {
    const cancelled = await paidOrder();
    expect(await cancelOrder(shopper, cancelled.id)).toMatchObject({ ok: true });
    await expectRefused(cancelled.id, "pending", cannotGoBack("cancelled", "Pending"));

    const rejected = await paidOrder();
    expect(await updateOrderStatus(rejected.id, "rejected")).toMatchObject({ ok: true });
    expect(await statusOf(rejected.id)).toBe("rejected");
    await expectRefused(rejected.id, "pending", cannotGoBack("rejected", "Pending"));
    // Rejected then moved on: still not pending.
    expect(await updateOrderStatus(rejected.id, "inProcess")).toMatchObject({ ok: true });
    await expectRefused(rejected.id, "pending", cannotGoBack("rejected", "Pending"));

    const refunded = await paidOrder("inProcess");
    expect(
      await refundByAdmin(refunded.id, { items: [{ variantId: refunded.m, quantity: 1 }], restock: true, reason: "Torn" }),
    ).toMatchObject({
      ok: true,
    });
    await expectRefused(refunded.id, "pending", cannotGoBack("refunded", "Pending"));

    const free = await paidOrder("confirmed", { free: true });
    expect(await updateOrderStatus(free.id, "rejected")).toMatchObject({ ok: true });
    await expectRefused(free.id, "pending", cannotGoBack("rejected", "Pending"));
  });
});
