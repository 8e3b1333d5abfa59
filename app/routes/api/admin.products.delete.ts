import { IdSchema } from "~/lib/schemas/fields";
import { apiError, json, methodNotAllowed, requireApiAdmin } from "~/server/platform/api.server";
import { deleteProduct } from "~/server/admin/products.server";
import type { Route } from "./+types/admin.products.delete";
import { PRODUCT_DELETED } from "~/lib/messages/admin";
import { PRODUCT_NOT_FOUND } from "~/lib/messages/catalog";

export const loader = () => methodNotAllowed("DELETE");

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  requireApiAdmin(context);
  const id = IdSchema.safeParse(params.id);
  if (!id.success || !(await deleteProduct(id.data))) return apiError(404, PRODUCT_NOT_FOUND);
  return json({ success: true, message: PRODUCT_DELETED });
}
