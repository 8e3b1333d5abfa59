import { IdSchema } from "~/lib/schemas/fields";
import { ProductSchema } from "~/lib/schemas/products";
import { apiError, firstIssue, json, methodNotAllowed, readBody, requireApiAdmin } from "~/server/platform/api.server";
import { saveProduct } from "~/server/admin/products.server";
import type { Route } from "./+types/admin.products.edit";
import { PRODUCT_UPDATED } from "~/lib/messages/admin";
import { PRODUCT_NOT_FOUND } from "~/lib/messages/catalog";
import { productJson } from "./legacy-json.server";

export const loader = () => methodNotAllowed("PUT");

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  requireApiAdmin(context);
  const id = IdSchema.safeParse(params.id);
  if (!id.success) return apiError(404, PRODUCT_NOT_FOUND);
  const parsed = ProductSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const result = await saveProduct(id.data, parsed.data, null);
  if (!result.ok) return apiError(result.status, result.message);
  return json({ success: true, message: PRODUCT_UPDATED, data: productJson(result.product) });
}
