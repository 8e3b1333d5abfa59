import { z } from "zod";
import { PHOTOS_REORDERED } from "~/lib/messages/admin";
import { PRODUCT_NOT_FOUND } from "~/lib/messages/catalog";
import { MAX_PHOTOS } from "~/lib/photos";
import { IdSchema } from "~/lib/schemas/fields";
import { reorderPhotos } from "~/server/media/photos.server";
import { apiError, firstIssue, methodNotAllowed, readBody, requireApiAdmin } from "~/server/platform/api.server";
import type { Route } from "./+types/admin.products.photos.order";
import { photosAnswer } from "./photos-json.server";

const OrderSchema = z.object({
  ids: z
    .array(
      z.string("Each photo id must be a string").max(64, "Unknown photo id"),
      "Send the photos' ids in their new order: { ids: [...] }",
    )
    .min(1, "Send the photos' ids in their new order: { ids: [...] }")
    .max(MAX_PHOTOS, `A product has at most ${MAX_PHOTOS} photos`),
});

export const loader = () => methodNotAllowed("PUT");

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  requireApiAdmin(context);
  const id = IdSchema.safeParse(params.id);
  if (!id.success) return apiError(404, PRODUCT_NOT_FOUND);
  const parsed = OrderSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  return photosAnswer(id.data, await reorderPhotos(id.data, parsed.data.ids), PHOTOS_REORDERED);
}
