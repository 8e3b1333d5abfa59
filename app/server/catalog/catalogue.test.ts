import { describe, expect, it } from "vitest";
import { parseListingQuery } from "~/lib/listing";
import { BrandSchema, CategorySchema, CollectionSchema } from "~/lib/schemas/catalogue";
import { ProductSchema } from "~/lib/schemas/products";
import { saveProduct } from "~/server/admin/products.server";
import { db } from "~/server/database/db.server";
import { addedProduct } from "#tests/support/catalog";
import { canonicalListing, listProducts } from "./catalog.server";
import { catalogue, deleteCatalogueRow, saveBrand, saveCategory, saveCollection } from "./catalogue.server";

// The owner's catalogue (issue 49): categories in two levels, brands, tags, and the listing that
// reads them, through the services the admin's forms and /api call.

const IMAGE = "/demo/products/nike-dri-fit-running-tee.svg";

const added = addedProduct;

async function category(input: Record<string, unknown>, id: string | null = null) {
  const result = await saveCategory(id, CategorySchema.parse(input));
  if (!result.ok) throw new Error(`category refused: ${result.message}`);
  return result.value;
}

const listing = (search: string) => listProducts(parseListingQuery(new URLSearchParams(search)), 100);
const titles = async (search: string) => (await listing(search)).items.map((p) => p.title).sort();

describe("the demo's catalogue", () => {
  it("is the specification's five categories and six brands, their ids their handles", async () => {
    const snapshot = await catalogue();
    expect(snapshot.categories.map((c) => [c.id, c.handle, c.name])).toEqual([
      ["men", "men", "Men"],
      ["women", "women", "Women"],
      ["kids", "kids", "Kids"],
      ["accessories", "accessories", "Accessories"],
      ["footwear", "footwear", "Footwear"],
    ]);
    expect(snapshot.brands.map((b) => b.id)).toEqual(["nike", "adidas", "puma", "levi", "zara", "h&m"]);
  });
});

describe("categories", () => {
  it("make a tree of two levels; a top category's filter covers its subcategories", async () => {
    const dresses = await category({ name: "Dresses", parentId: "women" });
    expect(dresses).toMatchObject({ handle: "women-dresses", parentId: "women", sizes: ["clothing", "footwear", "none"] });
    await added("Linen Dress", { category: dresses.id });
    await added("Wool Coat", { category: "women" });
    await added("Oxford Shirt", { category: "men" });
    expect(await titles("category=women")).toEqual(["Linen Dress", "Wool Coat"]);
    expect(await titles("category=women-dresses")).toEqual(["Linen Dress"]);
    expect((await listing("category=women")).total).toBe(2);

    const third = await saveCategory(null, CategorySchema.parse({ name: "Summer", parentId: dresses.id }));
    expect(third).toMatchObject({ ok: false, status: 400, fieldErrors: { parentId: [expect.stringMatching(/two levels/)] } });
    const own = await saveCategory(dresses.id, CategorySchema.parse({ name: "Dresses", parentId: dresses.id }));
    expect(own).toMatchObject({ ok: false, status: 400 });
    const underChild = await saveCategory("women", CategorySchema.parse({ name: "Women", parentId: "men" }));
    expect(underChild).toMatchObject({ ok: false, status: 400, message: expect.stringMatching(/subcategories/) });
    const twin = await saveCategory(null, CategorySchema.parse({ name: "dresses", parentId: "women" }));
    expect(twin).toMatchObject({ ok: false, status: 409, fieldErrors: { name: [expect.any(String)] } });
    // The same name under another parent is another category.
    expect(await category({ name: "Dresses", parentId: "kids" })).toMatchObject({ handle: "kids-dresses" });
  });

  it("keep their old handles for a redirect when renamed, and the old client's id keeps filtering", async () => {
    await added("Rain Jacket", {
      category: "footwear",
      totalStock: undefined,
      variants: [{ size: "EU 40", color: "", colorHex: "", sku: "", stock: 1 }],
    });
    const renamed = await category({ name: "Shoes", handle: "shoes" }, "footwear");
    expect(renamed).toMatchObject({ id: "footwear", handle: "shoes", name: "Shoes", sizes: ["footwear", "none"] });
    expect(await titles("category=shoes")).toEqual(["Rain Jacket"]);
    expect(await titles("category=footwear")).toEqual(["Rain Jacket"]);
    const { query, moved } = await canonicalListing(parseListingQuery(new URLSearchParams("category=footwear")));
    expect(moved).toBe(true);
    expect(query.category).toEqual(["shoes"]);
    expect((await canonicalListing(parseListingQuery(new URLSearchParams("category=shoes")))).moved).toBe(false);
    // Another category cannot take the old handle while it redirects.
    const taken = await saveCategory(null, CategorySchema.parse({ name: "Footwear", handle: "footwear" }));
    expect(taken).toMatchObject({ ok: false, status: 409, fieldErrors: { handle: [expect.any(String)] } });
  });

  it("decide the sizes their products may have", async () => {
    const bags = await category({ name: "Bags", sizes: ["none"] });
    const refused = await saveProduct(
      null,
      ProductSchema.parse({
        title: "Tote",
        description: "A bag",
        category: bags.id,
        brand: "zara",
        price: "30",
        image: IMAGE,
        variants: [{ size: "M", color: "", colorHex: "", sku: "", stock: 2 }],
      }),
      null,
    );
    expect(refused).toMatchObject({ ok: false, status: 400, fieldErrors: { "variants[0].size": ["Choose one of the sizes for Bags"] } });
    // The demo's accessories are "One size" only, as before the catalogue was the owner's.
    const scarf = ProductSchema.parse({
      title: "Scarf",
      description: "Warm",
      category: "accessories",
      brand: "zara",
      price: "30",
      image: IMAGE,
      variants: [{ size: "M", color: "", colorHex: "", sku: "", stock: 2 }],
    });
    expect(await saveProduct(null, scarf, null)).toMatchObject({
      ok: false,
      fieldErrors: { "variants[0].size": ["Choose one of the sizes for Accessories"] },
    });
  });

  it("are deleted only once their products have somewhere to go", async () => {
    const knit = await category({ name: "Knitwear", parentId: "women" });
    const p = await added("Cable Jumper", { category: knit.id });
    expect(await deleteCatalogueRow("category", knit.id, null)).toMatchObject({
      ok: false,
      status: 409,
      fieldErrors: { moveTo: [expect.any(String)] },
    });
    expect(await deleteCatalogueRow("category", knit.id, "nowhere")).toMatchObject({ ok: false, status: 400 });
    expect(await deleteCatalogueRow("category", "women", "men")).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringMatching(/Knitwear/),
    });
    expect(await deleteCatalogueRow("category", knit.id, "women")).toEqual({ ok: true, value: { moved: 1 } });
    const row = await db.selectFrom("products").select("category").where("id", "=", p.id).executeTakeFirstOrThrow();
    expect(row.category).toBe("women");
    expect((await catalogue()).category.has(knit.id)).toBe(false);
  });

  it("refuse a product naming one that does not exist", async () => {
    const refused = await saveProduct(
      null,
      ProductSchema.parse({
        title: "X",
        description: "Y",
        category: "dresses",
        brand: "nobody",
        price: "3",
        totalStock: "1",
        image: IMAGE,
      }),
      null,
    );
    expect(refused).toMatchObject({ ok: false, status: 400, fieldErrors: { category: [expect.any(String)], brand: [expect.any(String)] } });
  });
});

describe("brands", () => {
  it("are the owner's: added, renamed, removed with their products moved", async () => {
    const result = await saveBrand(null, BrandSchema.parse({ name: "Atelier Nord" }));
    if (!result.ok) throw new Error(result.message);
    expect(result.value).toMatchObject({ handle: "atelier-nord", name: "Atelier Nord" });
    const p = await added("Nord Scarf", { brand: result.value.id });
    expect((await listing("brand=atelier-nord")).items.map((x) => x.brandName)).toEqual(["Atelier Nord"]);
    expect(p.brandName).toBe("Atelier Nord");
    expect(await saveBrand(null, BrandSchema.parse({ name: "atelier nord" }))).toMatchObject({ ok: false, status: 409 });
    expect(await deleteCatalogueRow("brand", result.value.id, null)).toMatchObject({ ok: false, status: 409 });
    expect(await deleteCatalogueRow("brand", result.value.id, "zara")).toEqual({ ok: true, value: { moved: 1 } });
  });
});

describe("tags and automatic collections", () => {
  it("follow products as they change: rules compile to one where", async () => {
    const linen = await added("Linen Shirt", { tags: "Linen, summer 26", price: "40" });
    expect(linen.tags).toEqual(["linen", "summer-26"]);
    await added("Wool Shirt", { tags: ["wool"], price: "90" });
    expect(await titles("tag=linen")).toEqual(["Linen Shirt"]);
    const summer = await saveCollection(
      null,
      CollectionSchema.parse({
        name: "Summer under $50",
        rules: [
          { field: "tag", op: "is", value: "summer-26" },
          { field: "price", op: "below", value: 50 },
        ],
      }),
    );
    if (!summer.ok) throw new Error(summer.message);
    expect(summer.value).toMatchObject({
      handle: "summer-under-50",
      rules: [
        { field: "tag", value: "summer-26" },
        { field: "price", value: 50 },
      ],
    });
    const unknown = await saveCollection(
      null,
      CollectionSchema.parse({ name: "Bad", rules: [{ field: "brand", op: "is", value: "nobody" }] }),
    );
    expect(unknown).toMatchObject({ ok: false, status: 400 });
    expect(() => CollectionSchema.parse({ name: "Bad", rules: [{ field: "colour", op: "is", value: "red" }] })).toThrow(/field is one of/);
  });
});

describe("what an owner or a shopper may send", () => {
  it("names are one per kind in any letter case, accents too, on both engines", async () => {
    const first = await saveBrand(null, BrandSchema.parse({ name: "Émile Atelier" }));
    expect(first.ok).toBe(true);
    const twin = await saveBrand(null, BrandSchema.parse({ name: "ÉMILE ATELIER" }));
    expect(twin).toMatchObject({ ok: false, status: 409, fieldErrors: { name: ["Another brand has this name"] } });
  });

  it("the demo's H&M saves with its own address unchanged; a new address must be plain", async () => {
    const saved = await saveBrand("h&m", BrandSchema.parse({ name: "H&M", handle: "h&m", description: "Fast fashion" }));
    expect(saved).toMatchObject({ ok: true, value: { id: "h&m", handle: "h&m", description: "Fast fashion" } });
    const fancy = await saveBrand("h&m", BrandSchema.parse({ name: "H&M", handle: "h&m-store" }));
    expect(fancy).toMatchObject({ ok: false, status: 400, fieldErrors: { handle: [expect.stringMatching(/lowercase letters/)] } });
  });

  it("a tag in the address that no tag can be is dropped, never sent to the database", async () => {
    expect(parseListingQuery(new URLSearchParams("tag=%00,linen,<b>")).tag).toEqual(["linen"]);
    expect((await listing("tag=%00")).total).toBeGreaterThan(0);
  });

  it("an edit moving a product to a category that does not sell its sizes is refused", async () => {
    const p = await added("Running Shoe", {
      category: "footwear",
      totalStock: undefined,
      variants: [{ size: "EU 42", color: "", colorHex: "", sku: "", stock: 1 }],
    });
    const moved = await saveProduct(
      p.id,
      ProductSchema.parse({
        title: p.title,
        description: "x",
        category: "accessories",
        brand: "zara",
        price: "30",
        totalStock: "1",
        image: IMAGE,
      }),
      null,
    );
    expect(moved).toMatchObject({ ok: false, status: 400, fieldErrors: { category: [expect.stringMatching(/EU 42/)] } });
  });
});
