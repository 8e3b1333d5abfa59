import type { Sharp } from "sharp";
import type { PhotoExt } from "~/lib/photos";

/** Each format's quality for uploads; the demo's flat artwork (`npm run images`) can take less. */
const PHOTO_QUALITY: Record<PhotoExt, number> = { avif: 50, webp: 78, jpg: 80 };

/**
 * One size of a photo in one format, with the encoder settings every photo is made with (uploads
 * and the demo's photos alike). JPEG has no transparency: a transparent PNG gets a white ground.
 */
export function encodePhoto(sized: Sharp, ext: PhotoExt, quality: number = PHOTO_QUALITY[ext]): Promise<Buffer> {
  const image = sized.clone();
  if (ext === "avif") return image.avif({ quality, effort: 2 }).toBuffer();
  if (ext === "webp") return image.webp({ quality }).toBuffer();
  return image.flatten({ background: "#ffffff" }).jpeg({ quality, mozjpeg: true }).toBuffer();
}
