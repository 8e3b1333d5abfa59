import { PHOTOS_ROUTE_HANDLE } from "~/lib/constants";
import { PHOTOS_ADDED } from "~/lib/messages/admin";
import { PRODUCT_NOT_FOUND } from "~/lib/messages/catalog";
import { IdSchema } from "~/lib/schemas/fields";
import { getProduct } from "~/server/catalog/catalog.server";
import { newPhotosFrom, readPhotosForm } from "~/server/media/photo-form.server";
import { addPhotos } from "~/server/media/photos.server";
import { apiError, json, methodNotAllowed, requireApiAdmin } from "~/server/platform/api.server";
import type { Route } from "./+types/admin.products.photos";
import { photosAnswer, photosJson } from "./photos-json.server";

// GET: a product's photos in order. POST (multipart): more photos, the files in the field `photos`.
export const handle = PHOTOS_ROUTE_HANDLE;

export async function loader({ params, context }: Route.LoaderArgs) {
  requireApiAdmin(context);
  const id = IdSchema.safeParse(params.id);
  const product = id.success ? await getProduct(id.data) : null;
  if (!product) return apiError(404, PRODUCT_NOT_FOUND);
  return json({ success: true, data: photosJson(product.id, product.photos) });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  requireApiAdmin(context);
  const id = IdSchema.safeParse(params.id);
  if (!id.success) return apiError(404, PRODUCT_NOT_FOUND);
  const read = await readPhotosForm(request);
  if (!read.ok) return apiError(read.status, read.message);
  const uploads = await newPhotosFrom(read.form);
  if (!uploads.ok) return apiError(uploads.status, uploads.message);
  return photosAnswer(id.data, await addPhotos(id.data, uploads.photos), PHOTOS_ADDED(uploads.photos.length), 201);
}
