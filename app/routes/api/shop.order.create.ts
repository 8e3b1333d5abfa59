import { z } from "zod";
import { apiError, assertOwnUserId, firstIssue, json, methodNotAllowed, readBody, requireApiShopper } from "~/server/platform/api.server";
import { startCheckout } from "~/server/checkout/start.server";
import { shopUrlFor } from "~/server/platform/config.server";
import type { Route } from "./+types/shop.order.create";
import { SELECT_ADDRESS } from "~/lib/messages/checkout";

// Only the address id is taken from the legacy create body: items, prices and the total come
// from the shopper's cart and the database, whatever the client sent.
const CreateBody = z.object({
  userId: z.string().optional(),
  addressInfo: z.object({ addressId: z.string({ error: SELECT_ADDRESS }) }, { error: SELECT_ADDRESS }),
});

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = requireApiShopper(context);
  const body = await readBody(request);
  assertOwnUserId(user, body.userId);
  const parsed = CreateBody.safeParse(body);
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const result = await startCheckout(user, parsed.data.addressInfo.addressId, shopUrlFor(request));
  if (!result.ok) return apiError(result.status, result.message);
  return json({ success: true, approvalURL: result.approvalUrl, orderId: result.orderId }, { status: 201 });
}
