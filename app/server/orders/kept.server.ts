import type { ExpressionBuilder } from "kysely";
import type { Database } from "#db/schema";

/**
 * The one rule for an order that still stands as a sale (issue 38, points 8 and 9): paid, not
 * cancelled or rejected, and not refunded in full. An order its discount code paid for in full
 * has nothing to refund: it stands until it is cancelled or rejected, which gives its stock claim
 * back (`stock_reserved` 1 → 0, closeFreeOrder), so it does not stand again if the owner marks it
 * delivered afterwards. A paid order cancelled has been refunded in full, whatever its status says
 * later. What a discount code's uses and revenue count, and what makes a shopper a buyer who may
 * review a product.
 */
export function orderKept(eb: ExpressionBuilder<Database, "orders">) {
  return eb.and([
    eb("orders.payment_status", "=", "paid"),
    eb("orders.order_status", "not in", ["cancelled", "rejected"]),
    eb.or([
      eb("orders.refunded_cents", "<", eb.ref("orders.total_cents")),
      eb.and([eb("orders.total_cents", "=", 0), eb("orders.stock_reserved", "=", 1)]),
    ]),
  ]);
}
