import { json, assertOwnUserId, methodNotAllowed, requireApiShopper } from "~/server/platform/api.server";
import { listAddresses } from "~/server/accounts/addresses.server";
import type { Route } from "./+types/shop.address.get";
import { addressJson } from "./legacy-json.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireApiShopper(context);
  assertOwnUserId(user, params.userId);
  return json({ success: true, data: (await listAddresses(user.id)).map(addressJson) });
}

export const action = () => methodNotAllowed("GET");
