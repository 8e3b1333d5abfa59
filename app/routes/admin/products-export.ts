import { requireAdmin } from "~/server/accounts/session.server";
import { csvResponse } from "~/server/admin/csv.server";
import { PRODUCT_COLUMNS, productRows } from "~/server/admin/exports.server";
import type { Route } from "./+types/products-export";

// /admin/products/export.csv: every product with its sizes and stock as CSV, streamed; the owner's only.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return csvResponse(`products-${new Date().toISOString().slice(0, 10)}.csv`, PRODUCT_COLUMNS, productRows());
}
