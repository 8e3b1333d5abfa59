import { IdSchema } from "~/lib/schemas/fields";
import { deleteAddress } from "~/server/accounts/addresses.server";
import { apiError, json, assertOwnUserId, methodNotAllowed, requireApiShopper } from "~/server/platform/api.server";
import type { Route } from "./+types/shop.address.delete";
import { ADDRESS_DELETED, ADDRESS_NOT_FOUND } from "~/lib/messages/accounts";

export const loader = () => methodNotAllowed("DELETE");

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const user = requireApiShopper(context);
  assertOwnUserId(user, params.userId);
  const id = IdSchema.safeParse(params.addressId);
  if (!id.success || !(await deleteAddress(user.id, id.data))) return apiError(404, ADDRESS_NOT_FOUND);
  return json({ success: true, message: ADDRESS_DELETED });
}
