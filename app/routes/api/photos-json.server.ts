import type { Photo } from "~/lib/photos";
import { absoluteImageUrl } from "~/server/platform/image-urls.server";
import { apiError, json } from "~/server/platform/api.server";
import type { PhotosResult } from "~/server/media/photos.server";

/** A product's photos as the /api answers them: `image` (the cover) and `images` in order, addresses absolute. */
export function photosJson(productId: string, photos: Photo[]) {
  return {
    _id: productId,
    image: photos[0] ? absoluteImageUrl(photos[0].src) : null,
    images: photos.map((p) => ({ id: p.id, url: absoluteImageUrl(p.src), alt: p.alt, color: p.color, position: p.position })),
  };
}

/** A photo service's result as an answer: `{ success, message, data }`, or its refusal. */
export function photosAnswer(productId: string, result: PhotosResult, message: string, status = 200): Response {
  if (!result.ok) return apiError(result.status, result.message);
  return json({ success: true, message, data: photosJson(productId, result.photos) }, { status });
}
