import { ProductSchema } from "~/lib/schemas/products";
import { apiError, firstIssue, json, methodNotAllowed, readBody, requireApiAdmin } from "~/server/platform/api.server";
import { saveProduct } from "~/server/admin/products.server";
import type { Route } from "./+types/admin.products.add";
import { PRODUCT_ADDED } from "~/lib/messages/admin";
import { productJson } from "./legacy-json.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  requireApiAdmin(context);
  const parsed = ProductSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const result = await saveProduct(null, parsed.data, null);
  if (!result.ok) return apiError(result.status, result.message);
  return json({ success: true, message: PRODUCT_ADDED, data: productJson(result.product) }, { status: 201 });
}
