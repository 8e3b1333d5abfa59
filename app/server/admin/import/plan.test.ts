import crypto from "node:crypto";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { problemText, type ImportSummary } from "~/lib/product-import";
import { BrandSchema, CategorySchema } from "~/lib/schemas/catalogue";
import { ProductSchema } from "~/lib/schemas/products";
import { createProduct, updateProduct } from "~/server/admin/products.server";
import { changeHandle } from "~/server/catalog/handles.server";
import { catalogue, saveBrand, saveCategory } from "~/server/catalog/catalogue.server";
import { db, newId, now } from "~/server/database/db.server";
import { shopifyCsv, shopifyRows, type ShopifyRow } from "#tests/support/shopify-file";
import { parseProductCsv } from "./parse.server";
import { planImport, type ImportPlan } from "./plan.server";

// The dry run (issue 50): what a Shopify product CSV would do to the shop, every value already one
// the shop accepts, every problem on its line and column; the same file twice changes nothing.

const IMAGE = "/demo/products/nike-dri-fit-running-tee.svg";

function fileOf(text: string | Uint8Array) {
  const result = parseProductCsv(typeof text === "string" ? new TextEncoder().encode(text) : text);
  if (!result.ok) throw new Error(result.message);
  return result.file;
}

const plan = (text: string | Uint8Array, photoFiles?: string[]) =>
  planImport(fileOf(text), {
    fileName: "products.csv",
    format: photoFiles ? "zip" : "csv",
    photoFiles: photoFiles ? new Set(photoFiles) : undefined,
  });
const fixture = (name: string) => new Uint8Array(fs.readFileSync(`tests/fixtures/shopify/${name}`));
const texts = (summary: ImportSummary) => summary.problems.map(problemText);

/** A product's first row with what every product needs. */
const product = (handle: string, over: ShopifyRow = {}): ShopifyRow => ({
  Handle: handle,
  Title: `Title of ${handle}`,
  "Body (HTML)": "<p>Made well.</p>",
  Vendor: "Nike",
  Type: "Men",
  "Variant Price": "30.00",
  ...over,
});

/**
 * Writes the plan into the shop as applying it would (the jobs helper's apply does this for real):
 * its categories and brands, then each product through the product service, its SEO fields, and
 * its photos as rows with their source (the bytes do not matter here).
 */
async function write(planned: ImportPlan) {
  for (const category of planned.summary.categoriesToCreate) {
    const snapshot = await catalogue();
    const parent = category.path.length === 2 ? snapshot.categories.find((c) => c.parentId === null && c.name === category.path[0]) : null;
    const saved = await saveCategory(
      null,
      CategorySchema.parse({ name: category.path.at(-1), parentId: parent?.id ?? "", sizes: category.sizes }),
    );
    if (!saved.ok) throw new Error(saved.message);
  }
  for (const name of planned.summary.brandsToCreate) {
    const saved = await saveBrand(null, BrandSchema.parse({ name }));
    if (!saved.ok) throw new Error(saved.message);
  }
  const snapshot = await catalogue();
  for (const item of planned.items) {
    if (item.action === "unchanged") continue;
    const { data } = item;
    const category = snapshot.categories.find(
      (c) =>
        c.name === data.categoryPath.at(-1) &&
        (data.categoryPath.length === 1 ? c.parentId === null : snapshot.category.get(c.parentId ?? "")?.name === data.categoryPath[0]),
    )!;
    const brand = snapshot.brands.find((b) => b.name === data.brand)!;
    // Every value passes the owner's form's own schema.
    const input = ProductSchema.parse({
      title: data.title,
      description: data.description,
      category: category.id,
      brand: brand.id,
      tags: data.tags,
      price: data.priceCents / 100,
      salePrice: data.salePriceCents / 100,
      variants: data.variants.map((v) => ({ size: v.size, color: v.color, colorHex: v.colorHex, sku: v.sku, stock: v.stock })),
      handle: data.handle,
    });
    let id = item.productId;
    if (id === null) id = (await createProduct({ ...input, image: IMAGE })).id;
    else {
      const updated = await updateProduct(id, input);
      if (!updated.ok) throw new Error(updated.message);
    }
    await db.updateTable("products").set({ seo_title: data.seoTitle, seo_description: data.seoDescription }).where("id", "=", id).execute();
    if (data.photos.length) {
      await db.deleteFrom("product_photos").where("product_id", "=", id).where("source", "is not", null).execute();
      for (const photo of data.photos) {
        const base = `/uploads/${crypto.randomBytes(16).toString("hex")}`;
        await db
          .insertInto("product_photos")
          .values({
            id: newId(),
            product_id: id,
            position: photo.position,
            alt: photo.alt,
            color: photo.color,
            base,
            widths: "320",
            src: `${base}-320.jpg`,
            source: photo.src,
            created_at: now(),
          })
          .execute();
      }
    }
  }
}

describe("Shopify's apparel sample in the demo's catalogue", () => {
  it("plans four new products, the categories and brand they need, and says what it changed on the way", async () => {
    const planned = await plan(fixture("apparel.csv"));
    const { summary } = planned;
    expect(summary.rows).toBe(14);
    expect(summary.products).toEqual({ create: 4, update: 0, unchanged: 0, skipped: 0 });
    expect(summary.variants).toBe(6 + 1 + 4 + 2);
    expect(summary.photos).toBe(3 + 1);
    expect(summary.categoriesToCreate).toEqual([
      { path: ["Clothing"], sizes: ["clothing"] },
      { path: ["Clothing", "Shirts & Tops"], sizes: ["clothing"] },
    ]);
    expect(summary.brandsToCreate).toEqual(["Acme Apparel"]);
    expect(summary.ignoredColumns).toContain("Variant Grams");
    expect(summary.errors).toBe(0);
    expect(texts(summary)).toEqual([
      "line 2, Product Category: the shop's categories have two levels: 'Apparel & Accessories > Clothing > Shirts & Tops' becomes 'Clothing > Shirts & Tops'",
      "line 14, Body (HTML): no description: the title is used as the description",
      "line 15, Variant Inventory Qty: -2 items in stock: the shop keeps 0",
    ]);

    const [tee, tote, runner, linen] = planned.items;
    expect(tee).toMatchObject({ handle: "classic-tee", action: "create", productId: null });
    expect(tee!.data).toMatchObject({
      title: "Classic Tee",
      description: "Soft cotton\n\nOur classic tee, care guide.\n\nMachine wash.\nTumble dry low.",
      categoryPath: ["Clothing", "Shirts & Tops"],
      brand: "Acme Apparel",
      tags: ["summer-26", "cotton", "basics"],
      priceCents: 2500,
      salePriceCents: 0,
      seoTitle: "Classic Tee in organic cotton",
      seoDescription: "A soft everyday tee.",
      lines: [2, 3, 4, 5, 6, 7, 8],
    });
    expect(tee!.data.variants.map((v) => [v.size, v.color, v.colorHex, v.sku, v.stock, v.line])).toEqual([
      ["S", "Black", "#000000", "TEE-Small-BLA", 10, 2],
      ["M", "Black", "#000000", "TEE-Medium-BLA", 8, 3],
      ["L", "Black", "#000000", "TEE-Large-BLA", 0, 4],
      ["S", "White", "#ffffff", "TEE-Small-WHI", 4, 5],
      ["M", "White", "#ffffff", "TEE-Medium-WHI", 5, 6],
      ["L", "White", "#ffffff", "TEE-Large-WHI", 6, 7],
    ]);
    // Image Position orders them; the white photo is the White variants' (Variant Image), once.
    expect(tee!.data.photos).toEqual([
      { src: "https://cdn.example.com/tee-front.jpg", position: 0, alt: "The tee from the front", color: null, line: 2 },
      { src: "https://cdn.example.com/tee-back.jpg", position: 1, alt: "Classic Tee", color: null, line: 3 },
      { src: "https://cdn.example.com/tee-white.jpg", position: 2, alt: "The tee in white", color: "White", line: 8 },
    ]);

    expect(tote!.data).toMatchObject({ categoryPath: ["Accessories"], brand: "Nike", priceCents: 1999, tags: [] });
    expect(tote!.data.variants).toEqual([{ size: "One size", color: "", colorHex: "", sku: "TOTE-1", stock: 5, line: 9 }]);

    expect(runner!.data.categoryPath).toEqual(["Footwear"]);
    expect(runner!.data.variants.map((v) => v.size)).toEqual(["EU 40", "EU 41", "EU 42", "EU 43"]);

    // Compare At Price above the price: the higher is the price, the lower the sale price.
    expect(linen!.data).toMatchObject({
      priceCents: 6000,
      salePriceCents: 4000,
      description: "Linen Shirt",
      brand: "Puma",
      categoryPath: ["Men"],
    });
    expect(linen!.data.variants.map((v) => [v.size, v.color, v.colorHex, v.stock])).toEqual([
      ["XL", "Sky Blue", "#87ceeb", 3],
      ["XXL", "Sky Blue", "#87ceeb", 0],
    ]);
  });

  it("changes nothing the second time: every product is unchanged once written", async () => {
    const first = await plan(fixture("apparel.csv"));
    await write(first);
    const again = await plan(fixture("apparel.csv"));
    expect(again.summary.products).toEqual({ create: 0, update: 0, unchanged: 4, skipped: 0 });
    expect(again.summary.categoriesToCreate).toEqual([]);
    expect(again.summary.brandsToCreate).toEqual([]);
    expect(again.items.map((i) => i.productId)).toEqual(
      await Promise.all(
        ["classic-tee", "canvas-tote", "trail-runner", "linen-shirt"].map(async (h) => {
          const row = await db.selectFrom("products").select("id").where("handle", "=", h).executeTakeFirstOrThrow();
          return row.id;
        }),
      ),
    );

    // One stock changed in the file: that product alone is an update.
    const changed = new TextDecoder().decode(fixture("apparel.csv")).replace("TR-41,200,shopify,3,", "TR-41,200,shopify,9,");
    const third = await plan(changed);
    expect(third.items.map((i) => [i.handle, i.action])).toEqual([
      ["classic-tee", "unchanged"],
      ["canvas-tote", "unchanged"],
      ["trail-runner", "update"],
      ["linen-shirt", "unchanged"],
    ]);
  });
});

describe("matching the shop's products", () => {
  it("by SKU, when the handle is another: the update keeps the shop's handle", async () => {
    const shop = await createProduct({
      ...ProductSchema.parse({
        title: "Old Runner",
        description: "x",
        category: "footwear",
        brand: "adidas",
        price: 100,
        variants: [{ size: "EU 40", stock: 1, sku: "run-77" }],
      }),
      image: IMAGE,
    });
    const planned = await plan(
      shopifyRows([
        product("new-runner", {
          Type: "Footwear",
          Vendor: "Adidas",
          "Option1 Name": "Size",
          "Option1 Value": "40",
          "Variant SKU": "RUN-77",
        }),
      ]),
    );
    expect(planned.items).toHaveLength(1);
    expect(planned.items[0]).toMatchObject({ action: "update", productId: shop.id, handle: shop.handle });
    expect(planned.items[0]!.data.handle).toBe(shop.handle);
  });

  it("by an old handle, keeping the current one", async () => {
    const shop = await createProduct({
      ...ProductSchema.parse({ title: "Renamed Cap", description: "x", category: "accessories", brand: "nike", price: 10, totalStock: 2 }),
      image: IMAGE,
    });
    await db.transaction().execute(async (trx) => {
      const changed = await changeHandle(trx, shop.id, "renamed-cap-2026");
      if (!changed.ok) throw new Error(changed.message);
    });
    const planned = await plan(shopifyRows([product(shop.handle, { Type: "Accessories" })]));
    expect(planned.items[0]).toMatchObject({ action: "update", productId: shop.id, handle: "renamed-cap-2026" });
  });

  it("refuses a SKU another of the shop's products has, on its line", async () => {
    const taker = await createProduct({
      ...ProductSchema.parse({ title: "Sku Taker", description: "x", category: "men", brand: "nike", price: 30, totalStock: 1 }),
      image: IMAGE,
    });
    await createProduct({
      ...ProductSchema.parse({
        title: "Sku Holder",
        description: "x",
        category: "men",
        brand: "nike",
        price: 10,
        variants: [{ size: "M", stock: 1, sku: "HELD-1" }],
      }),
      image: IMAGE,
    });
    const planned = await plan(
      shopifyRows([
        product("sku-taker", { "Option1 Name": "Size", "Option1 Value": "S", "Variant SKU": "FREE-1" }),
        { Handle: "sku-taker", "Option1 Value": "M", "Variant SKU": "held-1", "Variant Price": "30.00" },
        product("sku-other", { "Variant SKU": "FREE-1" }),
      ]),
    );
    // sku-taker is the shop's Sku Taker (by handle); its first SKU is free, its second is Sku Holder's.
    expect(texts(planned.summary)).toEqual([
      "line 3, Variant SKU: SKU 'held-1' is another product's in the shop: this row was left out",
      "line 4, Variant SKU: SKU 'FREE-1' is already on line 2: this row was left out",
      "line 4: 'sku-other' has no size and colour left to import: this product was left out",
    ]);
    expect(planned.items.map((i) => [i.handle, i.action, i.productId, i.data.variants.length])).toEqual([
      ["sku-taker", "update", taker.id, 1],
    ]);
    expect(planned.summary.products.skipped).toBe(1);
  });
});

describe("problems, each on its line and column", () => {
  it("a price that is not one, and a size the shop does not have, in a file with a multi-line Body", async () => {
    const planned = await plan(fixture("multiline-body.csv"));
    expect(texts(planned.summary)).toEqual([
      "line 8, Variant Price: 'abc' is not a price",
      "line 9, Option1 Value: 'XXXL' is not one of the shop's sizes: XS, S, M, L, XL, XXL, EU 36 to EU 46, or One size",
    ]);
    const [jacket] = planned.items;
    expect(jacket!.data.variants.map((v) => v.size)).toEqual(["M"]);
    expect(jacket!.data.lines).toEqual([2]);
    expect(jacket!.data.description).toBe("Keeps you dry.\n\n * Taped seams\n * Hood\n\nPacks small.");
    expect(planned.summary.categoriesToCreate).toEqual([{ path: ["Men", "Jackets"], sizes: ["clothing"] }]);
    expect(planned.summary.brandsToCreate).toEqual(["Northwind"]);
  });

  it("one handle with two titles: the later line is refused and the product left out", async () => {
    const planned = await plan(
      shopifyRows([
        product("tee", { Title: "Tee", "Option1 Name": "Size", "Option1 Value": "S" }),
        { Handle: "tee", "Option1 Value": "M", "Variant Price": "30.00" },
        product("tee", { Title: "Other Tee", "Option1 Value": "L" }),
        product("cap", { Type: "Accessories" }),
      ]),
    );
    expect(texts(planned.summary)).toEqual([
      "line 4, Title: handle 'tee' already has title 'Tee' on line 2; a handle is one product (this product was left out)",
    ]);
    expect(planned.items.map((i) => i.handle)).toEqual(["cap"]);
    expect(planned.summary.products.skipped).toBe(1);
  });

  it("what a product cannot be made without leaves it out; other rows go in", async () => {
    const planned = await plan(
      shopifyRows([
        product("no-vendor", { Vendor: "" }),
        product("no-type", { Type: "" }),
        product("no-title", { Title: "" }),
        product("material", { "Option1 Name": "Material", "Option1 Value": "Wool" }),
        product("hidden", { Published: "FALSE" }),
        product("shoe-in-bags", { Type: "Accessories", "Option1 Name": "Size", "Option1 Value": "EU 41" }),
        product("kept", { "Option1 Name": "Colour", "Option1 Value": "Navy/White" }),
        { Handle: "kept", "Option1 Value": "Navy", "Variant Price": "30.00", "Variant Inventory Qty": "many" },
        { Handle: "kept", "Option1 Value": "Green", "Variant Price": "30", "Variant Compare At Price": "x" },
        { Handle: "kept", "Option1 Value": "Olive", "Variant Price": "30", "Variant SKU": "bad sku!" },
        { Handle: "kept", "Option1 Value": "Black", "Variant Price": "30" },
        { Handle: "kept", "Option1 Value": "black", "Variant Price": "30" },
        { Handle: "kept", "Option1 Value": "Red", "Variant Price": "31.00" },
        { Title: "orphan", "Variant Price": "5" },
        product("draft", { Status: "draft" }),
      ]),
    );
    expect(texts(planned.summary)).toEqual([
      "line 2, Vendor: a product needs a brand: write it in Vendor (this product was left out)",
      "line 3, Type: a product needs a category: write it in Type or Product Category (this product was left out)",
      "line 4, Title: the first row of 'no-title' needs a Title",
      "line 5, Option1 Name: the shop's products have a Size and a Color, not 'Material' (this product was left out)",
      "line 7: Accessories sells one size sizes, not EU 41 (this product was left out)",
      "line 8, Option1 Value: 'Navy/White' is not a colour name the shop can use: letters, numbers, spaces, ' and -, at most 40",
      "line 9, Variant Inventory Qty: 'many' is not a whole number of items",
      "line 10, Variant Compare At Price: 'x' is not a price",
      "line 11, Variant SKU: 'bad sku!' is not a SKU the shop can keep: letters, numbers, dots, dashes and slashes, at most 64",
      "line 13: this size and colour (black) is already on line 12: this row was left out",
      "line 14, Variant Price: the shop has one price per product: this product costs 30.00 from line 12, this row 31.00; this row was left out",
      "line 15, Handle: a row needs the Handle of its product: this row was left out",
      "line 6, Published: not published in the file: the shop has no hidden products, so it was left out",
      "line 16, Status: draft in the file, not active: the shop has no hidden products, so it was left out",
    ]);
    // Line 12 is the first variant that went in: its price is the product's.
    const kept = planned.items.find((i) => i.handle === "kept")!;
    expect(kept.data.variants.map((v) => [v.color, v.line])).toEqual([["Black", 12]]);
    expect(planned.summary.products).toEqual({ create: 1, update: 0, unchanged: 0, skipped: 7 });
  });

  it("a variant priced apart from the product's first is left out: the shop has one price per product", async () => {
    const planned = await plan(
      shopifyRows([
        product("two-prices", { "Option1 Name": "Size", "Option1 Value": "S", "Variant Price": "30.00" }),
        { Handle: "two-prices", "Option1 Value": "M", "Variant Price": "35.00" },
        { Handle: "two-prices", "Option1 Value": "L", "Variant Price": "30,00" },
      ]),
    );
    expect(texts(planned.summary)).toEqual([
      "line 3, Variant Price: the shop has one price per product: this product costs 30.00 from line 2, this row 35.00; this row was left out",
    ]);
    expect(planned.items[0]!.data.variants.map((v) => v.size)).toEqual(["S", "L"]);
  });

  it("photos: http and https addresses or the ZIP's files; any other is refused, the product kept", async () => {
    const rows = [
      product("photos", { "Image Src": "https://img.example.com/a.jpg", "Image Position": "2" }),
      { Handle: "photos", "Image Src": "ftp://img.example.com/b.jpg" },
      { Handle: "photos", "Image Src": "javascript:alert(1)" },
      { Handle: "photos", "Image Src": "data:image/png;base64,AAAA" },
      { Handle: "photos", "Image Src": "file:///etc/passwd" },
      { Handle: "photos", "Image Src": "front.jpg", "Image Position": "1", "Image Alt Text": "Front" },
      { Handle: "photos", "Image Src": "https://img.example.com/a.jpg" },
    ];
    const csv = await plan(shopifyRows(rows));
    expect(texts(csv.summary)).toEqual([
      "line 3, Image Src: 'ftp://img.example.com/b.jpg' is not an http or https address: this photo was left out",
      "line 4, Image Src: 'javascript:alert(1)' is not an http or https address: this photo was left out",
      "line 5, Image Src: 'data:image/png;base64,AAAA' is not an http or https address: this photo was left out",
      "line 6, Image Src: 'file:///etc/passwd' is not an http or https address: this photo was left out",
      "line 7, Image Src: 'front.jpg' is not a web address (a photo file is imported in a ZIP with the CSV): this photo was left out",
    ]);
    expect(csv.items[0]!.data.photos.map((p) => p.src)).toEqual(["https://img.example.com/a.jpg"]);

    const zip = await plan(shopifyRows(rows), ["front.jpg"]);
    expect(zip.items[0]!.data.photos.map((p) => [p.src, p.position, p.alt])).toEqual([
      ["zip:front.jpg", 0, "Front"],
      ["https://img.example.com/a.jpg", 1, "Title of photos"],
    ]);
    const missing = await plan(shopifyRows(rows), ["back.jpg"]);
    expect(texts(missing.summary)).toContain("line 7, Image Src: the ZIP has no photo named 'front.jpg': this photo was left out");
    expect(missing.summary.products.create).toBe(1);
  });

  it("reports at most 1000 problems, errors first, and counts them all", async () => {
    const rows: ShopifyRow[] = [product("many", { Tags: "ok, ☺☺" })];
    for (let i = 0; i < 1100; i++) rows.push({ Handle: "many", "Variant Price": "free" });
    const planned = await plan(shopifyRows(rows));
    expect(planned.summary.problemsTotal).toBe(1101);
    expect(planned.summary.errors).toBe(1100);
    expect(planned.summary.warnings).toBe(1);
    expect(planned.summary.problems).toHaveLength(1000);
    expect(planned.summary.problems.every((p) => p.severity === "error")).toBe(true);
    expect(planned.summary.problems[0]!.line).toBe(3);
  });
});

describe("a large file", () => {
  it("5,000 products of 6 variants plan in one pass of set queries (timing printed)", async () => {
    const text = shopifyCsv({ products: 5000, variantsPerProduct: 6, imageBase: "https://img.example.com" });
    const file = fileOf(text);
    const started = performance.now();
    const planned = await planImport(file, { fileName: "big.csv", format: "csv" });
    const ms = Math.round(performance.now() - started);
    console.log(`planImport: 5,000 products, ${file.rows.length} rows on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}: ${ms} ms`);
    expect(planned.summary.products.create).toBe(5000);
    expect(planned.summary.variants).toBe(30_000);
    expect(planned.summary.photos).toBe(10_000);
    expect(planned.summary.errors).toBe(0);
  });
});
