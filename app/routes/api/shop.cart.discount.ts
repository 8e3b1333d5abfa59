import { ApplyDiscountSchema } from "~/lib/schemas/discounts";
import { applyDiscountCode, removeDiscountCode } from "~/server/discounts/apply.server";
import { apiError, assertOwnUserId, firstIssue, methodNotAllowed, readBody, requireApiShopper } from "~/server/platform/api.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import { cartResponse } from "./legacy-json.server";
import type { Route } from "./+types/shop.cart.discount";

// The shopper's discount code (issue 33): POST `{ code }` applies it to the cart, DELETE takes it
// off. Both answer the whole cart, with its subtotal, the code's discount and the total.

export const loader = () => methodNotAllowed("POST, DELETE");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed("POST, DELETE");
  const user = requireApiShopper(context);
  if (request.method === "DELETE") {
    const removed = await removeDiscountCode(user.id);
    return removed.ok ? cartResponse(user.id, 200, removed.message) : apiError(removed.status, removed.message);
  }
  const body = await readBody(request);
  assertOwnUserId(user, body.userId);
  const parsed = ApplyDiscountSchema.safeParse(body);
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const result = await applyDiscountCode(user.id, parsed.data.code, clientIp(request));
  if (result.ok) return cartResponse(user.id, 200, result.message);
  return apiError(result.status, result.message, "headers" in result ? result.headers : undefined);
}
