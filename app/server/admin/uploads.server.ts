import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { MAX_IMAGE_BYTES } from "~/lib/constants";
import { config } from "../platform/config.server";
import { FILE_TOO_LARGE, INVALID_FILE_TYPE } from "~/lib/messages/admin";

const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "avif", "tiff"]);
const NAME = /^[0-9a-f]{32}\.webp$/;

export function uploadsDir(): string {
  return path.join(config.dataDir, "uploads");
}

// sharp (with libvips and its threads, some 20 MB per process) is loaded at the first upload,
// not by every worker at start: most workers never re-encode an image.
const importSharp = () => import("sharp");
let sharpModule: ReturnType<typeof importSharp> | undefined;
const loadSharp = async () => (await (sharpModule ??= importSharp())).default;

export type StoredImage = { ok: true; url: string } | { ok: false; status: 400 | 413; message: string; detail: string };

/**
 * Stores an uploaded image: checked by its content (not its name or declared type), at most 5 MB,
 * resized to fit `maxWidth` x `maxHeight` and re-encoded as WebP under a random name in
 * DATA_DIR/uploads. The client's file name is never used.
 */
export async function storeImage(bytes: Uint8Array, { maxWidth = 1600, maxHeight = 1600 } = {}): Promise<StoredImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) {
    return { ok: false, status: 413, message: FILE_TOO_LARGE, detail: "Image size should be less than 5MB" };
  }
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format)) {
    return { ok: false, status: 400, message: INVALID_FILE_TYPE, detail: "Please select an image file (JPEG, PNG, etc.)" };
  }
  let output: Buffer;
  try {
    output = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: maxWidth, height: maxHeight, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // A valid header over broken or truncated data.
    return { ok: false, status: 400, message: INVALID_FILE_TYPE, detail: "The image could not be read" };
  }
  const name = `${randomBytes(16).toString("hex")}.webp`;
  await fs.mkdir(uploadsDir(), { recursive: true });
  await fs.writeFile(path.join(uploadsDir(), name), output, { flag: "wx" });
  return { ok: true, url: `/uploads/${name}` };
}

/** The bytes of a stored upload, or null for any name we did not generate. */
export async function readUpload(name: string): Promise<Buffer | null> {
  if (!NAME.test(name)) return null;
  try {
    return await fs.readFile(path.join(uploadsDir(), name));
  } catch {
    return null;
  }
}
