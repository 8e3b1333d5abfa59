import { assertOwnUserId, methodNotAllowed, requireApiShopper } from "~/server/platform/api.server";
import { cartResponse } from "./legacy-json.server";
import type { Route } from "./+types/shop.cart.get";

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireApiShopper(context);
  assertOwnUserId(user, params.userId);
  return cartResponse(user.id);
}

export const action = () => methodNotAllowed("GET");
