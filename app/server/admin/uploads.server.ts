import fs from "node:fs/promises";
import path from "node:path";
import { config } from "~/server/platform/config.server";
import { db } from "~/server/database/db.server";

/** An upload from before photos had sizes (`<id>.webp`), as kept in DATA_DIR/uploads then. */
const LEGACY_NAME = /^[0-9a-f]{32}\.webp$/;
/** Any upload: one of those, or one size of a photo (`<id>-<width>.<avif|webp|jpg>`, media/photos.server.ts). */
const NAME = /^[0-9a-f]{32}(\.webp|-[0-9]{1,4}\.(avif|webp|jpg))$/;

/** Where uploads were kept before they moved into the database (migration 0009); read once at start. */
export function uploadsDir(): string {
  return path.join(config.dataDir, "uploads");
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
