import { IdSchema } from "~/lib/schemas/fields";
import { apiError, json, methodNotAllowed, requireApiCatalogueReader } from "~/server/platform/api.server";
import { getProduct } from "~/server/catalog/catalog.server";
import type { Route } from "./+types/shop.products.get-one";
import { productJson } from "./legacy-json.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireApiCatalogueReader(context);
  const id = IdSchema.safeParse(params.id);
  const product = id.success ? await getProduct(id.data) : null;
  if (!product) return apiError(404, "Product not found");
  return json({ success: true, data: productJson(product) });
}

export const action = () => methodNotAllowed("GET");
