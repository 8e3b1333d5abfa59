import { CUSTOMER_NOT_FOUND } from "~/lib/messages/customers";
import { IdSchema } from "~/lib/schemas/fields";
import { blockCustomer, unblockCustomer } from "~/server/admin/customers.server";
import { apiError, json, methodNotAllowed, requireApiAdmin } from "~/server/platform/api.server";
import type { Route } from "./+types/admin.customers.access";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/admin/customers/block/:id (every session of the account ends, and it cannot sign in
 * until unblocked) and POST /api/admin/customers/unblock/:id (it can sign in again).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  requireApiAdmin(context);
  const id = IdSchema.safeParse(params.id);
  if (!id.success || (params.change !== "block" && params.change !== "unblock")) return apiError(404, CUSTOMER_NOT_FOUND);
  const outcome = await (params.change === "block" ? blockCustomer : unblockCustomer)(id.data);
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  return json({ success: true, message: outcome.message });
}
