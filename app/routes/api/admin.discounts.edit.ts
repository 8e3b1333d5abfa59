import { DISCOUNT_NOT_FOUND, DISCOUNT_UPDATED } from "~/lib/messages/discounts-owner";
import { DiscountSchema } from "~/lib/schemas/discounts";
import { IdSchema } from "~/lib/schemas/fields";
import { updateDiscount } from "~/server/discounts/codes.server";
import { apiError, firstIssue, json, methodNotAllowed, readBody, requireApiAdmin } from "~/server/platform/api.server";
import type { Route } from "./+types/admin.discounts.edit";
import { discountJson } from "./legacy-json.server";

export const loader = () => methodNotAllowed("PUT");

/** Replaces a code's settings (fields left out take their defaults; `active` left out is kept). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  requireApiAdmin(context);
  const id = IdSchema.safeParse(params.id);
  if (!id.success) return apiError(404, DISCOUNT_NOT_FOUND);
  const parsed = DiscountSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const result = await updateDiscount(id.data, parsed.data);
  if (!result.ok) return apiError(result.status, result.message);
  return json({ success: true, message: DISCOUNT_UPDATED, data: discountJson(result.discount) });
}
