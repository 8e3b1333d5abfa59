import { IdSchema } from "~/lib/schemas/fields";
import { RefuseReturnSchema } from "~/lib/schemas/orders";
import { apiError, firstIssue, json, methodNotAllowed, readBody, requireApiAdmin } from "~/server/platform/api.server";
import { receiveReturn, refuseReturn } from "~/server/orders/returns.server";
import type { Route } from "./+types/admin.orders.returns";
import { RETURN_NOT_FOUND, RETURN_RECEIVED, RETURN_REFUSED } from "~/lib/messages/returns";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/admin/orders/returns/:id/receive (refunds its money lines, ships its exchanges) and
 * POST /api/admin/orders/returns/:id/refuse `{ reason }`.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  requireApiAdmin(context);
  const id = IdSchema.safeParse(params.id);
  if (!id.success || (params.decision !== "receive" && params.decision !== "refuse")) return apiError(404, RETURN_NOT_FOUND);
  if (params.decision === "refuse") {
    const parsed = RefuseReturnSchema.safeParse(await readBody(request));
    if (!parsed.success) return apiError(400, firstIssue(parsed.error));
    const outcome = await refuseReturn(id.data, parsed.data.reason);
    if (!outcome.ok) return apiError(outcome.status, outcome.message);
    return json({ success: true, message: RETURN_REFUSED });
  }
  const outcome = await receiveReturn(id.data);
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  return json({ success: true, message: RETURN_RECEIVED, data: { refundId: outcome.refundId, status: outcome.status } });
}
