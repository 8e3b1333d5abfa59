import { CUSTOMER_NOT_FOUND } from "~/lib/messages/customers";
import { IdSchema } from "~/lib/schemas/fields";
import { getCustomer } from "~/server/admin/customers.server";
import { apiError, json, methodNotAllowed, requireApiAdmin } from "~/server/platform/api.server";
import type { Route } from "./+types/admin.customers.details";
import { customerJson, orderJson } from "./legacy-json.server";

/** A shopper's account with every order they placed, newest first. */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireApiAdmin(context);
  const id = IdSchema.safeParse(params.id);
  const found = id.success ? await getCustomer(id.data) : null;
  if (!found) return apiError(404, CUSTOMER_NOT_FOUND);
  return json({ success: true, data: { ...customerJson(found.customer), orders: found.orders.map(orderJson) } });
}

export const action = () => methodNotAllowed("GET");
