import { IdSchema } from "~/lib/schemas/fields";
import { apiError, json, methodNotAllowed, requireApiAdmin } from "~/server/platform/api.server";
import { getOrder } from "~/server/orders/orders.server";
import type { Route } from "./+types/admin.orders.details";
import { ORDER_NOT_FOUND } from "~/lib/messages/checkout";
import { orderWithOwnerJson } from "./legacy-json.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  requireApiAdmin(context);
  const id = IdSchema.safeParse(params.id);
  const order = id.success ? await getOrder(id.data) : null;
  return order ? json({ success: true, data: orderWithOwnerJson(order) }) : apiError(404, ORDER_NOT_FOUND);
}

export const action = () => methodNotAllowed("GET");
