import { IMPORT_ROUTE_HANDLE } from "~/lib/product-import";
import { currentUser } from "~/server/accounts/session.server";
import { createImport, listImports, startImport } from "~/server/admin/import/jobs.server";
import { MAX_IMPORT_BYTES } from "~/server/admin/import/upload.server";
import { apiError, json, methodNotAllowed, requireApiAdmin } from "~/server/platform/api.server";
import { parseFormBody, UnreadableBody } from "~/server/platform/form.server";
import type { Route } from "./+types/admin.products.import";
import { jobAnswer } from "./import-json.server";

// GET: the latest imports, newest first. POST (multipart, the file in the field `file`): the dry
// run; with ?dryRun=1 the plan is answered (200) and waits for /:id/start, without it the import
// starts at once and is answered while it runs (202). Decision 0071, docs/api.md.

export const handle = IMPORT_ROUTE_HANDLE;

export async function loader({ context }: Route.LoaderArgs) {
  requireApiAdmin(context);
  return json({ success: true, data: await listImports() });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  requireApiAdmin(context);
  let form: FormData;
  try {
    form = await parseFormBody(request, handle.maxBodyBytes);
  } catch (error) {
    if (!(error instanceof UnreadableBody)) throw error;
    return apiError(
      error.status,
      error.status === 413 ? `The file is too large: at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB` : error.message,
    );
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0)
    return apiError(400, "Please choose a CSV file (or a ZIP of a CSV and its photos) in the field file");
  const planned = await createImport(
    { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) },
    currentUser(context)?.id ?? null,
  );
  if (!planned.ok) return jobAnswer(planned);
  const dryRun = new URL(request.url).searchParams.get("dryRun");
  if (dryRun === "1" || dryRun === "true") return jobAnswer(planned);
  return jobAnswer(await startImport(planned.job.id), 202);
}
