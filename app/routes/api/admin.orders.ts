import { IdSchema, OrderStatusSchema } from "~/lib/schemas";
import { apiError, apiPaging, firstIssue, json, listJson, methodNotAllowed, readBody, requireApiAdmin } from "~/server/api.server";
import { getOrder, listAllOrders, ORDER_STATUS_UPDATED, updateOrderStatus } from "~/server/orders.server";
import type { Route } from "./+types/admin.orders";

// /api/admin/orders/{get | details/:id | update/:id}
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  const [op, rawId] = (params["*"] ?? "").split("/");
  if (op === "get") {
    const { page, limit } = apiPaging(request);
    return listJson(await listAllOrders(page, limit));
  }
  if (op === "details") {
    const id = IdSchema.safeParse(rawId);
    const order = id.success ? await getOrder(id.data) : null;
    return order ? json({ success: true, data: order }) : apiError(404, "Order not found");
  }
  return op === "update" ? methodNotAllowed("PUT") : apiError(404, "Not found");
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireApiAdmin(request);
  const [op, rawId] = (params["*"] ?? "").split("/");
  if (op !== "update") return op === "get" || op === "details" ? methodNotAllowed("GET") : apiError(404, "Not found");
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const parsed = OrderStatusSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const id = IdSchema.safeParse(rawId);
  if (!id.success || !(await updateOrderStatus(id.data, parsed.data.orderStatus))) return apiError(404, "Order not found");
  return json({ success: true, message: ORDER_STATUS_UPDATED });
}
