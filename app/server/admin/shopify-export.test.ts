import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { parseAdminProductQuery } from "~/lib/admin-products";
import { groupBy } from "~/lib/group-by";
import { SHOPIFY_COLUMNS } from "~/lib/product-import";
import { productMeta } from "~/lib/product-seo";
import { ProductSchema } from "~/lib/schemas/products";
import { addedProduct, productWith } from "#tests/support/catalog";
import { getProduct } from "~/server/catalog/catalog.server";
import { catalogue, saveCategory } from "~/server/catalog/catalogue.server";
import { db } from "~/server/database/db.server";
import { seedDemoCatalog } from "~/server/demo/seed.server";
import { shopUrlFor } from "~/server/platform/config.server";
import { saveProduct } from "./products.server";
import { descriptionHtml, shopifyExportResponse, shopifyExportRows } from "./shopify-export.server";

const ORIGIN = "https://shop.example";
type Rows = Array<Record<string, string>>;

beforeAll(async () => {
  await seedDemoCatalog();
});

/** The file the owner's download gives for `search` (`q=...&brand=...`), parsed by a CSV reader. */
async function download(search = ""): Promise<{ response: Response; text: string; rows: Rows }> {
  const response = shopifyExportResponse(new Request(`http://127.0.0.1/admin/products/export?${search}`));
  // The byte-order mark kept (a TextDecoder drops it by default), to see it is there.
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  const rows: Rows = parse(text, { bom: true, columns: true });
  return { response, text, rows };
}

/** The rows of one product, by handle. */
const rowsOf = (rows: Rows, handle: string) => rows.filter((r) => r.Handle === handle);

async function exported(batch?: number): Promise<string[][]> {
  const all: string[][] = [];
  for await (const rows of shopifyExportRows(parseAdminProductQuery(new URLSearchParams()), ORIGIN, batch)) {
    all.push(...rows.map((r) => r.map((v) => JSON.stringify(v))));
  }
  return all;
}

describe("the Shopify export", () => {
  it("is a UTF-8 CSV with a BOM, CRLF rows and Shopify's header, named for today", async () => {
    const { response, text, rows } = await download();
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="products-shopify-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(text.startsWith("\uFEFFHandle,Title,Body (HTML),")).toBe(true);
    expect(text.split("\r\n")[0]).toBe(`\uFEFF${SHOPIFY_COLUMNS.join(",")}`);
    expect(text.replaceAll("\r\n", "")).not.toMatch(/(?<!")\n/);
    // Every product of the shop, once each as the first row of its handle.
    const products = await db.selectFrom("products").select("handle").execute();
    expect(new Set(rows.filter((r) => r.Title).map((r) => r.Handle))).toEqual(new Set(products.map((p) => p.handle)));
  });

  it("writes a product as Shopify does: a row per variant, its photos by public address, its prices, category and brand by name", async () => {
    const { rows } = await download();
    const origin = shopUrlFor(new Request("http://127.0.0.1/admin/products/export"));
    const row = await db.selectFrom("products").select("id").where("title", "=", "Sportswear Club Fleece Hoodie").executeTakeFirstOrThrow();
    const product = (await getProduct(row.id))!;
    const mine = rowsOf(rows, product.handle);
    const [first] = mine;
    expect(first).toMatchObject({
      Title: "Sportswear Club Fleece Hoodie",
      Vendor: "Nike",
      "Product Category": "",
      Type: product.categoryName,
      Tags: (product.tags ?? []).join(", "),
      Published: "TRUE",
      Status: "active",
      "Gift Card": "FALSE",
      "Option1 Name": "Size",
      "Option2 Name": "Color",
      // On sale: the shopper pays the sale price, the regular one struck through.
      "Variant Price": "49.99",
      "Variant Compare At Price": "65.00",
      "Variant Inventory Tracker": "shopify",
      "Variant Inventory Policy": "deny",
      "Variant Fulfillment Service": "manual",
      "Variant Requires Shipping": "TRUE",
      "Variant Taxable": "TRUE",
      "Variant Grams": "0",
      "Variant Weight Unit": "kg",
    });
    expect(first!["Body (HTML)"]).toBe(`<p>${product.description}</p>`);
    // One row per variant, in picker order, with its size, colour, SKU and stock.
    const variantRows = mine.filter((r) => r["Option1 Value"]);
    expect(variantRows.map((r) => [r["Option1 Value"], r["Option2 Value"], r["Variant SKU"], Number(r["Variant Inventory Qty"])])).toEqual(
      product.variants.map((v) => [v.size, v.color, v.sku, v.stock]),
    );
    // Its photos in order, each the largest JPEG on the shop's address, with its alt text.
    const photoRows = mine.filter((r) => r["Image Src"]);
    expect(photoRows.map((r) => [r["Image Src"], r["Image Position"], r["Image Alt Text"]])).toEqual(
      product.photos.map((p, i) => [`${origin}${p.base}-${p.widths.at(-1)}.jpg`, String(i + 1), p.alt]),
    );
    // A colour's photo is its Variant Image, on the first row of that colour only.
    for (const colour of new Set(product.variants.map((v) => v.color))) {
      const ofColour = variantRows.filter((r) => r["Option2 Value"] === colour);
      const photo = product.photos.find((p) => p.color === colour);
      expect(ofColour[0]!["Variant Image"]).toBe(photo ? `${origin}${photo.base}-${photo.widths.at(-1)}.jpg` : "");
      expect(ofColour.slice(1).every((r) => r["Variant Image"] === "")).toBe(true);
    }
  });

  it("gives a product of one size and no colour Shopify's Default Title, and leaves the demo's SVG art out", async () => {
    const product = await productWith([{ size: "One size", stock: 5, sku: "PLAIN-1" }]);
    expect(product.photos.map((p) => p.src)).toEqual(["/demo/products/nike-dri-fit-running-tee.svg"]);
    const mine = rowsOf((await download()).rows, product.handle);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      "Option1 Name": "Title",
      "Option1 Value": "Default Title",
      "Option2 Name": "",
      "Option2 Value": "",
      "Variant SKU": "PLAIN-1",
      "Variant Inventory Qty": "5",
      "Variant Price": "20.00",
      "Variant Compare At Price": "",
      "Image Src": "",
      "Image Position": "",
    });
  });

  it("writes photos beyond a product's variants as rows of their own: Handle and the photo alone", async () => {
    const { rows } = await download();
    const byHandle = groupBy(rows, (r) => r.Handle!);
    const [handle, mine] = [...byHandle].find(([, list]) => list.filter((r) => r["Option1 Value"]).length < list.length)!;
    const product = (await db.selectFrom("products").select("id").where("handle", "=", handle).executeTakeFirstOrThrow()).id;
    const full = (await getProduct(product))!;
    expect(mine).toHaveLength(full.photos.length);
    expect(mine.map((r) => r["Image Position"])).toEqual(full.photos.map((_, i) => String(i + 1)));
    for (const extra of mine.slice(full.variants.length)) {
      const filled = Object.entries(extra).filter(([, v]) => v !== "");
      expect(filled.map(([k]) => k).sort()).toEqual(["Handle", "Image Alt Text", "Image Position", "Image Src"]);
    }
  });

  it("writes a subcategory as its path by names, a plain description as paragraphs, and its SEO fields", async () => {
    const snapshot = await catalogue();
    const women = [...snapshot.category.values()].find((c) => c.id === "women")!;
    const dresses = await saveCategory(null, {
      name: "Dresses & Gowns",
      handle: "dresses-gowns",
      parentId: women.id,
      description: "",
      image: "",
    });
    expect(dresses.ok).toBe(true);
    const product = await addedProduct("Evening Dress", {
      category: dresses.ok ? dresses.value.id : "",
      description: 'First line <b>bold</b> & "quoted"\nsame paragraph\n\nSecond paragraph',
      seoTitle: "The evening dress",
      seoDescription: "A dress for the evening, in silk.",
    });
    const [first] = rowsOf((await download()).rows, product.handle);
    expect(first).toMatchObject({
      Type: "Women > Dresses & Gowns",
      "Body (HTML)": "<p>First line &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;<br>same paragraph</p><p>Second paragraph</p>",
      "SEO Title": "The evening dress",
      "SEO Description": "A dress for the evening, in silk.",
    });
  });

  it("neutralises a formula in any cell: a title that would run in a spreadsheet starts with an apostrophe", async () => {
    const product = await addedProduct("=cmd|' /C calc'!A0", { tags: "evil" });
    const { text, rows } = await download("q=cmd");
    expect(rowsOf(rows, product.handle)[0]!.Title).toBe("'=cmd|' /C calc'!A0");
    expect(text).not.toMatch(/(^|,)=cmd/m);
  });

  it("takes the list's filter: a keyword, a category with its subcategories, a brand; nothing for a keyword without words", async () => {
    const firstRows = (rows: Rows) => rows.filter((r) => r.Title);
    const nike = firstRows((await download("brand=nike")).rows);
    const nikeCount = await db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("brand", "=", "nike")
      .executeTakeFirstOrThrow();
    expect(nike.length).toBe(Number(nikeCount.n));
    expect(nike.every((r) => r.Vendor === "Nike")).toBe(true);
    const women = firstRows((await download("category=women")).rows);
    expect(women.some((r) => r.Type === "Women > Dresses & Gowns")).toBe(true);
    expect(women.every((r) => (r.Type ?? "").startsWith("Women"))).toBe(true);
    const hoodies = firstRows((await download("q=hoodie&brand=nike")).rows);
    expect(hoodies.length).toBeGreaterThan(0);
    expect(hoodies.every((r) => /hoodie/i.test(r.Title!) && r.Vendor === "Nike")).toBe(true);
    const { text, rows } = await download("q=%21%21%21");
    expect(rows).toEqual([]);
    expect(text).toBe(`\uFEFF${SHOPIFY_COLUMNS.join(",")}\r\n`);
  });

  it("reads the catalogue a batch at a time: small batches give the same file", async () => {
    const whole = await exported();
    const batches: number[] = [];
    for await (const rows of shopifyExportRows(parseAdminProductQuery(new URLSearchParams()), ORIGIN, 7)) batches.push(rows.length);
    const total = await db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(batches.length).toBe(Math.ceil(Number(total.n) / 7));
    expect(await exported(7)).toEqual(whole);
  });
});

describe("descriptionHtml", () => {
  it("escapes the text and makes paragraphs and line breaks", () => {
    expect(descriptionHtml("")).toBe("");
    expect(descriptionHtml("One\r\nTwo\r\n\r\n\r\nThree  ")).toBe("<p>One<br>Two</p><p>Three</p>");
    expect(descriptionHtml("<script>alert('x')</script>")).toBe("<p>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</p>");
  });
});

describe("SEO title and description", () => {
  it("are saved by the owner's form, kept by an /api edit that leaves them out, and refused when too long", async () => {
    const product = await addedProduct("Linen Trousers");
    expect([product.seoTitle, product.seoDescription]).toEqual(["", ""]);
    const form = (over: Record<string, unknown>) =>
      ProductSchema.parse({
        title: product.title,
        description: product.description,
        category: product.category,
        brand: product.brand,
        price: "30",
        totalStock: "4",
        ...over,
      });
    const saved = await saveProduct(
      product.id,
      form({ seoTitle: "  Linen trousers for summer ", seoDescription: "Cool and light." }),
      null,
    );
    expect(saved.ok && [saved.product.seoTitle, saved.product.seoDescription]).toEqual(["Linen trousers for summer", "Cool and light."]);
    // An /api edit without them keeps them.
    const kept = await saveProduct(product.id, form({ price: "32" }), null);
    expect(kept.ok && [kept.product.seoTitle, kept.product.seoDescription, kept.product.priceCents]).toEqual([
      "Linen trousers for summer",
      "Cool and light.",
      3200,
    ]);
    // Emptied in the form: made from the title and description again.
    const emptied = await saveProduct(product.id, form({ seoTitle: "", seoDescription: "" }), null);
    expect(emptied.ok && [emptied.product.seoTitle, emptied.product.seoDescription]).toEqual(["", ""]);
    const long = ProductSchema.safeParse({ ...form({}), seoTitle: "x".repeat(71), seoDescription: "y".repeat(321) });
    expect(long.success ? [] : long.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["seoTitle", "SEO title must be at most 70 characters"],
      ["seoDescription", "SEO description must be at most 320 characters"],
    ]);
    expect((await getProduct(product.id))!.seoTitle).toBe("");
  });

  it("are the product page's title and description when set", async () => {
    const product = await addedProduct("Wool Scarf", { seoTitle: "Warm wool scarf", seoDescription: "Knitted in Scotland." });
    const meta = productMeta({ origin: ORIGIN, shopName: "Fashion Shop", product, photos: [], reviews: { average: 0, count: 0 } });
    expect(meta).toContainEqual({ title: "Warm wool scarf | Fashion Shop" });
    expect(meta).toContainEqual({ name: "description", content: "Knitted in Scotland." });
    expect(meta).toContainEqual({ property: "og:title", content: "Warm wool scarf" });
    const plain = productMeta({
      origin: ORIGIN,
      shopName: "Fashion Shop",
      product: { ...product, seoTitle: "", seoDescription: "" },
      photos: [],
      reviews: { average: 0, count: 0 },
    });
    expect(plain).toContainEqual({ title: "Wool Scarf | Fashion Shop" });
    expect(plain).toContainEqual({ name: "description", content: "For a test" });
  });
});
