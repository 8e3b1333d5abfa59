import { assertOwnUserId, methodNotAllowed, requireApiShopper } from "~/server/platform/api.server";
import { cartJson } from "~/routes/api/cart-json.server";
import type { Route } from "./+types/shop.cart.get";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireApiShopper(request);
  assertOwnUserId(user, params.userId);
  return cartJson(user.id);
}

export const action = () => methodNotAllowed("GET");
