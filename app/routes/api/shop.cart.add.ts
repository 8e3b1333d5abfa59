import { AddToCartSchema } from "~/lib/schemas/cart";
import { apiError, assertOwnUserId, firstIssue, methodNotAllowed, readBody, requireApiShopper } from "~/server/platform/api.server";
import { cartResponse } from "./legacy-json.server";
import { addToCart } from "~/server/cart/cart.server";
import type { Route } from "./+types/shop.cart.add";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = requireApiShopper(context);
  const body = await readBody(request);
  assertOwnUserId(user, body.userId);
  const parsed = AddToCartSchema.safeParse(body);
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const { productId, quantity, ...choice } = parsed.data;
  const result = await addToCart(user.id, productId, quantity, choice);
  return result.ok ? cartResponse(user.id) : apiError(result.status, result.message);
}
