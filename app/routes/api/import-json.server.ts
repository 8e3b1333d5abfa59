import type { ImportJob } from "~/lib/product-import";
import { IdSchema } from "~/lib/schemas/fields";
import { IMPORT_NOT_FOUND, type ImportRefusal } from "~/server/admin/import/jobs.server";
import { apiError, json } from "~/server/platform/api.server";

// The answers of /api/admin/products/import*: an import as ImportJob (app/lib/product-import.ts).

/** `{ success: true, data: job }` with `status`, or the refusal's `{ success: false, message }`. */
export function jobAnswer(result: { ok: true; job: ImportJob } | ImportRefusal, status = 200): Response {
  if (!result.ok) return apiError(result.status, result.message);
  return json({ success: true, data: result.job }, { status });
}

/** The import's id from the address, or null (answered 404, as an unknown id is). */
export function importId(param: string | undefined): string | null {
  const id = IdSchema.safeParse(param);
  return id.success ? id.data : null;
}

export const importNotFound = () => apiError(404, IMPORT_NOT_FOUND);
