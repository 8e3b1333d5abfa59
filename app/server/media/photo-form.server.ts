import { MAX_PHOTOS_FORM_BYTES, MAX_PHOTOS_UPLOAD_BYTES } from "~/lib/constants";
import { NO_PHOTOS_CHOSEN, PHOTOS_TOO_LARGE } from "~/lib/messages/admin";
import { parseFormBody, UnreadableBody } from "~/server/platform/form.server";
import type { NewPhoto } from "./photos.server";

// Reading "Add photos" (the photo manager's form and `POST /api/admin/products/:id/photos` alike):
// several files in the field `photos`, with one optional colour and alt text for all of them.

type Refused = { ok: false; status: 400 | 413 | 415; message: string };

/** The body as a form, at most MAX_PHOTOS_FORM_BYTES; larger is PHOTOS_TOO_LARGE (413), without reading it. */
export async function readPhotosForm(request: Request): Promise<{ ok: true; form: FormData } | Refused> {
  try {
    return { ok: true, form: await parseFormBody(request, MAX_PHOTOS_FORM_BYTES) };
  } catch (error) {
    if (!(error instanceof UnreadableBody)) throw error;
    return { ok: false, status: error.status, message: error.status === 413 ? PHOTOS_TOO_LARGE : error.message };
  }
}

/** The chosen files as new photos. A file input left empty sends one nameless empty file: not a photo. */
export async function newPhotosFrom(form: FormData): Promise<{ ok: true; photos: NewPhoto[] } | Refused> {
  const files = form.getAll("photos").filter((f): f is File => f instanceof File && f.size > 0);
  if (!files.length) return { ok: false, status: 400, message: NO_PHOTOS_CHOSEN };
  if (files.reduce((sum, f) => sum + f.size, 0) > MAX_PHOTOS_UPLOAD_BYTES) return { ok: false, status: 413, message: PHOTOS_TOO_LARGE };
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value.trim() ? value.trim() : undefined;
  };
  const color = text("color") ?? null;
  const alt = text("alt");
  const photos = await Promise.all(
    files.map(async (file) => ({ bytes: new Uint8Array(await file.arrayBuffer()), name: file.name, color, alt })),
  );
  return { ok: true, photos };
}
