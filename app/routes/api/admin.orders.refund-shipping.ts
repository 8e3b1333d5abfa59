import { IdSchema } from "~/lib/schemas/fields";
import { RefundShippingSchema } from "~/lib/schemas/orders";
import { apiError, firstIssue, json, methodNotAllowed, readBody, requireApiAdmin } from "~/server/platform/api.server";
import { refundShipping } from "~/server/orders/refunds.server";
import type { Route } from "./+types/admin.orders.refund-shipping";
import { ORDER_NOT_FOUND } from "~/lib/messages/checkout";
import { REFUND_SENT, SHIPPING_REFUNDED } from "~/lib/messages/refunds";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/admin/orders/refund-shipping/:id `{ reason? }` (issue 41): gives back the order's
 * shipping not refunded yet, with its tax when prices excluded it. 201 when PayPal took it, 202
 * when sent and not confirmed yet; 409 when there is none left, or the order is not paid.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  requireApiAdmin(context);
  const parsed = RefundShippingSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const id = IdSchema.safeParse(params.id);
  if (!id.success) return apiError(404, ORDER_NOT_FOUND);
  const outcome = await refundShipping(id.data, { reason: parsed.data.reason });
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  const done = outcome.status !== "requested";
  return json(
    { success: true, message: done ? SHIPPING_REFUNDED : REFUND_SENT, data: { refundId: outcome.refundId, status: outcome.status } },
    { status: done ? 201 : 202 },
  );
}
