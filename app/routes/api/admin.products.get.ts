import { parseListingQuery } from "~/lib/listing";
import { apiPaging, listJson, methodNotAllowed, requireApiAdmin } from "~/server/platform/api.server";
import { listProducts } from "~/server/catalog/catalog.server";
import type { Route } from "./+types/admin.products.get";
import { productJson } from "./legacy-json.server";
import { waitingCounts } from "~/server/catalog/back-in-stock.server";

// Filters as the shop's list; always title A to Z.
export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiAdmin(context);
  const { page, limit } = apiPaging(request);
  const list = await listProducts({ ...parseListingQuery(new URL(request.url).searchParams), sortBy: "title-atoz", page }, limit);
  // Shoppers waiting for each sold-out size (issue 51), for the owner only.
  const waiting = await waitingCounts(list.items.map((p) => p.id));
  return listJson(list, (p) => ({
    ...productJson(p),
    backInStockWaiting: p.variants.flatMap((v) =>
      waiting[v.id] ? [{ variantId: v.id, size: v.size, color: v.color, waiting: waiting[v.id] }] : [],
    ),
  }));
}

export const action = () => methodNotAllowed("GET");
