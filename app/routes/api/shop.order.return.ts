import { IdSchema } from "~/lib/schemas/fields";
import { ReturnSchema } from "~/lib/schemas/orders";
import { apiError, firstIssue, json, methodNotAllowed, readBody, requireApiShopper } from "~/server/platform/api.server";
import { requestReturn } from "~/server/orders/returns.server";
import type { Route } from "./+types/shop.order.return";
import { ORDER_NOT_FOUND } from "~/lib/messages/checkout";
import { RETURN_REQUESTED } from "~/lib/messages/returns";

export const loader = () => methodNotAllowed("POST");

/** `{ items: [{ variantId, quantity, exchangeVariantId? }], reason }`: a return request for a delivered order. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = requireApiShopper(context);
  const parsed = ReturnSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const id = IdSchema.safeParse(params.id);
  if (!id.success) return apiError(404, ORDER_NOT_FOUND);
  const outcome = await requestReturn(user.id, id.data, parsed.data);
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  return json({ success: true, message: RETURN_REQUESTED, data: { returnId: outcome.returnId } }, { status: 201 });
}
