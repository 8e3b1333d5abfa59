import { apiPaging, listJson, methodNotAllowed, requireApiAdmin } from "~/server/platform/api.server";
import { listAllOrders } from "~/server/orders/orders.server";
import type { Route } from "./+types/admin.orders.get";
import { orderJson } from "./legacy-json.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiAdmin(context);
  const { page, limit } = apiPaging(request);
  return listJson(await listAllOrders(page, limit), orderJson);
}

export const action = () => methodNotAllowed("GET");
