import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/lib/access";
import { db, newId, now } from "../platform/db.server";
import { getProduct } from "./catalog.server";
import { addReview, listReviews, reviewEligibility } from "./reviews.server";
import { seedDemoCatalog } from "../platform/seed.server";
import { registerUser } from "../accounts/users.server";
import { ALREADY_REVIEWED, MUST_PURCHASE } from "~/lib/messages/catalog";

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
