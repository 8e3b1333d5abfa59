import type { Banner } from "~/lib/product";
import { FALLBACK_BANNERS } from "~/lib/fallback-banners";
import { db, newId, now } from "~/server/database/db.server";
import { localImagePath } from "~/server/platform/image-urls.server";

export async function listBanners(): Promise<Banner[]> {
  const rows = await db.selectFrom("banners").select(["id", "image"]).orderBy("created_at", "asc").orderBy("id").execute();
  return rows.map((r) => ({ id: r.id, image: r.image }));
}

/** The home page's carousel: the owner's banners, or the built-in ones while there are none (decision 0002). */
export async function carouselSlides() {
  const banners = await listBanners();
  return banners.length ? banners.map((b) => ({ image: b.image })) : FALLBACK_BANNERS.map((b) => ({ ...b }));
}

export async function addBanner(url: string): Promise<Banner> {
  const banner = { id: newId(), image: localImagePath(url), created_at: now() };
  await db.insertInto("banners").values(banner).execute();
  return { id: banner.id, image: banner.image };
}

export async function deleteBanner(id: string): Promise<boolean> {
  const result = await db.deleteFrom("banners").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
