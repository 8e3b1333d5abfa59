import { photoUrl } from "~/lib/photos";
import { db } from "~/server/database/db.server";
import { insertFiles, renderPhoto, type PhotoRefusal } from "./photos.server";

/**
 * One width for a category's, brand's or collection's photo (issue 49, decision 0066): a tile on
 * the home page or the top of a collection's page, never wider than this nor than the picture.
 */
const CATALOGUE_PHOTO_WIDTH = 1280;

/**
 * A photo for a catalogue row, checked and made as every upload is (renderPhoto: by its content,
 * metadata stripped), stored in `images` and served under /uploads. Its address, the WebP, is what
 * the row keeps in `image`; the AVIF and JPEG beside it share its name.
 */
export async function uploadCataloguePhoto(bytes: Uint8Array): Promise<{ ok: true; url: string } | PhotoRefusal> {
  const made = await renderPhoto(bytes, [CATALOGUE_PHOTO_WIDTH]);
  if ("ok" in made) return made;
  const { base } = await db.transaction().execute((trx) => insertFiles(trx, made));
  return { ok: true, url: photoUrl(base, made.width, "webp") };
}
