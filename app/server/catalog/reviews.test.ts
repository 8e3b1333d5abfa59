import { beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "~/lib/access";
import { db, newId, now } from "~/server/database/db.server";
import { getProduct } from "./catalog.server";
import { addReview, listReviews, reviewEligibility } from "./reviews.server";
import { seedDemoCatalog } from "~/server/demo/seed.server";
import { registerUser } from "~/server/accounts/users.server";
import { ALREADY_REVIEWED, MUST_PURCHASE } from "~/lib/messages/catalog";
import { insertOrder } from "#tests/support/orders";
import { updateOrderStatus } from "~/server/orders/orders.server";
import { standIn } from "#tests/support/paypal-stand-in";
import { cancelOrder, refundByAdmin } from "~/server/orders/refunds.server";

vi.mock("~/server/payments/paypal.server", async (real) =>
  (await import("#tests/support/paypal-stand-in")).withRefundStandIn(await real()),
);

let buyer: SessionUser;
let other: SessionUser;
let productId: string;
let otherProductId: string;

async function shopper(name: string): Promise<SessionUser> {
  const r = await registerUser({ userName: name, email: `${name}@example.com`, password: "password123" });
  if (!r.ok) throw new Error(r.message);
  return r.user;
}

async function order(user: SessionUser, product: string, paymentStatus: "paid" | "pending") {
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
      order_status: "pending",
      payment_method: "paypal",
      payment_status: paymentStatus,
      total_cents: 1000,
      payment_id: null,
      payer_id: null,
      order_date: now(),
      order_update_date: now(),
    })
    .execute();
  await db
    .insertInto("order_items")
    .values({ id: newId(), order_id: id, product_id: product, title: "x", image: "/x", unit_price_cents: 1000, quantity: 1 })
    .execute();
}

beforeAll(async () => {
  await seedDemoCatalog();
  const products = await db.selectFrom("products").select("id").limit(2).execute();
  productId = products[0]!.id;
  otherProductId = products[1]!.id;
  buyer = await shopper("buyer");
  other = await shopper("other");
  await order(buyer, productId, "paid");
  await order(other, productId, "pending"); // unpaid: does not count
});

describe("addReview", () => {
  it("refuses a shopper without a paid order of the product", async () => {
    expect(await reviewEligibility(other.id, productId)).toBe("not-purchased");
    expect(await addReview(other, { productId, reviewMessage: "Nice", reviewValue: 4 })).toEqual({
      ok: false,
      status: 403,
      message: MUST_PURCHASE,
    });
    expect(await addReview(buyer, { productId: otherProductId, reviewMessage: "Nice", reviewValue: 4 })).toMatchObject({
      ok: false,
      status: 403,
    });
  });

  it("accepts the buyer once and updates the product's average", async () => {
    const result = await addReview(buyer, { productId, reviewMessage: "Fits well", reviewValue: 4 });
    expect(result).toMatchObject({ ok: true, review: { userName: "buyer", rating: 4, message: "Fits well" } });
    expect((await getProduct(productId))?.averageRating).toBe(4);
    expect(await addReview(buyer, { productId, reviewMessage: "Again", reviewValue: 1 })).toEqual({
      ok: false,
      status: 409,
      message: ALREADY_REVIEWED,
    });
    expect(await listReviews(productId)).toHaveLength(1);
  });

  it("averages several reviews to one decimal", async () => {
    const third = await shopper("third");
    await order(third, productId, "paid");
    await addReview(third, { productId, reviewMessage: "Good", reviewValue: 5 });
    const fourth = await shopper("fourth");
    await order(fourth, productId, "paid");
    await addReview(fourth, { productId, reviewMessage: "Ok", reviewValue: 5 });
    expect((await getProduct(productId))?.averageRating).toBe(4.7); // (4 + 5 + 5) / 3
  });

  it("counts every review of reviews written at once in the product's average and count", async () => {
    const target = otherProductId;
    const reviewers = await Promise.all(Array.from({ length: 8 }, (_, i) => shopper(`together${i}`)));
    for (const r of reviewers) await order(r, target, "paid");
    const results = await Promise.all(
      reviewers.map((r, i) => addReview(r, { productId: target, reviewMessage: "Same time", reviewValue: i % 2 ? 5 : 1 })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const product = await db
      .selectFrom("products")
      .select(["review_count", "average_review"])
      .where("id", "=", target)
      .executeTakeFirstOrThrow();
    expect(product).toEqual({ review_count: 8, average_review: 3 });
  });

  it("answers 404 for an unknown product", async () => {
    expect(await addReview(buyer, { productId: newId(), reviewMessage: "?", reviewValue: 3 })).toMatchObject({ ok: false, status: 404 });
  });
});

describe("a buyer whose order did not stand (issue 38, point 9)", () => {
  let captures = 0;
  /** A paid order of one unit ($10) of `product` (or a free one, its code paid it all), in `orderStatus`. */
  async function paidOrder(user: SessionUser, product: string, { free = false } = {}) {
    const captureId = free ? null : `RVCAP${++captures}`;
    const id = await insertOrder(user.id, [{ title: "x", quantity: 1, unitPriceCents: 1000, discountCents: free ? 1000 : 0 }], {
      paymentStatus: "paid",
      capture_id: captureId,
      payment_method: free ? "none" : "paypal",
      stock_reserved: 1,
    });
    await db.updateTable("order_items").set({ product_id: product }).where("order_id", "=", id).execute();
    if (captureId) standIn.captures.set(captureId, { amountCents: 1000, refundedCents: 0 });
    return id;
  }
  const refused = async (user: SessionUser) => {
    expect(await reviewEligibility(user.id, otherProductId)).toBe("not-purchased");
    expect(await addReview(user, { productId: otherProductId, reviewMessage: "Never had it", reviewValue: 1 })).toEqual({
      ok: false,
      status: 403,
      message: MUST_PURCHASE,
    });
  };

  it("cannot review on the strength of an order cancelled, rejected or refunded in full, even marked delivered since", async () => {
    const cancelled = await shopper("cancelled-buyer");
    const order = await paidOrder(cancelled, otherProductId);
    expect(await cancelOrder(cancelled.id, order)).toMatchObject({ ok: true });
    expect(await updateOrderStatus(order, "delivered")).toMatchObject({ ok: true });
    await refused(cancelled);

    const rejected = await shopper("rejected-buyer");
    expect(await updateOrderStatus(await paidOrder(rejected, otherProductId), "rejected")).toMatchObject({ ok: true });
    await refused(rejected);

    const refunded = await shopper("refunded-buyer");
    const refundedOrder = await paidOrder(refunded, otherProductId);
    expect(await refundByAdmin(refundedOrder, { amountCents: 1000, restock: false, reason: "Lost parcel" })).toMatchObject({ ok: true });
    await refused(refunded);

    const free = await shopper("free-buyer");
    const freeOrder = await paidOrder(free, otherProductId, { free: true });
    expect(await cancelOrder(free.id, freeOrder)).toMatchObject({ ok: true, refundId: null });
    expect(await updateOrderStatus(freeOrder, "delivered")).toMatchObject({ ok: true });
    await refused(free);
  });

  it("still can with an order partly refunded, or another order that stands", async () => {
    const partly = await shopper("partly-buyer");
    const order = await paidOrder(partly, otherProductId);
    expect(await refundByAdmin(order, { amountCents: 300, restock: false, reason: "Late" })).toMatchObject({ ok: true });
    expect(await reviewEligibility(partly.id, otherProductId)).toBe("allowed");

    const again = await shopper("again-buyer");
    expect(await cancelOrder(again.id, await paidOrder(again, otherProductId))).toMatchObject({ ok: true });
    await paidOrder(again, otherProductId, { free: true });
    expect(await addReview(again, { productId: otherProductId, reviewMessage: "Bought it twice", reviewValue: 5 })).toMatchObject({
      ok: true,
    });
  });
});
