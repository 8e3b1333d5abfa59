import { getImport } from "~/server/admin/import/jobs.server";
import { json, methodNotAllowed, requireApiAdmin } from "~/server/platform/api.server";
import type { Route } from "./+types/admin.products.import.id";
import { importId, importNotFound } from "./import-json.server";

// An import: its state, progress (items and rows done of their totals), the dry run's summary and
// what applying reported. Read again and again while it runs.
export async function loader({ params, context }: Route.LoaderArgs) {
  requireApiAdmin(context);
  const id = importId(params.id);
  const job = id ? await getImport(id) : null;
  if (!job) return importNotFound();
  return json({ success: true, data: job });
}

export const action = () => methodNotAllowed("GET");
