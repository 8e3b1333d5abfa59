import { requireArea } from "~/server/accounts/session.server";
import { shopifyExportResponse } from "~/server/admin/shopify-export.server";
import type { Route } from "./+types/products-shopify-export";

// /admin/products/export?q=&category=&brand=: the products (all, or the list's filter) in
// Shopify's product CSV, streamed (issue 50); the owner's only. A download outside the admin
// layout: guarded here.
export const middleware: Route.MiddlewareFunction[] = [requireArea("admin")];

export function loader({ request }: Route.LoaderArgs) {
  return shopifyExportResponse(request);
}
