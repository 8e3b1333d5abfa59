import { assertOwnUserId, json, methodNotAllowed, requireApiShopper } from "~/server/platform/api.server";
import { listOrders } from "~/server/orders/orders.server";
import type { Route } from "./+types/shop.order.list";
import { orderJson } from "./legacy-json.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireApiShopper(context);
  assertOwnUserId(user, params.userId);
  return json({ success: true, data: (await listOrders(user.id)).map(orderJson) });
}

export const action = () => methodNotAllowed("GET");
