import { IdSchema } from "~/lib/schemas/fields";
import { apiError, assertOwnUserId, methodNotAllowed, requireApiShopper } from "~/server/platform/api.server";
import { cartResponse } from "./legacy-json.server";
import { removeFromCart } from "~/server/cart/cart.server";
import type { Route } from "./+types/shop.cart.delete";
import { NOT_IN_CART } from "~/lib/messages/cart";

export const loader = () => methodNotAllowed("DELETE");

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const user = requireApiShopper(context);
  assertOwnUserId(user, params.userId);
  const id = IdSchema.safeParse(params.productId);
  // `?variantId=` removes one size of the product; without it every line of the product goes.
  const variantParam = new URL(request.url).searchParams.get("variantId");
  const variant = variantParam === null ? null : IdSchema.safeParse(variantParam);
  if (variant && !variant.success) return apiError(400, variant.error.issues[0]!.message);
  if (!id.success || !(await removeFromCart(user.id, id.data, variant?.data))) return apiError(404, NOT_IN_CART);
  return cartResponse(user.id);
}
