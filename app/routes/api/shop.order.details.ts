import { IdSchema } from "~/lib/schemas/fields";
import { apiError, json, methodNotAllowed, requireApiShopper } from "~/server/platform/api.server";
import { getOrder } from "~/server/orders/orders.server";
import type { Route } from "./+types/shop.order.details";
import { ORDER_NOT_FOUND } from "~/lib/messages/checkout";
import { orderDetailsJson } from "./legacy-json.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireApiShopper(context);
  const id = IdSchema.safeParse(params.orderId);
  const order = id.success ? await getOrder(id.data, user.id) : null;
  if (!order) return apiError(404, ORDER_NOT_FOUND);
  // The owner's name and e-mail are for the admin's view; the shopper knows who they are.
  return json({ success: true, data: orderDetailsJson(order) });
}

export const action = () => methodNotAllowed("GET");
