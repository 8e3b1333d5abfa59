import { MAX_UPLOAD_FORM_BYTES, UPLOAD_ROUTE_HANDLE } from "~/lib/constants";
import { apiError, json, methodNotAllowed, requireApiAdmin } from "~/server/platform/api.server";
import { parseFormBody, UnreadableBody } from "~/server/platform/form.server";
import { absoluteImageUrl } from "~/server/platform/image-urls.server";
import { uploadLoosePhoto } from "~/server/media/photos.server";
import type { Route } from "./+types/admin.products.upload-image";
import { FILE_TOO_LARGE } from "~/lib/messages/admin";

export const handle = UPLOAD_ROUTE_HANDLE;

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  requireApiAdmin(context);
  let form: FormData;
  try {
    form = await parseFormBody(request, MAX_UPLOAD_FORM_BYTES);
  } catch (error) {
    if (!(error instanceof UnreadableBody)) throw error;
    return apiError(error.status, error.status === 413 ? FILE_TOO_LARGE : error.message);
  }
  const file = form.get("my_file");
  if (!(file instanceof File) || file.size === 0) return apiError(400, "Please choose an image file in the field my_file");
  const stored = await uploadLoosePhoto(new Uint8Array(await file.arrayBuffer()));
  if (!stored.ok) return apiError(stored.status, stored.title ?? stored.message);
  return json({ success: true, result: { url: absoluteImageUrl(stored.url) } });
}
