import { json, methodNotAllowed, requireApiUser } from "~/server/api.server";
import { searchProducts } from "~/server/catalog.server";
import type { Route } from "./+types/shop.search";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireApiUser(request);
  const keyword = (params.keyword ?? "").slice(0, 200);
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("page"))) || 1);
  const results = await searchProducts(keyword, page, 100);
  return json({ success: true, data: results.items, total: results.total, page: results.page, pageCount: results.pageCount });
}

export const action = () => methodNotAllowed("GET");
