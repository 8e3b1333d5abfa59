import { SORT_OPTIONS, type SortId } from "~/lib/constants";
import { asListed, listCollectionProducts } from "~/server/catalog/catalog.server";
import { collectionByHandle } from "~/server/catalog/catalogue.server";
import { apiError, apiPaging, json, methodNotAllowed, requireApiCatalogueReader } from "~/server/platform/api.server";
import type { Route } from "./+types/shop.collections.handle";
import { collectionJson } from "./catalogue-json.server";
import { productListJson } from "./legacy-json.server";

/**
 * A collection and one page of its products, answered as /api/shop/products/get answers products
 * (`data`, `total`, `page`, `pageCount`), the collection beside them. An old handle or the id
 * answers the collection as it is now (decision 0067): no redirect for a JSON client to follow.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireApiCatalogueReader(context);
  const found = params.handle.length <= 100 ? await collectionByHandle(params.handle.toLowerCase()) : null;
  const current = found && "movedTo" in found ? await collectionByHandle(found.movedTo) : found;
  if (!current || !("collection" in current)) return apiError(404, "Collection not found");
  const { collection } = current;
  const { page, limit } = apiPaging(request);
  const asked = new URL(request.url).searchParams.get("sortBy");
  // Without a sort (or with one it does not know), the collection's own order, as its page opens.
  const sortBy = SORT_OPTIONS.find((o) => o.id === asked)?.id ?? (collection.sort as SortId | "");
  const products = await listCollectionProducts(collection, sortBy, page, limit, asListed);
  return json({
    success: true,
    data: products.items.map(productListJson),
    total: products.total,
    page: products.page,
    pageCount: products.pageCount,
    collection: collectionJson(collection),
  });
}

export const action = () => methodNotAllowed("GET");
