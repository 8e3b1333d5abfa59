import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { PHOTO_FORMATS } from "~/lib/photos";
import { db } from "~/server/database/db.server";
import { addBanner, carouselSlides, deleteBanner, listBanners, uploadBanner } from "./banners.server";
import { readUpload } from "./uploads.server";

// The owner's banners (issue 42): an uploaded one is made in the widths a screen needs, in three
// formats, on each engine vitest runs; one added by address stays one picture, as before.

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#884422" } })
    .withExif({ IFD0: { Copyright: "owner" }, GPS: { GPSLatitudeRef: "N" } } as never)
    .jpeg()
    .toBuffer()
    .then((b) => new Uint8Array(b));

const fileNames = (base: string) =>
  db
    .selectFrom("images")
    .select("name")
    .where("name", "like", `${base.replace("/uploads/", "")}-%`)
    .execute()
    .then((rows) => rows.map((r) => r.name).sort());

beforeEach(async () => {
  await db.deleteFrom("banners").execute();
});

describe("uploadBanner", () => {
  it("makes a wide picture at 640, 960, 1440 and 1920 px in AVIF, WebP and JPEG, with no metadata", async () => {
    const result = await uploadBanner(await jpeg(2400, 750));
    if (!result.ok) throw new Error(result.message);
    const { banner } = result;
    expect(banner.sizes).toMatchObject({ widths: [640, 960, 1440, 1920], width: 1920, height: 600 });
    const base = banner.sizes!.base;
    expect(base).toMatch(/^\/uploads\/[0-9a-f]{32}$/);
    // Older clients and <img> without srcset: the largest WebP.
    expect(banner.image).toBe(`${base}-1920.webp`);
    expect(await fileNames(base)).toHaveLength(12);
    for (const { ext } of PHOTO_FORMATS) {
      const file = await readUpload(`${base.replace("/uploads/", "")}-640.${ext}`);
      const meta = await sharp(Buffer.from(file!.bytes)).metadata();
      expect(meta.width).toBe(640);
      expect(meta.exif).toBeUndefined();
    }
    expect(await listBanners()).toContainEqual(banner);
    expect(await carouselSlides()).toContainEqual({ image: banner.image, sizes: banner.sizes });
  });

  it("never makes a size wider than the picture", async () => {
    const result = await uploadBanner(await jpeg(1200, 400));
    if (!result.ok) throw new Error(result.message);
    expect(result.banner.sizes).toMatchObject({ widths: [640, 960, 1200], width: 1200, height: 400 });
  });

  it("refuses what is not a picture, and stores nothing", async () => {
    const before = await db.selectFrom("images").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const result = await uploadBanner(new TextEncoder().encode("not a picture, whatever its name says"));
    expect(result).toMatchObject({ ok: false, status: 400, message: expect.stringMatching(/^Invalid file type: /) });
    const after = await db.selectFrom("images").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await listBanners()).toEqual([]);
  });

  it("deleting an uploaded banner deletes its sizes; one added by address keeps its picture", async () => {
    const uploaded = await uploadBanner(await jpeg(1000, 300));
    if (!uploaded.ok) throw new Error(uploaded.message);
    const linked = await addBanner("https://cdn.example.com/banner.jpg");
    expect(linked.sizes).toBeNull();
    expect(await deleteBanner(uploaded.banner.id)).toBe(true);
    expect(await fileNames(uploaded.banner.sizes!.base)).toEqual([]);
    expect(await deleteBanner(uploaded.banner.id)).toBe(false);
    expect(await listBanners()).toEqual([linked]);
  });
});
