import { AddressSchema } from "~/lib/schemas/addresses";
import { addAddress } from "~/server/accounts/addresses.server";
import { apiError, json, assertOwnUserId, firstIssue, methodNotAllowed, readBody, requireApiShopper } from "~/server/platform/api.server";
import type { Route } from "./+types/shop.address.add";
import { ADDRESS_ADDED } from "~/lib/messages/accounts";
import { addressJson } from "./legacy-json.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = requireApiShopper(context);
  const body = await readBody(request);
  assertOwnUserId(user, body.userId);
  const parsed = AddressSchema.safeParse(body);
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const result = await addAddress(user.id, parsed.data);
  if (!result.ok) return apiError(result.status, result.message);
  return json({ success: true, message: ADDRESS_ADDED, data: addressJson(result.address) }, { status: 201 });
}
