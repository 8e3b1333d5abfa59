import { CUSTOMER_NOT_FOUND } from "~/lib/messages/customers";
import { IdSchema } from "~/lib/schemas";
import { unblockCustomer } from "~/server/admin/customers.server";
import { apiError, json, methodNotAllowed, requireApiAdmin } from "~/server/platform/api.server";
import type { Route } from "./+types/admin.customers.unblock";

export const loader = () => methodNotAllowed("POST");

/** Lets a blocked shopper sign in again. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  requireApiAdmin(context);
  const id = IdSchema.safeParse(params.id);
  if (!id.success) return apiError(404, CUSTOMER_NOT_FOUND);
  const outcome = await unblockCustomer(id.data);
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  return json({ success: true, message: outcome.message });
}
