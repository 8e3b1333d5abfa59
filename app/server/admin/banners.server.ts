import type { Selectable } from "kysely";
import type { Banner } from "~/lib/product";
import { BANNER_WIDTHS, photoUrl } from "~/lib/photos";
import { FALLBACK_BANNERS } from "~/lib/fallback-banners";
import type { BannersTable } from "#db/schema";
import { db, newId, now } from "~/server/database/db.server";
import { deleteFiles, insertFiles, renderPhoto, storedWidths, type PhotoRefusal } from "~/server/media/photos.server";
import { localImagePath } from "~/server/platform/image-urls.server";

function toBanner(row: Pick<Selectable<BannersTable>, "id" | "image" | "base" | "widths" | "width" | "height">): Banner {
  const widths = storedWidths(row.widths);
  return {
    id: row.id,
    image: row.image,
    sizes: row.base && widths.length ? { base: row.base, widths, width: row.width, height: row.height } : null,
  };
}

export async function listBanners(): Promise<Banner[]> {
  const rows = await db
    .selectFrom("banners")
    .select(["id", "image", "base", "widths", "width", "height"])
    .orderBy("created_at", "asc")
    .orderBy("id")
    .execute();
  return rows.map(toBanner);
}

/** The home page's carousel: the owner's banners, or the built-in ones while there are none (decision 0002). */
export async function carouselSlides() {
  const banners = await listBanners();
  return banners.length ? banners.map(({ image, sizes }) => ({ image, sizes })) : FALLBACK_BANNERS.map((b) => ({ ...b }));
}

/** A banner shown from an address (a link, or an earlier upload): one picture, as it is. */
export async function addBanner(url: string): Promise<Banner> {
  const banner = { id: newId(), image: localImagePath(url), created_at: now() };
  await db.insertInto("banners").values(banner).execute();
  return { id: banner.id, image: banner.image, sizes: null };
}

/**
 * A banner from an uploaded picture, made in every width a screen needs (BANNER_WIDTHS, never
 * wider than the picture) as AVIF, WebP and JPEG, checked and stripped as product photos are
 * (renderPhoto). Its files and its row go in together: a refused or failed upload leaves nothing.
 * `image`, for older clients and browsers without srcset, is its largest WebP.
 */
export async function uploadBanner(bytes: Uint8Array): Promise<{ ok: true; banner: Banner } | PhotoRefusal> {
  const made = await renderPhoto(bytes, BANNER_WIDTHS);
  if ("ok" in made) return made;
  const banner = await db.transaction().execute(async (trx) => {
    const { base } = await insertFiles(trx, made);
    const row = {
      id: newId(),
      image: photoUrl(base, made.width, "webp"),
      base,
      widths: made.widths.join(","),
      width: made.width,
      height: made.height,
      created_at: now(),
    };
    await trx.insertInto("banners").values(row).execute();
    return toBanner(row);
  });
  return { ok: true, banner };
}

/** Deletes a banner, and the sizes uploadBanner made for it (no one else shows them). */
export async function deleteBanner(id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom("banners").where("id", "=", id).returning(["base", "widths"]).executeTakeFirst();
    if (!row) return false;
    await deleteFiles(trx, row);
    return true;
  });
}
