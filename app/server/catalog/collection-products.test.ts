import { describe, expect, it } from "vitest";
import type { Collection } from "~/lib/catalogue";
import { CategorySchema, CollectionSchema } from "~/lib/schemas/catalogue";
import { ProductSchema } from "~/lib/schemas/products";
import { deleteProduct, saveProduct } from "~/server/admin/products.server";
import { db } from "~/server/database/db.server";
import { listCollectionProducts } from "./catalog.server";
import { saveCategory, saveCollection } from "./catalogue.server";

// A collection's products as its page and /api read them (issue 49): a manual one in the owner's
// order, an automatic one by its rules, both paged and sortable as the listing.

const IMAGE = "/demo/products/nike-dri-fit-running-tee.svg";
let day = 0;

/** A product added on its own day (so "newest first" has one answer). */
async function added(title: string, over: Record<string, unknown> = {}) {
  const result = await saveProduct(
    null,
    ProductSchema.parse({
      title,
      description: "For a test",
      category: "men",
      brand: "nike",
      price: "30",
      totalStock: "3",
      image: IMAGE,
      ...over,
    }),
    null,
  );
  if (!result.ok) throw new Error(`not added: ${result.message}`);
  day += 1;
  await db
    .updateTable("products")
    .set({ created_at: `2026-01-${String(day).padStart(2, "0")}T00:00:00.000Z` })
    .where("id", "=", result.product.id)
    .execute();
  return result.product;
}

async function collection(input: Record<string, unknown>): Promise<Collection> {
  const result = await saveCollection(null, CollectionSchema.parse(input));
  if (!result.ok) throw new Error(`collection refused: ${result.message}`);
  return result.value;
}

const titlesOf = async (c: Collection, sortBy: Parameters<typeof listCollectionProducts>[1], page = 1, size = 24) =>
  (await listCollectionProducts(c, sortBy, page, size)).items.map((p) => p.title);

describe("listCollectionProducts", () => {
  it("a manual collection: the owner's order, paged; the listing's sorts; a deleted product leaves it", async () => {
    const [a, b, c, d] = [await added("Apricot Tee", { price: "20" }), await added("Birch Tee", { price: "50" })].concat([
      await added("Cedar Tee", { price: "10" }),
      await added("Dune Tee", { price: "40" }),
    ]);
    const picks = await collection({ name: "Owner's picks", productIds: [c!.id, a!.id, d!.id, b!.id] });
    expect(await titlesOf(picks, "")).toEqual(["Cedar Tee", "Apricot Tee", "Dune Tee", "Birch Tee"]);
    const second = await listCollectionProducts(picks, "", 2, 3);
    expect([second.items.map((p) => p.title), second.total, second.page, second.pageCount]).toEqual([["Birch Tee"], 4, 2, 2]);
    expect(await titlesOf(picks, "price-hightolow")).toEqual(["Birch Tee", "Dune Tee", "Apricot Tee", "Cedar Tee"]);
    expect(await titlesOf(picks, "title-ztoa", 2, 3)).toEqual(["Apricot Tee"]);
    // Products as the listing answers them: variants, names from the catalogue.
    expect((await listCollectionProducts(picks, "", 1)).items[0]).toMatchObject({
      categoryName: "Men",
      brandName: "Nike",
      variants: [{ stock: 3 }],
    });
    await deleteProduct(d!.id);
    const after = await listCollectionProducts(picks, "", 1);
    expect([after.items.map((p) => p.title), after.total]).toEqual([["Cedar Tee", "Apricot Tee", "Birch Tee"], 3]);
    expect(await listCollectionProducts(await collection({ name: "Empty picks" }), "", 1)).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
  });

  it("an automatic collection: its rules, newest first unless sorted, kept up to date as products change", async () => {
    const knit = await saveCategory(null, CategorySchema.parse({ name: "Knitwear", parentId: "women" }));
    if (!knit.ok) throw new Error(knit.message);
    await added("Old Wool Jumper", { category: knit.value.id, brand: "zara", tags: "wool" });
    const cardigan = await added("Wool Cardigan", { category: knit.value.id, brand: "zara", tags: "wool", price: "80" });
    await added("Wool Scarf", { category: "accessories", brand: "zara", tags: "wool" });
    await added("Cotton Jumper", { category: knit.value.id, brand: "zara", tags: "cotton" });
    // A rule on the top category covers its subcategories.
    const wool = await collection({
      name: "Women's wool",
      rules: [
        { field: "category", op: "is", value: "women" },
        { field: "tag", op: "is", value: "wool" },
      ],
    });
    expect(await titlesOf(wool, "")).toEqual(["Wool Cardigan", "Old Wool Jumper"]);
    expect(await titlesOf(wool, "title-atoz")).toEqual(["Old Wool Jumper", "Wool Cardigan"]);
    expect(await titlesOf(wool, "price-lowtohigh", 2, 1)).toEqual(["Wool Cardigan"]);
    const edited = await saveProduct(
      cardigan.id,
      ProductSchema.parse({
        title: "Wool Cardigan",
        description: "x",
        category: "men",
        brand: "zara",
        price: "80",
        totalStock: "3",
        image: IMAGE,
      }),
      null,
    );
    expect(edited.ok).toBe(true);
    const page = await listCollectionProducts(wool, "", 1);
    expect([page.items.map((p) => p.title), page.total]).toEqual([["Old Wool Jumper"], 1]);
    const none = await collection({ name: "Nothing yet", rules: [{ field: "price", op: "above", value: 999_999 }] });
    expect(await listCollectionProducts(none, "", 1)).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
  });
});
