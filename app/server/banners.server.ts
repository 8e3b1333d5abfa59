import { db } from "./db.server";

export type Banner = { _id: string; image: string };

export async function listBanners(): Promise<Banner[]> {
  const rows = await db.selectFrom("banners").select(["id", "image"]).orderBy("created_at", "asc").orderBy("id").execute();
  return rows.map((r) => ({ _id: r.id, image: r.image }));
}
