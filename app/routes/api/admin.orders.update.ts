import { IdSchema, OrderStatusSchema } from "~/lib/schemas";
import { apiError, firstIssue, json, methodNotAllowed, readBody, requireApiAdmin } from "~/server/platform/api.server";
import { updateOrderStatus } from "~/server/checkout/orders.server";
import type { Route } from "./+types/admin.orders.update";
import { ORDER_NOT_FOUND, ORDER_STATUS_UPDATED } from "~/lib/messages/checkout";

export const loader = () => methodNotAllowed("PUT");

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  requireApiAdmin(context);
  const parsed = OrderStatusSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const id = IdSchema.safeParse(params.id);
  if (!id.success || !(await updateOrderStatus(id.data, parsed.data.orderStatus))) return apiError(404, ORDER_NOT_FOUND);
  return json({ success: true, message: ORDER_STATUS_UPDATED });
}
