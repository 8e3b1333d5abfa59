import { IdSchema } from "~/lib/schemas/fields";
import { apiError, json, methodNotAllowed, requireApiShopper } from "~/server/platform/api.server";
import { cancelOrder } from "~/server/orders/refunds.server";
import type { Route } from "./+types/shop.order.cancel";
import { ORDER_NOT_FOUND } from "~/lib/messages/checkout";
import { cancelledMessage } from "~/lib/messages/refunds";

export const loader = () => methodNotAllowed("POST");

/** The shopper cancels an order that has not shipped: refunded in full, its units back in stock. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = requireApiShopper(context);
  const id = IdSchema.safeParse(params.id);
  if (!id.success) return apiError(404, ORDER_NOT_FOUND);
  const outcome = await cancelOrder(user.id, id.data);
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  // Sent, not yet confirmed by PayPal: accepted (202); the order changes once PayPal answers.
  const done = outcome.status !== "requested";
  return json(
    { success: true, message: cancelledMessage(outcome), data: { refundId: outcome.refundId, status: outcome.status } },
    { status: done ? 200 : 202 },
  );
}
