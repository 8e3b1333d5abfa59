import { requireArea } from "~/server/accounts/session.server";
import { csvResponse } from "~/server/admin/csv.server";
import { PRODUCT_COLUMNS, productRows } from "~/server/admin/exports.server";
import type { Route } from "./+types/products-export";

// /admin/products/export.csv: every product with its sizes and stock as CSV, streamed; the owner's only.
// A download outside the admin layout: guarded here.
export const middleware: Route.MiddlewareFunction[] = [requireArea("admin")];

export async function loader() {
  return csvResponse(`products-${new Date().toISOString().slice(0, 10)}.csv`, PRODUCT_COLUMNS, productRows());
}
