import { parseListingQuery } from "~/lib/listing";
import { json, methodNotAllowed, requireApiUser } from "~/server/api.server";
import { listProducts } from "~/server/catalog.server";
import type { Route } from "./+types/shop.products.get";

const MAX_LIMIT = 100;

// Query as the listing page: category and brand comma-joined, sortBy, plus page and limit (at most
// 100 a page, so no call can load the whole catalog).
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiUser(request);
  const params = new URL(request.url).searchParams;
  const query = parseListingQuery(params);
  const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(Number(params.get("limit"))) || MAX_LIMIT));
  const page = await listProducts(query, limit);
  return json({ success: true, data: page.items, total: page.total, page: page.page, pageCount: page.pageCount });
}

export const action = () => methodNotAllowed("GET");
