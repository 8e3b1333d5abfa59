import { IdSchema } from "~/lib/schemas";
import { apiError, json, methodNotAllowed, requireApiUser } from "~/server/platform/api.server";
import { getProduct } from "~/server/catalog/catalog.server";
import type { Route } from "./+types/shop.products.get-one";
import { productJson } from "./legacy-json.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  requireApiUser(context);
  const id = IdSchema.safeParse(params.id);
  const product = id.success ? await getProduct(id.data) : null;
  if (!product) return apiError(404, "Product not found");
  return json({ success: true, data: productJson(product) });
}

export const action = () => methodNotAllowed("GET");
