import { parseListingQuery } from "~/lib/listing";
import { apiPaging, listJson, methodNotAllowed, requireApiAdmin } from "~/server/platform/api.server";
import { listProducts } from "~/server/catalog/catalog.server";
import type { Route } from "./+types/admin.products.get";
import { productJson } from "./legacy-json.server";

// Filters as the shop's list; always title A to Z.
export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiAdmin(context);
  const { page, limit } = apiPaging(request);
  return listJson(
    await listProducts({ ...parseListingQuery(new URL(request.url).searchParams), sortBy: "title-atoz", page }, limit),
    productJson,
  );
}

export const action = () => methodNotAllowed("GET");
