import { expect, request as playwrightRequest } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { ADMIN, shopSql } from "./helpers";

// The owner's catalogue of issue 49's story, arranged behind the shop's back (the catalogue's admin
// pages and /api are other work): "Women > Dresses", the brand "Atelier Nord", a linen dress of
// theirs and a linen shirt, and the automatic collection "Linen edit" (tag is linen), in the menu
// and on the home page. The subcategory once had the handle `women-frocks` (a 301 now).

export const STORY = {
  category: "Dresses",
  categoryHandle: "women-dresses",
  oldCategoryHandle: "women-frocks",
  brand: "Atelier Nord",
  brandHandle: "atelier-nord",
  dress: "Linen Wrap Dress",
  dressHandle: "linen-wrap-dress",
  shirt: "Linen Camp Shirt",
  collection: "Linen edit",
  collectionHandle: "linen-edit",
  oldCollectionHandle: "linen-story",
} as const;

const newId = () => randomBytes(12).toString("hex");

/** Arranges the story in this worker's shop once, and waits until the shop shows it (its catalogue is kept 2 s per process). */
export async function arrangeStory(baseURL: string): Promise<void> {
  const done = await shopSql("select id from brands where handle = ?", [STORY.brandHandle]);
  if (!done.rows.length) {
    const at = new Date().toISOString();
    const dresses = newId();
    const atelier = newId();
    await shopSql(
      "insert into categories (id, handle, name, parent_id, description, image, sizes, position, created_at, updated_at) values (?, ?, ?, 'women', ?, '', 'clothing,footwear,none', 0, ?, ?)",
      [dresses, STORY.categoryHandle, STORY.category, "Light dresses for warm days.", at, at],
    );
    await shopSql("insert into catalogue_handles (kind, handle, target_id, created_at) values ('category', ?, ?, ?)", [
      STORY.oldCategoryHandle,
      dresses,
      at,
    ]);
    await shopSql(
      "insert into brands (id, handle, name, description, image, position, created_at, updated_at) values (?, ?, ?, '', '', 10, ?, ?)",
      [atelier, STORY.brandHandle, STORY.brand, at, at],
    );
    const linen = newId();
    await shopSql("insert into catalogue_handles (kind, handle, target_id, created_at) values ('collection', ?, ?, ?)", [
      STORY.oldCollectionHandle,
      linen,
      at,
    ]);
    await shopSql(
      "insert into collections (id, handle, name, description, image, rules, sort, on_home, in_menu, position, created_at, updated_at) values (?, ?, ?, ?, '', ?, '', 1, 1, 0, ?, ?)",
      [
        linen,
        STORY.collectionHandle,
        STORY.collection,
        "Our linen, washed soft.",
        JSON.stringify([{ field: "tag", op: "is", value: "linen" }]),
        at,
        at,
      ],
    );
    // The products through the owner's existing product /api, which takes any category, brand and tags
    // it knows: once it has read its catalogue again (it keeps it 2 s), with the rows above in it.
    const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
    expect((await (await admin.post("/api/auth/login", { data: ADMIN })).json()).success).toBe(true);
    await expect
      .poll(
        async () =>
          (await (await admin.get("/api/shop/categories")).text()).includes(STORY.categoryHandle) &&
          (await (await admin.get("/api/shop/brands")).text()).includes(STORY.brandHandle),
        { timeout: 10_000 },
      )
      .toBe(true);
    // JPEG photos, as the demo's: link previews of the pages they head show no SVG (product-seo.http.spec.ts).
    const add = async (title: string, category: string, brand: string, price: number, image: string) => {
      const added = await admin.post("/api/admin/products/add", {
        data: {
          title,
          description: "Washed linen, cut loose.",
          category,
          brand,
          price,
          tags: ["linen"],
          image,
          variants: [{ size: "M", color: "", colorHex: "", sku: null, stock: 5 }],
        },
      });
      expect(added.status(), await added.text()).toBe(201);
    };
    await add(STORY.dress, dresses, atelier, 120, "/demo/photos/handm-linen-blend-shirt-dress-1-640.jpg");
    await add(STORY.shirt, "men", "levi", 40, "/demo/photos/handm-relaxed-fit-linen-shirt-1-640.jpg");
    await admin.dispose();
  }
  // Seen once the shop reads its catalogue again (within 2 s) and its most used tags (within 5 s).
  const visitor = await playwrightRequest.newContext({ baseURL });
  await expect
    .poll(async () => (await visitor.get(`/shop/collections/${STORY.collectionHandle}`, { maxRedirects: 0 })).status(), { timeout: 10_000 })
    .toBe(200);
  await expect
    .poll(async () => (await (await visitor.get("/shop/listing")).text()).includes('value="linen"'), { timeout: 10_000 })
    .toBe(true);
  await visitor.dispose();
}
