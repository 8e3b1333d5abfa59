import { UpdateCartSchema } from "~/lib/schemas/cart";
import { apiError, assertOwnUserId, firstIssue, methodNotAllowed, readBody, requireApiShopper } from "~/server/platform/api.server";
import { cartResponse } from "./legacy-json.server";
import { updateCartQuantity } from "~/server/cart/cart.server";
import type { Route } from "./+types/shop.cart.update";

export const loader = () => methodNotAllowed("PUT");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const user = requireApiShopper(context);
  const body = await readBody(request);
  assertOwnUserId(user, body.userId);
  const parsed = UpdateCartSchema.safeParse(body);
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const result = await updateCartQuantity(user.id, parsed.data.productId, parsed.data.quantity, parsed.data.variantId);
  return result.ok ? cartResponse(user.id) : apiError(result.status, result.message);
}
