import { apiPaging, listJson, methodNotAllowed, requireApiAdmin } from "~/server/platform/api.server";
import { listAllOrders } from "~/server/orders/orders.server";
import type { Route } from "./+types/admin.orders.get";
import { adminOrderJson } from "./legacy-json.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiAdmin(context);
  const { page, limit } = apiPaging(request);
  // `?search=` as the orders page searches: "#1001" or "1001", an order id, or the buyer's name or e-mail.
  const search = (new URL(request.url).searchParams.get("search") ?? "").trim().slice(0, 100);
  return listJson(await listAllOrders(page, limit, { search }), adminOrderJson);
}

export const action = () => methodNotAllowed("GET");
