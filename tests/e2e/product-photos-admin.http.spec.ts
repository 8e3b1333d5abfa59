import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { ADMIN, SHOPPER, unique, addShirt } from "./helpers";

// The owner's /api for a product's photos (issue 42): the same service as the photo manager page.

type Image = { id: string; url: string; alt: string; color: string | null; position: number };
type PhotosData = { _id: string; image: string; images: Image[] };

const png = async (name: string, background: string) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 400, height: 500, channels: 3, background } })
    .png()
    .toBuffer(),
});

async function signedIn(baseURL: string | undefined, account: { email: string; password: string }) {
  const context = await playwrightRequest.newContext({ baseURL });
  expect((await context.post("/api/auth/login", { data: account })).status()).toBe(200);
  return context;
}

const photos = async (admin: APIRequestContext, id: string): Promise<PhotosData> => {
  const response = await admin.get(`/api/admin/products/${id}/photos`);
  expect(response.status()).toBe(200);
  return (await response.json()).data;
};

/** The product's `image` as every client reads it (the older clients' one picture). */
const coverOf = async (admin: APIRequestContext, id: string): Promise<string> =>
  (await (await admin.get(`/api/shop/products/get/${id}`)).json()).data.image;

test("the owner adds several photos, orders them, describes one, links it to a colour and deletes one; image follows the cover", async ({
  baseURL,
}) => {
  const admin = await signedIn(baseURL, ADMIN);
  const id = await addShirt(admin, unique("Photo Api Shirt "), 40);
  try {
    const first = await photos(admin, id);
    expect(first.images).toHaveLength(1);
    expect(first.images[0]!.url).toBe(`${baseURL}/demo/products/nike-dri-fit-running-tee.svg`);

    const posted = await admin.post(`/api/admin/products/${id}/photos`, {
      multipart: {
        photos: await png("front.png", "#1e3a8a"),
        color: "navy",
        alt: "Worn, from the front",
      },
    });
    expect(posted.status()).toBe(201);
    // Playwright's multipart option takes one file a field: several go as FormData.
    const form = new FormData();
    for (const [name, colour] of [
      ["back.png", "#d6c7a1"],
      ["detail.png", "#444444"],
    ] as const) {
      const file = await png(name, colour);
      form.append("photos", new File([new Uint8Array(file.buffer)], name, { type: "image/png" }));
    }
    const two = await admin.post(`/api/admin/products/${id}/photos`, { multipart: form });
    expect(two.status()).toBe(201);
    const body = await two.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe("2 photos added");
    const list: Image[] = body.data.images;
    expect(list.map((i) => i.position)).toEqual([0, 1, 2, 3]);
    expect(list[1]).toMatchObject({ alt: "Worn, from the front", color: "Navy" });
    // New photos without alt text are described by the product's title; each address is absolute and served.
    expect(list[2]!.alt).toMatch(/^Photo Api Shirt /);
    for (const image of list.slice(1)) {
      expect(image.url).toMatch(new RegExp(`^${baseURL}/uploads/[0-9a-f]{32}-\\d+\\.jpg$`));
      const served = await admin.get(image.url);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("image/jpeg");
    }
    expect(await coverOf(admin, id)).toBe(list[0]!.url);

    // The last photo first: it becomes the cover, and the product's image with it.
    const order = [list[3]!.id, list[0]!.id, list[1]!.id, list[2]!.id];
    const reordered = await admin.put(`/api/admin/products/${id}/photos/order`, { data: { ids: order } });
    expect(reordered.status()).toBe(200);
    const after: PhotosData = (await reordered.json()).data;
    expect(after.images.map((i) => i.id)).toEqual(order);
    expect(after.image).toBe(list[3]!.url);
    expect(await coverOf(admin, id)).toBe(list[3]!.url);

    // Alt text and colour; a field left out keeps its value.
    const edited = await admin.put(`/api/admin/products/${id}/photos/${list[2]!.id}`, { data: { alt: "The back", color: "Sand" } });
    expect(edited.status()).toBe(200);
    expect((await edited.json()).data.images.find((i: Image) => i.id === list[2]!.id)).toMatchObject({ alt: "The back", color: "Sand" });
    const altOnly = await admin.put(`/api/admin/products/${id}/photos/${list[2]!.id}`, { data: { alt: "The back, flat" } });
    expect((await altOnly.json()).data.images.find((i: Image) => i.id === list[2]!.id)).toMatchObject({
      alt: "The back, flat",
      color: "Sand",
    });
    const allColours = await admin.put(`/api/admin/products/${id}/photos/${list[2]!.id}`, { data: { color: null } });
    expect((await allColours.json()).data.images.find((i: Image) => i.id === list[2]!.id).color).toBeNull();
    const purple = await admin.put(`/api/admin/products/${id}/photos/${list[2]!.id}`, { data: { color: "Purple" } });
    expect(purple.status()).toBe(400);
    expect((await purple.json()).message).toBe('This product has no colour "Purple"');
    const blank = await admin.put(`/api/admin/products/${id}/photos/${list[2]!.id}`, { data: { alt: "  " } });
    expect(blank.status()).toBe(400);
    expect((await blank.json()).success).toBe(false);

    // Deleting the cover: the next photo is the cover and the product's image; its sizes are gone.
    const deleted = await admin.delete(`/api/admin/products/${id}/photos/${list[3]!.id}`);
    expect(deleted.status()).toBe(200);
    const left: PhotosData = (await deleted.json()).data;
    expect(left.images.map((i) => i.id)).toEqual([list[0]!.id, list[1]!.id, list[2]!.id]);
    expect(left.images.map((i) => i.position)).toEqual([0, 1, 2]);
    expect(await coverOf(admin, id)).toBe(list[0]!.url);
    expect((await admin.get(list[3]!.url)).status()).toBe(404);
  } finally {
    expect((await admin.delete(`/api/admin/products/delete/${id}`)).status()).toBe(200);
  }
});

test("refusals: not an image, over 12, too large, unknown photo, another product's photo, the last photo", async ({ baseURL }) => {
  const admin = await signedIn(baseURL, ADMIN);
  const id = await addShirt(admin, unique("Photo Api Shirt "), 40);
  const other = await addShirt(admin, unique("Photo Api Shirt "), 40);
  try {
    const before = await photos(admin, id);

    const text = await admin.post(`/api/admin/products/${id}/photos`, {
      multipart: { photos: { name: "holiday.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all") } },
    });
    expect(text.status()).toBe(400);
    expect(await text.json()).toEqual({ success: false, message: expect.stringMatching(/^"holiday\.jpg": Invalid file type/) });

    const none = await admin.post(`/api/admin/products/${id}/photos`, { multipart: { color: "Navy" } });
    expect(none.status()).toBe(400);
    expect((await none.json()).message).toBe("Please choose one or more photos");

    const thirteen = new FormData();
    const tiny = await png("tiny.png", "#888888");
    for (let n = 0; n < 13; n++) thirteen.append("photos", new File([new Uint8Array(tiny.buffer)], `p${n}.png`, { type: "image/png" }));
    const many = await admin.post(`/api/admin/products/${id}/photos`, { multipart: thirteen });
    expect(many.status()).toBe(400);
    expect((await many.json()).message).toBe("A product has at most 12 photos");
    // 1 + 12 is over as well: the message says how many more fit.
    const twelve = new FormData();
    for (let n = 0; n < 12; n++) twelve.append("photos", new File([new Uint8Array(tiny.buffer)], `p${n}.png`, { type: "image/png" }));
    const over = await admin.post(`/api/admin/products/${id}/photos`, { multipart: twelve });
    expect(over.status()).toBe(400);
    expect((await over.json()).message).toBe("A product has at most 12 photos: this one has 1, so 11 more can be added");

    // Six files of 4.5 MB: each under the limit, together over 25 MB. Refused before anything is read.
    const heavy = new FormData();
    for (let n = 0; n < 6; n++)
      heavy.append("photos", new File([new Uint8Array(4.5 * 1024 * 1024)], `big${n}.jpg`, { type: "image/jpeg" }));
    const large = await admin.post(`/api/admin/products/${id}/photos`, { multipart: heavy });
    expect(large.status()).toBe(413);
    expect((await large.json()).message).toBe("Too large: send at most 25 MB of photos at once, each under 5 MB");
    const single = await admin.post(`/api/admin/products/${id}/photos`, {
      multipart: { photos: { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(6 * 1024 * 1024, 1) } },
    });
    expect(single.status()).toBe(413);
    expect((await single.json()).message).toMatch(/^"huge\.jpg": File too large/);

    expect((await photos(admin, id)).images).toEqual(before.images);

    // Unknown photo ids, and a photo of another product, are not this product's.
    const theirs = (await photos(admin, other)).images[0]!.id;
    const mine = before.images[0]!.id;
    for (const photoId of ["0".repeat(32), theirs]) {
      const put = await admin.put(`/api/admin/products/${id}/photos/${photoId}`, { data: { alt: "Mine now" } });
      expect(put.status(), photoId).toBe(404);
      expect((await put.json()).success).toBe(false);
      const del = await admin.delete(`/api/admin/products/${id}/photos/${photoId}`);
      expect(del.status(), photoId).toBe(404);
      expect((await del.json()).message).toBe("This photo is not one of the product's");
    }
    const mixed = await admin.put(`/api/admin/products/${id}/photos/order`, { data: { ids: [theirs] } });
    expect(mixed.status()).toBe(409);
    const shape = await admin.put(`/api/admin/products/${id}/photos/order`, { data: { order: [mine] } });
    expect(shape.status()).toBe(400);
    expect((await photos(admin, other)).images[0]!.id).toBe(theirs);

    // The last photo stays.
    const last = await admin.delete(`/api/admin/products/${id}/photos/${mine}`);
    expect(last.status()).toBe(409);
    expect((await last.json()).message).toBe("A product needs at least one photo: add another before deleting this one");
    expect((await photos(admin, id)).images).toHaveLength(1);

    // An unknown product.
    expect((await admin.get(`/api/admin/products/${"f".repeat(24)}/photos`)).status()).toBe(404);
    const lost = await admin.post(`/api/admin/products/${"f".repeat(24)}/photos`, { multipart: { photos: tiny } });
    expect(lost.status()).toBe(404);
    expect((await lost.json()).message).toBe("Product not found");
  } finally {
    for (const productId of [id, other]) expect((await admin.delete(`/api/admin/products/delete/${productId}`)).status()).toBe(200);
  }
});

test("a shopper gets 403 and a visitor 401 on every photo call; nothing changes", async ({ baseURL }) => {
  const admin = await signedIn(baseURL, ADMIN);
  const id = await addShirt(admin, unique("Photo Api Shirt "), 40);
  try {
    const photoId = (await photos(admin, id)).images[0]!.id;
    const shopper = await signedIn(baseURL, SHOPPER);
    const visitor = await playwrightRequest.newContext({ baseURL });
    const tiny = await png("tiny.png", "#888888");
    const calls: Array<[string, string, Parameters<APIRequestContext["fetch"]>[1]]> = [
      ["GET", `/api/admin/products/${id}/photos`, {}],
      ["POST", `/api/admin/products/${id}/photos`, { multipart: { photos: tiny } }],
      ["PUT", `/api/admin/products/${id}/photos/order`, { data: { ids: [photoId] } }],
      ["PUT", `/api/admin/products/${id}/photos/${photoId}`, { data: { alt: "Hacked" } }],
      ["DELETE", `/api/admin/products/${id}/photos/${photoId}`, {}],
    ];
    for (const [method, path, options] of calls) {
      const s = await shopper.fetch(path, { method, ...options });
      expect(s.status(), `${method} ${path}`).toBe(403);
      expect((await s.json()).success).toBe(false);
      expect((await visitor.fetch(path, { method, ...options })).status(), `${method} ${path}`).toBe(401);
    }
    const after = await photos(admin, id);
    expect(after.images).toHaveLength(1);
    expect(after.images[0]).toMatchObject({ id: photoId, alt: expect.stringMatching(/^Photo Api Shirt /) });
  } finally {
    expect((await admin.delete(`/api/admin/products/delete/${id}`)).status()).toBe(200);
  }
});
