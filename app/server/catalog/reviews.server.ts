import { sql } from "kysely";
import type { SessionUser } from "~/lib/access";
import type { Review, ReviewEligibility } from "~/lib/product";
import type { ReviewInput } from "~/lib/schemas/reviews";
import { db, newId, now } from "~/server/database/db.server";
import { lockRows } from "~/server/database/locks.server";
import { orderKept } from "~/server/orders/kept.server";
import { isUniqueViolation } from "~/server/database/db-errors.server";
import { ALREADY_REVIEWED, MUST_PURCHASE, PRODUCT_NOT_FOUND } from "~/lib/messages/catalog";

export async function listReviews(productId: string): Promise<Review[]> {
  const rows = await db
    .selectFrom("reviews")
    .selectAll()
    .where("product_id", "=", productId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    productId: r.product_id,
    userId: r.user_id,
    userName: r.user_name,
    message: r.message,
    rating: r.rating,
    createdAt: r.created_at,
  }));
}

/**
 * Whether this shopper has an order with the product that still stands (orderKept: paid, not
 * cancelled, rejected or refunded in full), and has not reviewed it yet.
 */
export async function reviewEligibility(userId: string, productId: string): Promise<ReviewEligibility> {
  const reviewed = await db
    .selectFrom("reviews")
    .select("id")
    .where("product_id", "=", productId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (reviewed) return "already-reviewed";
  const bought = await db
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .select("orders.id")
    .where("orders.user_id", "=", userId)
    .where(orderKept)
    .where("order_items.product_id", "=", productId)
    .executeTakeFirst();
  return bought ? "allowed" : "not-purchased";
}

export type AddReviewResult = { ok: true; review: Review } | { ok: false; status: 403 | 404 | 409; message: string };

/**
 * The review rule: only a buyer (an order containing the product that still stands), once per product. The
 * product's cached average is updated in the same transaction.
 */
export async function addReview(user: SessionUser, input: ReviewInput): Promise<AddReviewResult> {
  const product = await db.selectFrom("products").select("id").where("id", "=", input.productId).executeTakeFirst();
  if (!product) return { ok: false, status: 404, message: PRODUCT_NOT_FOUND };
  const eligibility = await reviewEligibility(user.id, input.productId);
  if (eligibility === "not-purchased") return { ok: false, status: 403, message: MUST_PURCHASE };
  if (eligibility === "already-reviewed") return { ok: false, status: 409, message: ALREADY_REVIEWED };

  const row = {
    id: newId(),
    product_id: input.productId,
    user_id: user.id,
    user_name: user.userName,
    message: input.reviewMessage,
    rating: input.reviewValue,
    created_at: now(),
  };
  try {
    await db.transaction().execute(async (trx) => {
      // The product's row first: two reviews at once each count the other in the average.
      await lockRows(trx, trx.selectFrom("products").select("id").where("id", "=", input.productId)).execute();
      await trx.insertInto("reviews").values(row).execute();
      await trx
        .updateTable("products")
        .set({
          average_review: sql<number>`(select coalesce(avg(rating), 0) from reviews where product_id = ${input.productId})`,
          review_count: sql<number>`(select count(*) from reviews where product_id = ${input.productId})`,
        })
        .where("id", "=", input.productId)
        .execute();
    });
  } catch (error) {
    // A double submit racing past the check: the unique index answers.
    if (isUniqueViolation(error, "reviews")) {
      return { ok: false, status: 409, message: ALREADY_REVIEWED };
    }
    throw error;
  }
  return {
    ok: true,
    review: {
      id: row.id,
      productId: row.product_id,
      userId: row.user_id,
      userName: row.user_name,
      message: row.message,
      rating: row.rating,
      createdAt: row.created_at,
    },
  };
}
