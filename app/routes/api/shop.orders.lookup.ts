import { OrderLookupSchema } from "~/lib/schemas/order-lookup";
import { lookupGuestOrder } from "~/server/orders/guest-orders.server";
import { apiError, firstIssue, json, methodNotAllowed, readBody } from "~/server/platform/api.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import type { Route } from "./+types/shop.orders.lookup";

// POST /api/shop/orders/lookup (issue 51): `{ number, email }` (number as 1001 or "#1001"). A
// guest's order with that number, placed with that address, gets an e-mail with a new link to its
// page; the answer (202) is the same whether or not there is one. The look-up page's service and
// limits (per client address and per order number, across processes: 429 with Retry-After). For
// anyone, signed in or not.
export const loader = () => methodNotAllowed("POST");

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const parsed = OrderLookupSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const asked = await lookupGuestOrder(parsed.data, clientIp(request));
  if (!asked.ok) return apiError(asked.status, asked.message, asked.headers);
  return json({ success: true, message: asked.message }, { status: 202 });
}
