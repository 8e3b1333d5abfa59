import { randomBytes } from "node:crypto";
import { sql, type Selectable, type Transaction } from "kysely";
import { MAX_IMAGE_BYTES } from "~/lib/constants";
import { FILE_TOO_LARGE, INVALID_FILE_TYPE } from "~/lib/messages/admin";
import { FALLBACK_WIDTH, MAX_PHOTOS, PHOTO_FORMATS, PHOTO_WIDTHS, photoUrl, type Photo } from "~/lib/photos";
import { colorId } from "~/lib/variants";
import { groupBy } from "~/lib/group-by";
import type { Database, ProductPhotosTable } from "#db/schema";
import { db, now } from "~/server/database/db.server";
import { lockRows } from "~/server/database/locks.server";
import { caughtRefusal, Refusal } from "~/server/platform/refusal.server";
import { encodePhoto } from "./encode-photo.server";

// A product's photos (issue 42, docs/decisions/0058-product-photos.md): every size and format is
// made once, at upload, with sharp, and kept in the `images` table beside the photo's row, written
// in one transaction: an upload refused, failed or cut off leaves nothing behind.

/** At most this many pixels are decoded: a small file can claim a huge picture (a "pixel bomb"). */
export const MAX_PHOTO_PIXELS = 40_000_000;
/**
 * A photo's longer side is at most this many times its shorter side (issue 48): a picture of
 * 40,000,000 x 1 is within the pixels and still no photo, and decoding it costs what a pixel bomb
 * does. 10 leaves room for every banner (a 728 x 90 leaderboard is 8.1) and panorama a shop uses.
 */
export const MAX_PHOTO_ASPECT = 10;
const TOO_NARROW = `a photo's longer side may be at most ${MAX_PHOTO_ASPECT} times its shorter side`;
const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

// sharp (libvips and its threads, some 20 MB per process) is loaded at the first upload.
const importSharp = () => import("sharp");
let sharpModule: ReturnType<typeof importSharp> | undefined;
const loadSharp = async () => (await (sharpModule ??= importSharp())).default;

/** `message` says it whole; a refused file's `title` is SPEC's short word ("Invalid file type"). */
export type PhotoRefusal = { ok: false; status: 400 | 404 | 409 | 413; message: string; title?: string };
type Trx = Transaction<Database>;

/** A photo's sizes, made and not stored yet. */
export type RenderedPhoto = {
  widths: number[];
  width: number;
  height: number;
  files: Array<{ width: number; ext: string; contentType: string; bytes: Buffer }>;
};

const refusal = (status: PhotoRefusal["status"], message: string): PhotoRefusal => ({ ok: false, status, message });
const fileRefusal = (status: 400 | 413, detail: string): PhotoRefusal => {
  const title = status === 413 ? FILE_TOO_LARGE : INVALID_FILE_TYPE;
  return { ok: false, status, message: `${title}: ${detail}`, title };
};

/** The widths a photo `original` pixels wide is made at: never wider than it is. */
export function widthsFor(original: number, sizes: readonly number[] = PHOTO_WIDTHS): number[] {
  const below = sizes.filter((w) => w < original);
  const widest = Math.min(original, sizes.at(-1)!);
  return below.includes(widest) ? below : [...below, widest];
}

/**
 * Checks an upload by its content (not its name or declared type) and makes its sizes (`sizes`:
 * a product photo's, or a banner's): turned the way its EXIF orientation says, with every other
 * piece of metadata (GPS included) left out.
 */
export async function renderPhoto(bytes: Uint8Array, sizes: readonly number[] = PHOTO_WIDTHS): Promise<RenderedPhoto | PhotoRefusal> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) return fileRefusal(413, "a photo must be under 5 MB");
  const sharp = await loadSharp();
  const open = () => sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" });
  let meta: Awaited<ReturnType<ReturnType<typeof open>["metadata"]>>;
  try {
    meta = await open().metadata();
  } catch (error) {
    if (/pixel limit/i.test(String(error))) return fileRefusal(413, "a photo may have at most 40 megapixels");
    return fileRefusal(400, "please choose a photo (JPEG, PNG, WebP, AVIF or GIF)");
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height) {
    return fileRefusal(400, "please choose a photo (JPEG, PNG, WebP, AVIF or GIF)");
  }
  if (meta.width * meta.height > MAX_PHOTO_PIXELS) return fileRefusal(413, "a photo may have at most 40 megapixels");
  // Read from the header, like the pixels: refused before anything is decoded.
  if (Math.max(meta.width, meta.height) > MAX_PHOTO_ASPECT * Math.min(meta.width, meta.height)) return fileRefusal(413, TOO_NARROW);
  // Orientations 5 to 8 are turned a quarter: width and height swap.
  const turned = (meta.orientation ?? 1) >= 5;
  const [width, height] = turned ? [meta.height, meta.width] : [meta.width, meta.height];
  const widths = widthsFor(width, sizes);
  let files: RenderedPhoto["files"];
  try {
    const upright = await open().rotate().toBuffer({ resolveWithObject: false });
    // Every size and format at once: sharp runs them on its worker threads, not on the event loop.
    files = await Promise.all(
      widths.flatMap((w) => {
        const sized = sharp(upright).resize({ width: w });
        return PHOTO_FORMATS.map(async ({ ext, type }) => ({ width: w, ext, contentType: type, bytes: await encodePhoto(sized, ext) }));
      }),
    );
  } catch {
    // A valid header over broken or truncated data.
    return fileRefusal(400, "the photo could not be read");
  }
  return { widths, width: widths.at(-1)!, height: Math.round((widths.at(-1)! * height) / width), files };
}

type PhotoRow = Selectable<ProductPhotosTable>;

export function toPhoto(row: PhotoRow): Photo {
  return {
    id: row.id,
    position: row.position,
    alt: row.alt,
    color: row.color,
    src: row.src,
    base: row.base,
    widths: storedWidths(row.widths),
    width: row.width,
    height: row.height,
  };
}

/** The photos of these products, each list in its order (one query for a whole page). */
export async function photosOf(productIds: readonly string[]): Promise<Map<string, Photo[]>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .selectFrom("product_photos")
    .selectAll()
    .where("product_id", "in", [...productIds])
    .orderBy("position")
    .orderBy("created_at")
    .execute();
  const grouped = groupBy(rows, (row) => row.product_id!);
  return new Map([...grouped].map(([id, list]) => [id, list.map(toPhoto)]));
}

/** Stores a rendered photo's files and row (inside the caller's transaction). */
/** Stores a rendered photo's files as `<id>-<width>.<ext>` under a new id; its base is `/uploads/<id>`. */
export async function insertFiles(trx: Trx, rendered: RenderedPhoto): Promise<{ id: string; base: string }> {
  const id = randomBytes(16).toString("hex");
  const stamp = now();
  for (const file of rendered.files) {
    await trx
      .insertInto("images")
      .values({
        name: `${id}-${file.width}.${file.ext}`,
        content_type: file.contentType,
        bytes: file.bytes,
        size: file.bytes.byteLength,
        created_at: stamp,
      })
      .execute();
  }
  return { id, base: `/uploads/${id}` };
}

async function insertRendered(
  trx: Trx,
  rendered: RenderedPhoto,
  row: { productId: string | null; position: number; alt: string; color: string | null; source?: string | null },
): Promise<Photo> {
  const { id, base } = await insertFiles(trx, rendered);
  const stamp = now();
  const fallback = rendered.widths.filter((w) => w <= FALLBACK_WIDTH).at(-1) ?? rendered.widths[0]!;
  const values = {
    id,
    product_id: row.productId,
    position: row.position,
    alt: row.alt,
    color: row.color,
    base,
    widths: rendered.widths.join(","),
    width: rendered.width,
    height: rendered.height,
    src: photoUrl(base, fallback, "jpg"),
    source: row.source ?? null,
    created_at: stamp,
  };
  await trx.insertInto("product_photos").values(values).execute();
  return toPhoto(values);
}

/** The product's row, locked until the transaction ends (two uploads to one product take turns). */
async function lockProduct(trx: Trx, productId: string): Promise<{ title: string } | undefined> {
  return lockRows(trx, trx.selectFrom("products").select("title").where("id", "=", productId)).executeTakeFirst();
}

async function photoRows(trx: Trx, productId: string): Promise<PhotoRow[]> {
  return trx
    .selectFrom("product_photos")
    .selectAll()
    .where("product_id", "=", productId)
    .orderBy("position")
    .orderBy("created_at")
    .execute();
}

/** Numbers the photos 0..n-1 in the order given, and makes the first the product's `image`. */
async function renumber(trx: Trx, productId: string, ordered: Array<Pick<PhotoRow, "id" | "position" | "src">>): Promise<void> {
  for (const [index, photo] of ordered.entries()) {
    if (photo.position !== index) await trx.updateTable("product_photos").set({ position: index }).where("id", "=", photo.id).execute();
  }
  const cover = ordered[0];
  if (cover) await trx.updateTable("products").set({ image: cover.src, updated_at: now() }).where("id", "=", productId).execute();
}

/** The product's colours, for checking a photo's colour (`null` is every colour). */
async function checkColor(trx: Trx, productId: string, color: string | null | undefined): Promise<string | null> {
  if (!color?.trim()) return null;
  const colours = await trx.selectFrom("product_variants").select("color").where("product_id", "=", productId).execute();
  const match = colours.find((c) => colorId(c.color) === colorId(color));
  if (!match) throw new Refusal(400, `This product has no colour "${color.trim()}"`);
  return match.color;
}

/** What is wrong with a photo's alt text (one line, 1 to 200 characters), or null. */
function altTextProblem(alt: string): string | null {
  if (!alt) return "Please describe the photo for people who cannot see it";
  if (alt.length > 200) return "A photo's description has at most 200 characters";
  if (/\p{Cc}/u.test(alt)) return "A photo's description is one line of text, without control characters";
  return null;
}

export type NewPhoto = { bytes: Uint8Array; name?: string; alt?: string; color?: string | null };
export type PhotosResult = { ok: true; photos: Photo[] } | PhotoRefusal;

/**
 * Adds photos to a product, after its last. Every file is checked and made first; a refusal of
 * one (naming it) adds none. A product has at most MAX_PHOTOS.
 */
export async function addPhotos(productId: string, uploads: NewPhoto[]): Promise<PhotosResult> {
  if (!uploads.length) return refusal(400, "Please choose one or more photos");
  if (uploads.length > MAX_PHOTOS) return refusal(400, `A product has at most ${MAX_PHOTOS} photos`);
  const altRefused = uploads.map((u) => (u.alt?.trim() ? altTextProblem(u.alt.trim()) : null)).find(Boolean);
  if (altRefused) return refusal(400, altRefused);
  const rendered: RenderedPhoto[] = [];
  for (const [index, upload] of uploads.entries()) {
    const made = await renderPhoto(upload.bytes);
    if ("ok" in made) {
      const which = upload.name ? `"${upload.name}"` : uploads.length > 1 ? `Photo ${index + 1}` : "The photo";
      return { ...made, message: `${which}: ${made.message}` };
    }
    rendered.push(made);
  }
  return run(async (trx) => {
    const product = await lockProduct(trx, productId);
    if (!product) throw new Refusal(404, "Product not found");
    const existing = await photoRows(trx, productId);
    if (existing.length + uploads.length > MAX_PHOTOS) {
      const room = MAX_PHOTOS - existing.length;
      throw new Refusal(400, `A product has at most ${MAX_PHOTOS} photos: this one has ${existing.length}, so ${room} more can be added`);
    }
    for (const [index, made] of rendered.entries()) {
      const upload = uploads[index]!;
      const color = await checkColor(trx, productId, upload.color);
      await insertRendered(trx, made, { productId, position: existing.length + index, alt: upload.alt?.trim() || product.title, color });
    }
    await renumber(trx, productId, await photoRows(trx, productId));
    return photoRows(trx, productId);
  });
}

async function run(work: (trx: Trx) => Promise<PhotoRow[]>): Promise<PhotosResult> {
  try {
    return { ok: true, photos: (await db.transaction().execute(work)).map(toPhoto) };
  } catch (error) {
    const refused = caughtRefusal(error);
    return refusal(refused.status, refused.message);
  }
}

async function photosInTurn(trx: Trx, productId: string): Promise<PhotoRow[]> {
  if (!(await lockProduct(trx, productId))) throw new Refusal(404, "Product not found");
  return photoRows(trx, productId);
}

const notFound = () => new Refusal(404, "This photo is not one of the product's");

/** Moves a photo one place up (towards the cover) or down. */
export function movePhoto(productId: string, photoId: string, direction: "up" | "down"): Promise<PhotosResult> {
  return run(async (trx) => {
    const rows = await photosInTurn(trx, productId);
    const from = rows.findIndex((r) => r.id === photoId);
    if (from < 0) throw notFound();
    const to = direction === "up" ? from - 1 : from + 1;
    if (to >= 0 && to < rows.length) [rows[from], rows[to]] = [rows[to]!, rows[from]!];
    await renumber(trx, productId, rows);
    return photoRows(trx, productId);
  });
}

/** Puts the product's photos in this order: every one of them, each once. */
export function reorderPhotos(productId: string, photoIds: string[]): Promise<PhotosResult> {
  return run(async (trx) => {
    const rows = await photosInTurn(trx, productId);
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (photoIds.length !== rows.length || new Set(photoIds).size !== rows.length || !photoIds.every((id) => byId.has(id))) {
      throw new Refusal(409, "The photos have changed since the page was opened: please reload it and try again");
    }
    await renumber(
      trx,
      productId,
      photoIds.map((id) => byId.get(id)!),
    );
    return photoRows(trx, productId);
  });
}

export type PhotoChange = { id: string; alt: string; color: string | null };

/** Changes a photo's alt text and colour. */
export function updatePhoto(productId: string, photoId: string, change: Omit<PhotoChange, "id">): Promise<PhotosResult> {
  return updatePhotos(productId, [{ id: photoId, ...change }]);
}

/**
 * Changes the alt text and colour of several photos at once (the photo page's one Save, issue 48):
 * all or none. A refusal names the photo by its place ("Photo 2: …") and its id, so the page can
 * show it beside that row; only rows that differ are written.
 */
export async function updatePhotos(
  productId: string,
  changes: PhotoChange[],
): Promise<(PhotosResult & { ok: true; changed: number }) | (PhotoRefusal & { photoId?: string })> {
  let refusedId: string | undefined;
  let changed = 0;
  const result = await run(async (trx) => {
    const rows = await photosInTurn(trx, productId);
    for (const change of changes) {
      const index = rows.findIndex((r) => r.id === change.id);
      if (index < 0) throw notFound();
      refusedId = change.id;
      const which = changes.length > 1 ? `Photo ${index + 1}: ` : "";
      const alt = change.alt.trim();
      const problem = altTextProblem(alt);
      if (problem) throw new Refusal(400, which + problem);
      let color: string | null;
      try {
        color = await checkColor(trx, productId, change.color);
      } catch (error) {
        throw new Refusal(400, which + caughtRefusal(error).message);
      }
      const row = rows[index]!;
      if (row.alt !== alt || row.color !== color) {
        await trx.updateTable("product_photos").set({ alt, color }).where("id", "=", change.id).execute();
        changed++;
      }
    }
    refusedId = undefined;
    return photoRows(trx, productId);
  });
  if (result.ok) return { ...result, changed };
  return refusedId ? { ...result, photoId: refusedId } : result;
}

/** Deletes a photo and its sizes; the last photo of a product stays (a product needs one). */
export function deletePhoto(productId: string, photoId: string): Promise<PhotosResult> {
  return run(async (trx) => {
    const rows = await photosInTurn(trx, productId);
    const photo = rows.find((r) => r.id === photoId);
    if (!photo) throw notFound();
    if (rows.length === 1) throw new Refusal(409, "A product needs at least one photo: add another before deleting this one");
    await trx.deleteFrom("product_photos").where("id", "=", photoId).execute();
    await deleteFiles(trx, photo);
    await renumber(
      trx,
      productId,
      rows.filter((r) => r.id !== photoId),
    );
    return photoRows(trx, productId);
  });
}

/** The widths a row's `widths` column lists ("320,640,960"; '' for a picture without sizes). */
export const storedWidths = (widths: string): number[] => (widths ? widths.split(",").map(Number) : []);

/**
 * An upload's files (`/uploads/<id>-<width>.<ext>`, a photo's or a banner's), once its row is gone;
 * the demo's and older pictures are not ours to delete. What still shows them keeps them: a row
 * that took their address (a product saved with it as its image, a banner added by it) keeps them
 * all; a past order's line, which shows the JPEG it recorded and its smallest size, keeps the
 * JPEGs. Only what nothing shows goes.
 */
export async function deleteFiles(trx: Trx, picture: { base: string | null; widths: string }): Promise<void> {
  const id = picture.base ? /^\/uploads\/([0-9a-f]{32})$/.exec(picture.base)?.[1] : undefined;
  if (!id || !picture.widths) return;
  const sizes = `/uploads/${id}-%`;
  const shownBy = async (table: "product_photos" | "banners" | "order_items", column: "src" | "image") =>
    !!(await trx
      .selectFrom(table)
      .select(sql<number>`1`.as("one"))
      .where(sql.ref(column), "like", sizes)
      .limit(1)
      .executeTakeFirst());
  if ((await shownBy("product_photos", "src")) || (await shownBy("banners", "image"))) return;
  const formats = (await shownBy("order_items", "image")) ? PHOTO_FORMATS.filter(({ ext }) => ext !== "jpg") : PHOTO_FORMATS;
  const names = storedWidths(picture.widths).flatMap((w) => formats.map(({ ext }) => `${id}-${w}.${ext}`));
  await trx.deleteFrom("images").where("name", "in", names).execute();
}

/**
 * The older clients' one image (`POST /api/admin/products/upload-image`): the photo is made in all
 * its sizes and kept without a product until a product is saved with its address (`adoptCover`).
 */
export async function uploadLoosePhoto(bytes: Uint8Array): Promise<{ ok: true; url: string } | PhotoRefusal> {
  const made = await renderPhoto(bytes);
  if ("ok" in made) return made;
  const photo = await db.transaction().execute((trx) => insertRendered(trx, made, { productId: null, position: 0, alt: "", color: null }));
  return { ok: true, url: photo.src };
}

/**
 * A product saved with `image` (the older clients' one field): that photo becomes its cover. One
 * of its own photos moves first; a loose upload joins it, first; any other address this shop
 * serves (the demo's art, an upload from before photos) joins it as a photo without sizes.
 */
export async function adoptCover(trx: Trx, productId: string, image: string, title: string): Promise<void> {
  const rows = await photoRows(trx, productId);
  const own = rows.find((r) => r.src === image);
  if (own) {
    await renumber(trx, productId, [own, ...rows.filter((r) => r !== own)]);
    return;
  }
  if (rows.length >= MAX_PHOTOS) {
    const message = `A product has at most ${MAX_PHOTOS} photos: delete one before adding another`;
    throw new Refusal(400, message, { ok: false, status: 400, message, fieldErrors: { image: [message] } });
  }
  const loose = await trx
    .selectFrom("product_photos")
    .selectAll()
    .where("product_id", "is", null)
    .where("src", "=", image)
    .executeTakeFirst();
  if (loose) {
    await trx
      .updateTable("product_photos")
      .set({ product_id: productId, alt: loose.alt || title })
      .where("id", "=", loose.id)
      .execute();
    await renumber(trx, productId, [{ ...loose, position: -1 }, ...rows]);
    return;
  }
  const id = randomBytes(16).toString("hex");
  const row = { id, product_id: productId, position: -1, alt: title, color: null, base: null, src: image, created_at: now() };
  await trx
    .insertInto("product_photos")
    .values({ ...row, position: rows.length })
    .execute();
  await renumber(trx, productId, [row, ...rows]);
}

/**
 * Whether a stored photo is the one `src` names: imported from it (`source`), or the shop's own
 * address of it (an export of this shop imported again names its photos by their public address).
 */
export function isSamePhoto(photo: { src: string; base: string | null; source: string | null }, src: string): boolean {
  if (photo.source === src) return true;
  if (!/^https?:\/\//i.test(src)) return false;
  let path: string;
  try {
    path = new URL(src).pathname;
  } catch {
    return false;
  }
  if (path === photo.src) return true;
  return !!photo.base && path.startsWith(`${photo.base}-`) && /^-\d{1,4}\.(avif|webp|jpg)$/.test(path.slice(photo.base.length));
}

/** The picture of a product that has no photo yet (an imported one whose file gave none). */
export const NO_PHOTO = "/demo/products/no-photo.svg";

/** A photo an import brings: made already (`rendered`), or null when the product has it (isSamePhoto). */
export type ImportedPhoto = { source: string; alt: string; color: string | null; rendered: RenderedPhoto | null };

/**
 * An imported product's photos, inside the import item's transaction: `photos` in their order
 * (one the product has, by its source or the shop's own address of it (isSamePhoto), stays, with
 * the file's alt text and its colour unless the file gives none; a made one is stored with its
 * source), then any others it has (the owner's uploads). The first is the cover.
 * Without any photo it shows NO_PHOTO, which the first real photo replaces. Adds at most
 * MAX_PHOTOS in all; returns the sources left out for that.
 */
export async function placeImportedPhotos(trx: Trx, productId: string, title: string, photos: ImportedPhoto[]): Promise<string[]> {
  const rows = await photoRows(trx, productId);
  const ordered: Array<Pick<PhotoRow, "id" | "position" | "src">> = [];
  const placed = new Set<string>();
  const left: string[] = [];
  const others = rows.filter((r) => r.src !== NO_PHOTO && !photos.some((p) => isSamePhoto(r, p.source)));
  for (const photo of photos) {
    const existing = rows.find((r) => !placed.has(r.id) && isSamePhoto(r, photo.source));
    if (existing) {
      placed.add(existing.id);
      // No colour in the file keeps the photo's own (an export names it on each colour's first photo only).
      const color = photo.color ?? existing.color;
      if (existing.alt !== photo.alt || existing.color !== color) {
        await trx.updateTable("product_photos").set({ alt: photo.alt, color }).where("id", "=", existing.id).execute();
      }
      ordered.push(existing);
    } else if (photo.rendered) {
      if (ordered.length + others.length >= MAX_PHOTOS) {
        left.push(photo.source);
        continue;
      }
      const made = await insertRendered(trx, photo.rendered, {
        productId,
        position: rows.length + ordered.length,
        alt: photo.alt || title,
        color: photo.color,
        source: photo.source,
      });
      ordered.push(made);
    }
  }
  const all = [...ordered, ...others];
  if (!all.length) {
    if (!rows.some((r) => r.src === NO_PHOTO)) await adoptCover(trx, productId, NO_PHOTO, title);
    return left;
  }
  // The placeholder goes once the product has a photo of its own (it has no files to delete).
  await trx.deleteFrom("product_photos").where("product_id", "=", productId).where("src", "=", NO_PHOTO).execute();
  await renumber(trx, productId, all);
  return left;
}

/**
 * The first photo of each of these products' colours (product id and `colorId` of the colour):
 * a cart line or an order shows the colour the shopper chose, not the cover's.
 */
export async function colourPhotos(productIds: readonly string[]): Promise<Map<string, string>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .selectFrom("product_photos")
    .select(["product_id", "color", "src"])
    .where("product_id", "in", [...new Set(productIds)])
    .where("color", "is not", null)
    .orderBy("position", "desc")
    .execute();
  // Last one written wins: the lowest position of each colour.
  return new Map(rows.map((row) => [colourPhotoKey(row.product_id!, row.color!), row.src]));
}

export const colourPhotoKey = (productId: string, color: string) => `${productId}\u0000${colorId(color)}`;
