import { discardImport, startImport } from "~/server/admin/import/jobs.server";
import { methodNotAllowed, requireApiAdmin } from "~/server/platform/api.server";
import type { Route } from "./+types/admin.products.import.change";
import { importId, importNotFound, jobAnswer } from "./import-json.server";

// POST /:id/start applies a planned import, exactly its plan, in the background (202; 409 when it
// is not planned any more, two clicks start it once). POST /:id/discard throws the plan away.
export const loader = () => methodNotAllowed("POST");

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  requireApiAdmin(context);
  const id = importId(params.id);
  if (!id) return importNotFound();
  if (new URL(request.url).pathname.endsWith("/start")) return jobAnswer(await startImport(id), 202);
  return jobAnswer(await discardImport(id));
}
