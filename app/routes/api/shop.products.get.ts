import { parseListingQuery } from "~/lib/listing";
import { apiPaging, listJson, methodNotAllowed, requireApiCatalogueReader } from "~/server/platform/api.server";
import { asListed, listProducts } from "~/server/catalog/catalog.server";
import type { Route } from "./+types/shop.products.get";
import { productListJson } from "./legacy-json.server";

// Query as the listing page: category and brand comma-joined, sortBy, plus page and limit (at most
// 100 a page, so no call can load the whole catalog).
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireApiCatalogueReader(context);
  const { page, limit } = apiPaging(request);
  return listJson(await listProducts({ ...parseListingQuery(new URL(request.url).searchParams), page }, limit, asListed), productListJson);
}

export const action = () => methodNotAllowed("GET");
