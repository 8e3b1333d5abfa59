import { BULK_MAX_BODY_BYTES, bulkChangedMessage } from "~/lib/bulk";
import { BulkRequestSchema, selectionOf } from "~/lib/schemas/bulk";
import { applyBulkChange, previewBulkChange } from "~/server/admin/bulk.server";
import { firstIssue, json, methodNotAllowed, readBody, requireApiAdmin } from "~/server/platform/api.server";
import type { Route } from "./+types/admin.products.bulk";

// A bulk change of products (issue 50, decision 0074): `preview: true` says what it would do;
// otherwise it is applied, all in one transaction, or refused with the products that refuse it.

/** 10,000 ids in JSON are about 270 KB: more than the 256 KB other JSON routes take. */
export const handle = { maxBodyBytes: BULK_MAX_BODY_BYTES };

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  requireApiAdmin(context);
  const parsed = BulkRequestSchema.safeParse(await readBody(request, BULK_MAX_BODY_BYTES));
  if (!parsed.success) return json({ success: false, message: firstIssue(parsed.error) }, { status: 400 });
  const { change, preview, skipRefused } = parsed.data;
  const selection = selectionOf(parsed.data);
  const result = preview ? await previewBulkChange(selection, change) : await applyBulkChange(selection, change, { skipRefused });
  if (!result.ok) {
    const body = result.refusals
      ? { success: false, message: result.message, refusals: result.refusals }
      : { success: false, message: result.message };
    return json(body, { status: result.status });
  }
  const { outcome } = result;
  const message = preview ? `${outcome.changed} of ${outcome.chosen} would change` : bulkChangedMessage(outcome.changed);
  return json({ success: true, message, data: outcome });
}
