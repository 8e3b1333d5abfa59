import { listDiscounts } from "~/server/discounts/codes.server";
import { json, methodNotAllowed, requireApiAdmin } from "~/server/platform/api.server";
import type { Route } from "./+types/admin.discounts.get";
import { discountJson } from "./legacy-json.server";

/** Every discount code, newest first, with its uses and the paid orders that used it. */
export async function loader({ context }: Route.LoaderArgs) {
  requireApiAdmin(context);
  return json({ success: true, data: (await listDiscounts()).map(discountJson) });
}

export const action = () => methodNotAllowed("GET");
