import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { MAX_IMAGE_BYTES } from "~/lib/constants";
import { config } from "~/server/platform/config.server";
import { db, now } from "~/server/database/db.server";
import { FILE_TOO_LARGE, INVALID_FILE_TYPE } from "~/lib/messages/admin";

const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "avif", "tiff"]);
/** An upload from before photos had sizes (`<id>.webp`), as kept in DATA_DIR/uploads then. */
const LEGACY_NAME = /^[0-9a-f]{32}\.webp$/;
/** Any upload: one of those, or one size of a photo (`<id>-<width>.<avif|webp|jpg>`, media/photos.server.ts). */
const NAME = /^[0-9a-f]{32}(\.webp|-[0-9]{1,4}\.(avif|webp|jpg))$/;

/** Where uploads were kept before they moved into the database (migration 0009); read once at start. */
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
 * resized to fit `maxWidth` x `maxHeight` and re-encoded as WebP under a random name in the
 * `images` table, so every instance over the same database serves it. The client's file name is
 * never used.
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
  await db
    .insertInto("images")
    .values({ name, content_type: "image/webp", bytes: output, size: output.byteLength, created_at: now() })
    .execute();
  return { ok: true, url: `/uploads/${name}` };
}

export type Upload = { bytes: Uint8Array; contentType: string };

/** A stored upload, or null for any name we did not generate. */
export async function readUpload(name: string): Promise<Upload | null> {
  if (!NAME.test(name)) return null;
  const row = await db.selectFrom("images").select(["bytes", "content_type"]).where("name", "=", name).executeTakeFirst();
  return row ? { bytes: row.bytes, contentType: row.content_type } : null;
}

/** Whether an upload of this name exists (answering a revalidation without reading its bytes). */
export async function uploadExists(name: string): Promise<boolean> {
  if (!NAME.test(name)) return false;
  return Boolean(await db.selectFrom("images").select("name").where("name", "=", name).executeTakeFirst());
}

/**
 * Moves images from DATA_DIR/uploads (where they were kept before migration 0009) into the
 * database, once: each file is deleted only after its row is committed, and a file whose row is
 * already there (a move cut off by a crash) is not stored twice. Returns how many moved.
 */
export async function moveUploadsIntoDatabase(): Promise<number> {
  let names: string[];
  try {
    names = (await fs.readdir(uploadsDir())).filter((name) => LEGACY_NAME.test(name));
  } catch {
    return 0;
  }
  for (const name of names) {
    const file = path.join(uploadsDir(), name);
    const bytes = await fs.readFile(file);
    const stat = await fs.stat(file);
    await db
      .insertInto("images")
      .values({ name, content_type: "image/webp", bytes, size: bytes.byteLength, created_at: stat.mtime.toISOString() })
      .onConflict((conflict) => conflict.column("name").doNothing())
      .execute();
    await fs.rm(file);
  }
  await fs.rmdir(uploadsDir()).catch(() => {}); // only when empty: anything else in it stays
  return names.length;
}
