import { IdSchema } from "~/lib/schemas/fields";
import { OrderStatusSchema } from "~/lib/schemas/orders";
import { apiError, firstIssue, json, methodNotAllowed, readBody, requireApiAdmin } from "~/server/platform/api.server";
import { updateOrderStatus } from "~/server/orders/orders.server";
import type { Route } from "./+types/admin.orders.update";
import { ORDER_NOT_FOUND } from "~/lib/messages/checkout";

export const loader = () => methodNotAllowed("PUT");

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  requireApiAdmin(context);
  const parsed = OrderStatusSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const id = IdSchema.safeParse(params.id);
  if (!id.success) return apiError(404, ORDER_NOT_FOUND);
  // "rejected" on a paid order refunds it and puts its units back first (orders.server.ts).
  // `carrier` and `trackingNumber` are optional, with "inShipping" only; left out, the order keeps its own.
  const { orderStatus, releaseDiscountUse, carrier, trackingNumber } = parsed.data;
  const outcome = await updateOrderStatus(id.data, orderStatus, { releaseDiscountUse, parcel: { carrier, trackingNumber } });
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  return json({ success: true, message: outcome.message });
}
