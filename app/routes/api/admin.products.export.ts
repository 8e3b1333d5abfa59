import { methodNotAllowed, requireApiAdmin } from "~/server/platform/api.server";
import { shopifyExportResponse } from "~/server/admin/shopify-export.server";
import type { Route } from "./+types/admin.products.export";

// GET /api/admin/products/export?q=&category=&brand=: the same file as the owner's page, as a
// download (text/csv), not JSON; 401/403 JSON for anyone but the owner.
export function loader({ request, context }: Route.LoaderArgs) {
  requireApiAdmin(context);
  return shopifyExportResponse(request);
}

export const action = () => methodNotAllowed("GET");
