import { requireArea } from "~/server/accounts/session.server";
import { csvResponse } from "~/server/admin/csv.server";
import { ORDER_COLUMNS, orderRows } from "~/server/admin/exports.server";
import type { Route } from "./+types/orders-export";

// /admin/orders/export.csv: every order as CSV, streamed; the owner's only.
// A download outside the admin layout: guarded here.
export const middleware: Route.MiddlewareFunction[] = [requireArea("admin")];

export async function loader() {
  return csvResponse(`orders-${new Date().toISOString().slice(0, 10)}.csv`, ORDER_COLUMNS, orderRows());
}
