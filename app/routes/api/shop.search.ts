import { apiPaging, listJson, methodNotAllowed, requireApiCatalogueReader } from "~/server/platform/api.server";
import { asListed, searchProducts } from "~/server/catalog/catalog.server";
import type { Route } from "./+types/shop.search";
import { productListJson } from "./legacy-json.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireApiCatalogueReader(context);
  const keyword = (params.keyword ?? "").slice(0, 200);
  const { page, limit } = apiPaging(request);
  return listJson(await searchProducts(keyword, page, limit, asListed), productListJson);
}

export const action = () => methodNotAllowed("GET");
