import { AddressSchema } from "~/lib/schemas/addresses";
import { IdSchema } from "~/lib/schemas/fields";
import { updateAddress } from "~/server/accounts/addresses.server";
import { apiError, json, assertOwnUserId, firstIssue, methodNotAllowed, readBody, requireApiShopper } from "~/server/platform/api.server";
import type { Route } from "./+types/shop.address.update";
import { ADDRESS_NOT_FOUND, ADDRESS_UPDATED } from "~/lib/messages/accounts";
import { addressJson } from "./legacy-json.server";

export const loader = () => methodNotAllowed("PUT");

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const user = requireApiShopper(context);
  assertOwnUserId(user, params.userId);
  const id = IdSchema.safeParse(params.addressId);
  if (!id.success) return apiError(404, ADDRESS_NOT_FOUND);
  const parsed = AddressSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const result = await updateAddress(user.id, id.data, parsed.data);
  if (!result.ok) return apiError(result.status, result.message);
  return json({ success: true, message: ADDRESS_UPDATED, data: addressJson(result.address) });
}
