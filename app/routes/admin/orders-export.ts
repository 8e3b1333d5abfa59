import { requireAdmin } from "~/server/accounts/session.server";
import { csvResponse } from "~/server/admin/csv.server";
import { ORDER_COLUMNS, orderRows } from "~/server/admin/exports.server";
import type { Route } from "./+types/orders-export";

// /admin/orders/export.csv: every order as CSV, streamed; the owner's only.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return csvResponse(`orders-${new Date().toISOString().slice(0, 10)}.csv`, ORDER_COLUMNS, orderRows());
}
