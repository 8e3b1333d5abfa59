import { crc32 } from "node:zlib";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { MAX_PHOTOS, PHOTO_FORMATS, type Photo } from "~/lib/photos";
import { ProductSchema } from "~/lib/schemas/products";
import { deleteProduct, saveProduct } from "~/server/admin/products.server";
import { registerUser } from "~/server/accounts/users.server";
import { db, newId } from "~/server/database/db.server";
import { insertOrder } from "#tests/support/orders";
import { addPhotos, deletePhoto, movePhoto, reorderPhotos, updatePhoto, updatePhotos, uploadLoosePhoto } from "./photos.server";

// The photo list of a product (issue 42), on each engine vitest runs (SQLite, and PostgreSQL
// with TEST_DATABASE_URL): order, colours, limits, refusals, metadata, and what a failure leaves.

const jpeg = (width: number, height: number, background = "#3366cc") =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer()
    .then((b) => new Uint8Array(b));

/** A product in Navy and Sand with one photo (a shop's product always has one). */
async function product(): Promise<{ id: string; photos: Photo[] }> {
  const saved = await saveProduct(
    null,
    ProductSchema.parse({
      title: "Linen Shirt",
      description: "Cool linen",
      category: "men",
      brand: "zara",
      price: "49.90",
      variants: [
        { size: "M", color: "Navy", colorHex: "#1e3a8a", sku: "", stock: "2" },
        { size: "M", color: "Sand", colorHex: "#d6c7a1", sku: "", stock: "2" },
      ],
    }),
    new File([await jpeg(40, 40, "#000000")], "cover.jpg", { type: "image/jpeg" }),
  );
  if (!saved.ok) throw new Error(saved.message);
  return { id: saved.product.id, photos: saved.product.photos };
}

const coverOf = async (productId: string) =>
  (await db.selectFrom("products").select("image").where("id", "=", productId).executeTakeFirstOrThrow()).image;

const photoRows = (productId: string) =>
  db.selectFrom("product_photos").selectAll().where("product_id", "=", productId).orderBy("position").execute();

/** The `images` rows of a photo's sizes. */
const filesOf = (photoId: string) =>
  db.selectFrom("images").select(["name", "content_type", "bytes"]).where("name", "like", `${photoId}-%`).execute();

const ok = <T extends { ok: boolean }>(result: T) => {
  if (!result.ok) throw new Error(`refused: ${(result as unknown as { message: string }).message}`);
  return result as Extract<T, { ok: true }>;
};

let shirt: { id: string; photos: Photo[] };
beforeEach(async () => {
  shirt = await product();
});

describe("a product's photos: order", () => {
  it("adds photos after the last, then moves and reorders them, renumbered 0..n-1, the cover its image", async () => {
    const [cover] = shirt.photos;
    const added = ok(
      await addPhotos(shirt.id, [
        { bytes: await jpeg(30, 30, "#ff0000"), alt: "Front" },
        { bytes: await jpeg(30, 30, "#00ff00"), alt: "Back" },
        { bytes: await jpeg(30, 30, "#0000ff"), alt: "Detail" },
      ]),
    );
    expect(added.photos.map((p) => [p.alt, p.position])).toEqual([
      ["Linen Shirt", 0],
      ["Front", 1],
      ["Back", 2],
      ["Detail", 3],
    ]);
    const [, front, back, detail] = added.photos;

    // "Front" up: it becomes the cover, and the product's image (what older clients show) follows.
    const up = ok(await movePhoto(shirt.id, front!.id, "up"));
    expect(up.photos.map((p) => p.alt)).toEqual(["Front", "Linen Shirt", "Back", "Detail"]);
    expect(await coverOf(shirt.id)).toBe(front!.src);
    // The first cannot go higher, the last no lower: nothing changes.
    expect(ok(await movePhoto(shirt.id, front!.id, "up")).photos.map((p) => p.alt)).toEqual(["Front", "Linen Shirt", "Back", "Detail"]);
    expect(ok(await movePhoto(shirt.id, detail!.id, "down")).photos.map((p) => p.alt)).toEqual(["Front", "Linen Shirt", "Back", "Detail"]);
    const down = ok(await movePhoto(shirt.id, front!.id, "down"));
    expect(down.photos.map((p) => p.alt)).toEqual(["Linen Shirt", "Front", "Back", "Detail"]);
    expect(await coverOf(shirt.id)).toBe(cover!.src);

    const order = [detail!.id, back!.id, cover!.id, front!.id];
    const reordered = ok(await reorderPhotos(shirt.id, order));
    expect(reordered.photos.map((p) => p.id)).toEqual(order);
    expect((await photoRows(shirt.id)).map((r) => [r.id, r.position])).toEqual(order.map((id, i) => [id, i]));
    expect(await coverOf(shirt.id)).toBe(detail!.src);
  });

  it("refuses an order that is not every photo once, and changes nothing", async () => {
    const added = ok(await addPhotos(shirt.id, [{ bytes: await jpeg(30, 30) }, { bytes: await jpeg(30, 30) }]));
    const ids = added.photos.map((p) => p.id);
    const stale = "The photos have changed since the page was opened: please reload it and try again";
    for (const wrong of [ids.slice(1), [...ids, ids[0]!], [ids[0]!, ids[0]!, ids[1]!], [ids[0]!, ids[1]!, "not-a-photo"]]) {
      expect(await reorderPhotos(shirt.id, wrong)).toEqual({ ok: false, status: 409, message: stale });
    }
    expect((await photoRows(shirt.id)).map((r) => r.id)).toEqual(ids);
    // Another product's photo is not one of this one's.
    const other = await product();
    expect(await movePhoto(shirt.id, other.photos[0]!.id, "up")).toMatchObject({ ok: false, status: 404 });
  });
});

describe("a product's photos: colours", () => {
  it("links a photo to one of the product's colours, matched whatever its case, stored as the variants write it", async () => {
    const added = ok(await addPhotos(shirt.id, [{ bytes: await jpeg(30, 30), color: "  navy " }]));
    expect(added.photos.at(-1)!.color).toBe("Navy");
    const photo = added.photos.at(-1)!;
    const changed = ok(await updatePhoto(shirt.id, photo.id, { alt: "Sand, front", color: "SAND" }));
    expect(changed.photos.at(-1)).toMatchObject({ alt: "Sand, front", color: "Sand" });
    // No colour: every colour's photo.
    expect(ok(await updatePhoto(shirt.id, photo.id, { alt: "Any", color: "" })).photos.at(-1)!.color).toBeNull();
  });

  it("refuses a colour the product does not come in", async () => {
    expect(await addPhotos(shirt.id, [{ bytes: await jpeg(30, 30), color: "Purple" }])).toEqual({
      ok: false,
      status: 400,
      message: 'This product has no colour "Purple"',
    });
    const photo = shirt.photos[0]!;
    expect(await updatePhoto(shirt.id, photo.id, { alt: "x", color: "Purple" })).toMatchObject({ ok: false, status: 400 });
    expect(await updatePhoto(shirt.id, photo.id, { alt: "   ", color: null })).toMatchObject({
      ok: false,
      message: "Please describe the photo for people who cannot see it",
    });
    expect(await updatePhoto(shirt.id, photo.id, { alt: "front\u0000\u0007", color: null })).toMatchObject({
      ok: false,
      status: 400,
      message: "A photo's description is one line of text, without control characters",
    });
    expect(await updatePhoto(shirt.id, photo.id, { alt: "x".repeat(201), color: null })).toMatchObject({ ok: false, status: 400 });
    expect((await photoRows(shirt.id)).map((r) => [r.alt, r.color])).toEqual([["Linen Shirt", null]]);
  });
});

describe("a product's photos: one Save for every row (issue 48)", () => {
  it("saves every photo's details together, or none, naming the photo refused", async () => {
    const added = ok(await addPhotos(shirt.id, [{ bytes: await jpeg(30, 30) }, { bytes: await jpeg(30, 30) }]));
    const [first, second, third] = added.photos;
    const saved = await updatePhotos(shirt.id, [
      { id: first!.id, alt: "Front", color: null },
      { id: second!.id, alt: "Back", color: "navy" },
      { id: third!.id, alt: third!.alt, color: null },
    ]);
    expect(saved).toMatchObject({ ok: true, changed: 2 });
    expect((await photoRows(shirt.id)).map((r) => [r.alt, r.color])).toEqual([
      ["Front", null],
      ["Back", "Navy"],
      [third!.alt, null],
    ]);
    // One refused row keeps every row as it was, and says which.
    const refused = await updatePhotos(shirt.id, [
      { id: first!.id, alt: "Changed", color: null },
      { id: second!.id, alt: "  ", color: null },
    ]);
    expect(refused).toEqual({
      ok: false,
      status: 400,
      message: "Photo 2: Please describe the photo for people who cannot see it",
      photoId: second!.id,
    });
    expect((await photoRows(shirt.id)).map((r) => r.alt)).toEqual(["Front", "Back", third!.alt]);
  });
});

describe("a product's photos: limits", () => {
  it(`keeps at most ${MAX_PHOTOS}, saying how many more fit`, async () => {
    const photos = async (n: number) => Promise.all(Array.from({ length: n }, () => jpeg(20, 20).then((bytes) => ({ bytes }))));
    ok(await addPhotos(shirt.id, await photos(10)));
    expect(await addPhotos(shirt.id, await photos(2))).toEqual({
      ok: false,
      status: 400,
      message: `A product has at most ${MAX_PHOTOS} photos: this one has 11, so 1 more can be added`,
    });
    expect(await addPhotos(shirt.id, await photos(13))).toMatchObject({ ok: false, status: 400 });
    expect(await photoRows(shirt.id)).toHaveLength(11);
  });

  it(`two uploads at once that would pass ${MAX_PHOTOS} together: one gets in, the other is refused`, async () => {
    const photos = async (n: number) => Promise.all(Array.from({ length: n }, () => jpeg(20, 20).then((bytes) => ({ bytes }))));
    ok(await addPhotos(shirt.id, await photos(5)));
    const [first, second] = [await photos(4), await photos(4)];
    const [a, b] = await Promise.all([addPhotos(shirt.id, first), addPhotos(shirt.id, second)]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect([a, b].find((r) => !r.ok)).toMatchObject({ status: 400, message: expect.stringContaining("this one has 10, so 2 more") });
    const rows = await photoRows(shirt.id);
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.position)).toEqual([...Array(10).keys()]);
  });

  it("deleting the last photo is refused; deleting one removes its sizes and renumbers the rest", async () => {
    const only = shirt.photos[0]!;
    expect(await deletePhoto(shirt.id, only.id)).toEqual({
      ok: false,
      status: 409,
      message: "A product needs at least one photo: add another before deleting this one",
    });
    const added = ok(await addPhotos(shirt.id, [{ bytes: await jpeg(30, 30) }, { bytes: await jpeg(30, 30) }]));
    const second = added.photos[1]!;
    expect(await filesOf(second.id)).toHaveLength(second.widths.length * PHOTO_FORMATS.length);
    const left = ok(await deletePhoto(shirt.id, only.id));
    expect(left.photos.map((p) => [p.id, p.position])).toEqual(added.photos.slice(1).map((p, i) => [p.id, i]));
    expect(await filesOf(only.id)).toEqual([]);
    expect(await coverOf(shirt.id)).toBe(second.src);
  });
});

/** A PNG of a few bytes whose header claims `width` x `height` pixels. */
function pngClaiming(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body) >>> 0, 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00])), chunk("IEND", Buffer.alloc(0))]),
  );
}

describe("a product's photos: refusals", () => {
  const noise = async (side: number) =>
    new Uint8Array(
      await sharp(Buffer.from(Array.from({ length: side * side * 3 }, (_, i) => (i * 7919) % 251)), {
        raw: { width: side, height: side, channels: 3 },
      })
        .jpeg({ quality: 95 })
        .toBuffer(),
    );

  it.each([
    ["not an image", async () => new TextEncoder().encode("plain text named photo.jpg"), 400, "Invalid file type: please choose a photo"],
    ["a truncated JPEG", async () => (await noise(400)).slice(0, 20_000), 400, "Invalid file type"],
    ["more than 5 MB", async () => new Uint8Array(5 * 1024 * 1024 + 1), 413, "File too large: a photo must be under 5 MB"],
    [
      "a pixel bomb (50000 x 50000 in a few bytes)",
      async () => pngClaiming(50_000, 50_000),
      413,
      "File too large: a photo may have at most 40 megapixels",
    ],
    [
      "an extreme aspect (40000000 x 1, within the pixels)",
      async () => pngClaiming(40_000_000, 1),
      413,
      "File too large: a photo's longer side may be at most 10 times its shorter side",
    ],
    ["a tall strip (50 x 600)", async () => pngClaiming(50, 600), 413, "File too large: a photo's longer side may be at most 10 times"],
  ])("refuses %s, naming the file, and adds none of the batch", async (_, make, status, message) => {
    const bytes = await make();
    const result = await addPhotos(shirt.id, [
      { bytes: await jpeg(30, 30), name: "good.jpg" },
      { bytes, name: "bad.jpg" },
    ]);
    expect(result).toMatchObject({ ok: false, status, message: expect.stringContaining(`"bad.jpg": ${message}`) });
    expect(await photoRows(shirt.id)).toHaveLength(1);
    // The older clients' upload says the same.
    expect(await uploadLoosePhoto(bytes)).toMatchObject({ ok: false, status, message: expect.stringContaining(message) });
  });

  it("turns a photo as its EXIF orientation says and keeps no EXIF (no GPS) in any size", async () => {
    const taken = await sharp({ create: { width: 800, height: 400, channels: 3, background: "#884422" } })
      .jpeg()
      .withExif({
        IFD0: { Make: "PhoneMaker", Model: "Phone 9", Copyright: "Someone" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(taken).metadata();
    expect(before).toMatchObject({ width: 800, height: 400, orientation: 6 });
    expect(before.exif?.toString("latin1")).toContain("PhoneMaker");

    const added = ok(await addPhotos(shirt.id, [{ bytes: new Uint8Array(taken) }]));
    const photo = added.photos.at(-1)!;
    // Turned a quarter: 400 wide, 800 high, made at 320 and 400 (never wider than it is).
    expect(photo).toMatchObject({ widths: [320, 400], width: 400, height: 800 });
    const files = await filesOf(photo.id);
    expect(files.map((f) => f.name).sort()).toEqual(
      [320, 400].flatMap((w) => PHOTO_FORMATS.map(({ ext }) => `${photo.id}-${w}.${ext}`)).sort(),
    );
    for (const file of files) {
      const meta = await sharp(Buffer.from(file.bytes)).metadata();
      const width = Number(file.name.match(/-(\d+)\./)![1]);
      expect([file.name, meta.width, meta.height, meta.exif, meta.orientation]).toEqual([
        file.name,
        width,
        width * 2,
        undefined,
        undefined,
      ]);
      expect(Buffer.from(file.bytes).includes("PhoneMaker")).toBe(false);
      expect(file.content_type).toBe(PHOTO_FORMATS.find((f) => file.name.endsWith(`.${f.ext}`))!.type);
    }
  });
});

describe("a product's photos: the older clients' one image", () => {
  it("a loose upload becomes the cover of the product saved with its address", async () => {
    const loose = ok(await uploadLoosePhoto(await jpeg(500, 500)));
    expect(loose.url).toMatch(/^\/uploads\/[0-9a-f]{32}-500\.jpg$/);
    const [row] = await db.selectFrom("product_photos").selectAll().where("src", "=", loose.url).execute();
    expect(row).toMatchObject({ product_id: null, widths: "320,500" });

    const saved = await saveProduct(
      shirt.id,
      ProductSchema.parse({
        title: "Linen Shirt",
        description: "Cool linen",
        category: "men",
        brand: "zara",
        price: "49.90",
        totalStock: "4",
        image: loose.url,
      }),
      null,
    );
    if (!saved.ok) throw new Error(saved.message);
    expect(saved.product.image).toBe(loose.url);
    expect(saved.product.photos.map((p) => [p.id, p.position])).toEqual([
      [row!.id, 0],
      [shirt.photos[0]!.id, 1],
    ]);
    expect(saved.product.photos[0]!.alt).toBe("Linen Shirt");
    // Saved again with the former cover's address: it moves back to the front, nothing is added.
    const back = await saveProduct(
      shirt.id,
      ProductSchema.parse({
        title: "Linen Shirt",
        description: "Cool linen",
        category: "men",
        brand: "zara",
        price: "49.90",
        totalStock: "4",
        image: shirt.photos[0]!.src,
      }),
      null,
    );
    if (!back.ok) throw new Error(back.message);
    expect(back.product.photos.map((p) => p.id)).toEqual([shirt.photos[0]!.id, row!.id]);
    expect(await coverOf(shirt.id)).toBe(shirt.photos[0]!.src);
  });
});

describe("a product's photos: a failure part-way", () => {
  it("an upload that fails after its first photo was written leaves no row and no file of it", async () => {
    const imagesBefore = (await db.selectFrom("images").select("name").execute()).map((r) => r.name).sort();
    // The first photo's sizes and row are written inside the transaction, then the second's colour
    // is refused: the transaction is rolled back whole.
    const result = await addPhotos(shirt.id, [
      { bytes: await jpeg(700, 700), color: "Navy" },
      { bytes: await jpeg(700, 700), color: "Purple" },
    ]);
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect((await photoRows(shirt.id)).map((r) => r.id)).toEqual([shirt.photos[0]!.id]);
    expect((await db.selectFrom("images").select("name").execute()).map((r) => r.name).sort()).toEqual(imagesBefore);
    expect(await db.selectFrom("product_photos").select("id").where("product_id", "is", null).execute()).toEqual([]);
  });

  it("an upload to a product deleted meanwhile is refused and leaves nothing", async () => {
    const imagesBefore = (await db.selectFrom("images").select("name").execute()).length;
    const photosBefore = (await db.selectFrom("product_photos").select("id").execute()).length;
    await db.deleteFrom("products").where("id", "=", shirt.id).execute();
    expect(await addPhotos(shirt.id, [{ bytes: await jpeg(30, 30) }])).toEqual({ ok: false, status: 404, message: "Product not found" });
    expect((await db.selectFrom("images").select("name").execute()).length).toBe(imagesBefore);
    // The product's own photo rows went with it (ON DELETE CASCADE).
    expect((await db.selectFrom("product_photos").select("id").execute()).length).toBe(photosBefore - 1);
  });
});

describe("a product's photos: what stays when a photo or its product goes", () => {
  /** A paid order whose one line shows `image`, as checkout records the cover's (or colour's) src. */
  async function orderShowing(image: string) {
    const registered = await registerUser({ userName: "buyer", email: `buyer-${newId()}@example.com`, password: "password123" });
    if (!registered.ok) throw new Error("setup");
    await insertOrder(registered.user.id, [{ title: "Linen Shirt", quantity: 1, unitPriceCents: 4990, image }], { paymentStatus: "paid" });
  }
  const extensions = async (photoId: string) => [...new Set((await filesOf(photoId)).map((f) => f.name.split(".").pop()))].sort();

  it("deleting a product deletes every file of its photos that nothing else shows", async () => {
    const added = ok(await addPhotos(shirt.id, [{ bytes: await jpeg(700, 700) }]));
    const ids = added.photos.map((p) => p.id);
    for (const id of ids) expect((await filesOf(id)).length).toBeGreaterThan(0);
    expect(await deleteProduct(shirt.id)).toBe(true);
    for (const id of ids) expect(await filesOf(id)).toEqual([]);
  });

  it("a photo a past order shows keeps its JPEGs, whether the photo or its product goes; the rest of its files go", async () => {
    const added = ok(await addPhotos(shirt.id, [{ bytes: await jpeg(700, 700) }, { bytes: await jpeg(700, 700) }]));
    const [cover, ordered, other] = added.photos;
    expect(await extensions(ordered!.id)).toEqual(["avif", "jpg", "webp"]);
    await orderShowing(ordered!.src);

    ok(await deletePhoto(shirt.id, ordered!.id));
    // Every size of the JPEG: the line's own address and the smallest, which order pages show.
    expect((await filesOf(ordered!.id)).map((f) => f.name).sort()).toEqual(ordered!.widths.map((w) => `${ordered!.id}-${w}.jpg`).sort());

    expect(await deleteProduct(shirt.id)).toBe(true);
    expect(await extensions(ordered!.id)).toEqual(["jpg"]);
    expect(await filesOf(cover!.id)).toEqual([]);
    expect(await filesOf(other!.id)).toEqual([]);
  });

  it("a photo another product took as its image keeps every file when its own product goes", async () => {
    const photo = shirt.photos[0]!;
    const before = await filesOf(photo.id);
    // An older client saves a second product with the shirt's cover's address as its image.
    const other = await saveProduct(
      null,
      ProductSchema.parse({
        title: "Linen Shirt, again",
        description: "The same photo",
        category: "men",
        brand: "zara",
        price: "39.90",
        image: photo.src,
        variants: [{ size: "M", color: "Navy", colorHex: "#1e3a8a", sku: "", stock: "1" }],
      }),
      null,
    );
    expect(other.ok).toBe(true);
    expect(await deleteProduct(shirt.id)).toBe(true);
    expect(await filesOf(photo.id)).toEqual(before);
  });
});
