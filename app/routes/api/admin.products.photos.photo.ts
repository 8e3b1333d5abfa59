import { z } from "zod";
import { PHOTO_DELETED, PHOTO_SAVED } from "~/lib/messages/admin";
import { PRODUCT_NOT_FOUND } from "~/lib/messages/catalog";
import { IdSchema } from "~/lib/schemas/fields";
import { photosOf, deletePhoto, updatePhoto } from "~/server/media/photos.server";
import { apiError, firstIssue, methodNotAllowed, readBody, requireApiAdmin } from "~/server/platform/api.server";
import type { Route } from "./+types/admin.products.photos.photo";
import { photosAnswer } from "./photos-json.server";

// PUT: a photo's alt text and colour (a field left out keeps its value; colour null or "" is every
// colour). DELETE: the photo and its sizes, unless it is the product's last.
const ChangeSchema = z.object({
  alt: z.string("Alt text must be text").optional(),
  color: z.string("Colour must be text or null").nullable().optional(),
});

const NOT_ITS_PHOTO = "This photo is not one of the product's";

export const loader = () => methodNotAllowed("PUT, DELETE");

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed("PUT, DELETE");
  requireApiAdmin(context);
  const id = IdSchema.safeParse(params.id);
  if (!id.success) return apiError(404, PRODUCT_NOT_FOUND);
  const photoId = params.photoId;
  if (request.method === "DELETE") return photosAnswer(id.data, await deletePhoto(id.data, photoId), PHOTO_DELETED);

  const parsed = ChangeSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const current = (await photosOf([id.data])).get(id.data)?.find((p) => p.id === photoId);
  if (!current) return apiError(404, NOT_ITS_PHOTO);
  const { alt = current.alt, color = current.color } = parsed.data;
  return photosAnswer(id.data, await updatePhoto(id.data, photoId, { alt, color: color || null }), PHOTO_SAVED);
}
