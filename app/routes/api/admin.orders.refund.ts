import { IdSchema } from "~/lib/schemas/fields";
import { RefundSchema } from "~/lib/schemas/orders";
import { apiError, firstIssue, json, methodNotAllowed, readBody, requireApiAdmin } from "~/server/platform/api.server";
import { refundByAdmin } from "~/server/orders/refunds.server";
import { amountToCents } from "~/lib/money";
import type { Route } from "./+types/admin.orders.refund";
import { ORDER_NOT_FOUND } from "~/lib/messages/checkout";
import { REFUND_DONE, REFUND_SENT } from "~/lib/messages/refunds";

export const loader = () => methodNotAllowed("POST");

/**
 * `{ items?: [{ variantId, quantity }], amount?, restock, reason, releaseDiscountUse? }`: restock is
 * true unless sent false; releaseDiscountUse (default false) gives the discount code's use back
 * once the order is refunded in full.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  requireApiAdmin(context);
  const body = await readBody(request);
  const parsed = RefundSchema.safeParse({ restock: true, ...body });
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const id = IdSchema.safeParse(params.id);
  if (!id.success) return apiError(404, ORDER_NOT_FOUND);
  const { items, amount, restock, reason, releaseDiscountUse } = parsed.data;
  const outcome = await refundByAdmin(id.data, {
    items,
    amountCents: amount === undefined ? undefined : amountToCents(amount),
    restock,
    reason,
    releaseDiscountUse,
  });
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  const done = outcome.status !== "requested";
  return json(
    { success: true, message: done ? REFUND_DONE : REFUND_SENT, data: { refundId: outcome.refundId, status: outcome.status } },
    { status: done ? 201 : 202 },
  );
}
