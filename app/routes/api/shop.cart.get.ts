import { assertOwnUserId, methodNotAllowed, requireApiShopper } from "~/server/platform/api.server";
import { cartResponse } from "./legacy-json.server";
import type { Route } from "./+types/shop.cart.get";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireApiShopper(request);
  assertOwnUserId(user, params.userId);
  return cartResponse(user.id);
}

export const action = () => methodNotAllowed("GET");
