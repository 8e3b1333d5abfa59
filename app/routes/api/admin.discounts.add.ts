import { DISCOUNT_ADDED } from "~/lib/messages/discounts-owner";
import { DiscountSchema } from "~/lib/schemas/discounts";
import { createDiscount } from "~/server/discounts/codes.server";
import { apiError, firstIssue, json, methodNotAllowed, readBody, requireApiAdmin } from "~/server/platform/api.server";
import type { Route } from "./+types/admin.discounts.add";
import { discountJson } from "./legacy-json.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  requireApiAdmin(context);
  const parsed = DiscountSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const result = await createDiscount(parsed.data);
  if (!result.ok) return apiError(result.status, result.message);
  return json({ success: true, message: DISCOUNT_ADDED, data: discountJson(result.discount) }, { status: 201 });
}
