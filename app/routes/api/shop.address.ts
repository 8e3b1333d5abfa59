import { AddressSchema, IdSchema } from "~/lib/schemas";
import {
  addAddress,
  ADDRESS_ADDED,
  ADDRESS_DELETED,
  ADDRESS_NOT_FOUND,
  ADDRESS_UPDATED,
  deleteAddress,
  listAddresses,
  updateAddress,
} from "~/server/addresses.server";
import { apiError, assertOwnUserId, firstIssue, json, methodNotAllowed, readBody, requireApiShopper } from "~/server/api.server";
import type { Route } from "./+types/shop.address";

// /api/shop/address/{add | get/:userId | update/:userId/:addressId | delete/:userId/:addressId}
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireApiShopper(request);
  const [op, userId] = (params["*"] ?? "").split("/");
  if (op !== "get") return methodNotAllowed(op === "add" ? "POST" : op === "update" ? "PUT" : "DELETE");
  assertOwnUserId(user, userId);
  return json({ success: true, data: await listAddresses(user.id) });
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireApiShopper(request);
  const [op, userId, addressId] = (params["*"] ?? "").split("/");
  if (op === "add" && request.method === "POST") {
    const body = await readBody(request);
    assertOwnUserId(user, body.userId);
    const parsed = AddressSchema.safeParse(body);
    if (!parsed.success) return apiError(400, firstIssue(parsed.error));
    const result = await addAddress(user.id, parsed.data);
    return result.ok
      ? json({ success: true, message: ADDRESS_ADDED, data: result.address }, { status: 201 })
      : apiError(result.status, result.message);
  }
  if (op === "update" && request.method === "PUT") {
    assertOwnUserId(user, userId);
    const id = IdSchema.safeParse(addressId);
    if (!id.success) return apiError(404, ADDRESS_NOT_FOUND);
    const parsed = AddressSchema.safeParse(await readBody(request));
    if (!parsed.success) return apiError(400, firstIssue(parsed.error));
    const result = await updateAddress(user.id, id.data, parsed.data);
    return result.ok ? json({ success: true, message: ADDRESS_UPDATED, data: result.address }) : apiError(result.status, result.message);
  }
  if (op === "delete" && request.method === "DELETE") {
    assertOwnUserId(user, userId);
    const id = IdSchema.safeParse(addressId);
    if (!id.success || !(await deleteAddress(user.id, id.data))) return apiError(404, ADDRESS_NOT_FOUND);
    return json({ success: true, message: ADDRESS_DELETED });
  }
  return apiError(
    op === "add" || op === "update" || op === "delete" ? 405 : 404,
    op === "add" || op === "update" || op === "delete" ? "Method not allowed" : "Not found",
  );
}
