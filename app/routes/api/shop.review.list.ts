import { IdSchema } from "~/lib/schemas/fields";
import { apiError, json, methodNotAllowed, requireApiCatalogueReader } from "~/server/platform/api.server";
import { getProduct } from "~/server/catalog/catalog.server";
import { listReviews } from "~/server/catalog/reviews.server";
import type { Route } from "./+types/shop.review.list";
import { reviewJson } from "./legacy-json.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireApiCatalogueReader(context);
  const id = IdSchema.safeParse(params.productId);
  if (!id.success || !(await getProduct(id.data))) return apiError(404, "Product not found");
  return json({ success: true, data: (await listReviews(id.data)).map(reviewJson) });
}

export const action = () => methodNotAllowed("GET");
