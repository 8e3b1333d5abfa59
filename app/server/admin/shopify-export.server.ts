import { parseAdminProductQuery, type AdminProductQuery } from "~/lib/admin-products";
import { groupBy } from "~/lib/group-by";
import { largestPhotoUrl, productPhotos, type Photo } from "~/lib/photos";
import { SHOPIFY_COLUMNS } from "~/lib/product-import";
import { colorId, ONE_SIZE, sortVariants } from "~/lib/variants";
import { adminProductsWhere } from "~/server/catalog/catalog.server";
import { catalogue, tagsOf } from "~/server/catalog/catalogue.server";
import { trailOf } from "~/server/catalog/storefront.server";
import { db } from "~/server/database/db.server";
import { photosOf } from "~/server/media/photos.server";
import { shopUrlFor } from "~/server/platform/config.server";
import { CsvMoney, csvResponse, type CsvValue } from "./csv.server";

// The catalogue in Shopify's product CSV (issue 50, decision 0073): one row per variant, the rows
// of a product sharing its Handle, so that the shop's own import (and Shopify) reads it back as the
// same products. Read a batch of products at a time (keyset on the handle, unique and kept by an
// import), with the batch's variants, photos and tags in one query each: 100,000 products never
// sit in memory together, whatever the filter.

/** Products per query. */
const BATCH = 200;

type Column = (typeof SHOPIFY_COLUMNS)[number];
type Row = Partial<Record<Column, CsvValue>>;

/** The file's name for a download made on `date`: products-shopify-YYYY-MM-DD.csv. */
export const shopifyExportFilename = (date = new Date()) => `products-shopify-${date.toISOString().slice(0, 10)}.csv`;

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");

/**
 * A plain description as Shopify's Body (HTML): escaped, each paragraph (blank-line separated) a
 * <p>, a single line break a <br>. '' stays ''.
 */
export function descriptionHtml(description: string): string {
  return description
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map(
      (paragraph) =>
        `<p>${paragraph
          .split("\n")
          .map((line) => escapeHtml(line.trim()))
          .join("<br>")}</p>`,
    )
    .join("");
}

/** A photo's public address: its largest JPEG on the shop's origin; null for the demo's SVG art, which the import cannot take. */
function imageSrc(photo: Photo, origin: string): string | null {
  const url = largestPhotoUrl(photo, "jpg");
  if (/\.svg$/i.test(url.split("?")[0]!)) return null;
  return url.startsWith("/") && !url.startsWith("//") ? `${origin}${url}` : url;
}

const yes = "TRUE";
const no = "FALSE";

type ExportProduct = {
  id: string;
  handle: string;
  title: string;
  description: string;
  category: string;
  brand: string;
  image: string;
  price_cents: number;
  sale_price_cents: number;
  seo_title: string;
  seo_description: string;
};
type ExportVariant = { size: string; color: string; sku: string | null; stock: number };
type Snapshot = Awaited<ReturnType<typeof catalogue>>;

/** One product's rows: a row per variant, then image-only rows for photos beyond the variants. */
function productRows(
  p: ExportProduct,
  variants: ExportVariant[],
  allPhotos: Photo[],
  tags: string[],
  snapshot: Snapshot,
  origin: string,
): Row[] {
  const photos = productPhotos({ id: p.id, photos: allPhotos, image: p.image, title: p.title })
    .map((photo) => ({ photo, src: imageSrc(photo, origin) }))
    .filter((x): x is { photo: Photo; src: string } => x.src !== null);
  const coloured = variants.some((v) => v.color !== "");
  const untitled = variants.length === 1 && variants[0]!.size === ONE_SIZE && !coloured;
  const onSale = p.sale_price_cents > 0;
  // The photo each colour shows first: its Variant Image, on the first row of that colour.
  const colourImage = new Map<string, string>();
  for (const { photo, src } of photos) {
    if (photo.color && !colourImage.has(colorId(photo.color))) colourImage.set(colorId(photo.color), src);
  }
  const seenColours = new Set<string>();
  const rows: Row[] = [];
  for (let i = 0; i < Math.max(variants.length, photos.length, 1); i++) {
    const row: Row = { Handle: p.handle };
    if (i === 0) {
      const trail = trailOf(snapshot, p.category);
      Object.assign(row, {
        Title: p.title,
        "Body (HTML)": descriptionHtml(p.description),
        Vendor: snapshot.brand.get(p.brand)?.name ?? p.brand,
        // Product Category stays empty: Shopify takes only its own taxonomy there.
        Type: (trail.length ? trail.map((c) => c.name) : [snapshot.category.get(p.category)?.name ?? p.category]).join(" > "),
        Tags: tags.join(", "),
        Published: yes,
        "Option1 Name": untitled ? "Title" : "Size",
        "Option2 Name": coloured ? "Color" : null,
        "Gift Card": no,
        "SEO Title": p.seo_title,
        "SEO Description": p.seo_description,
        Status: "active",
      } satisfies Row);
    }
    const v = variants[i];
    if (v) {
      const colour = v.color ? colorId(v.color) : null;
      const firstOfColour = colour !== null && !seenColours.has(colour);
      if (colour !== null) seenColours.add(colour);
      Object.assign(row, {
        "Option1 Value": untitled ? "Default Title" : v.size,
        "Option2 Value": coloured ? v.color : null,
        "Variant SKU": v.sku,
        "Variant Grams": 0,
        "Variant Inventory Tracker": "shopify",
        "Variant Inventory Qty": v.stock,
        "Variant Inventory Policy": "deny",
        "Variant Fulfillment Service": "manual",
        // What the shopper pays; the regular price struck through beside it when on sale.
        "Variant Price": new CsvMoney(onSale ? p.sale_price_cents : p.price_cents),
        "Variant Compare At Price": onSale ? new CsvMoney(p.price_cents) : null,
        "Variant Requires Shipping": yes,
        "Variant Taxable": yes,
        "Variant Image": firstOfColour ? (colourImage.get(colour) ?? null) : null,
        "Variant Weight Unit": "kg",
      } satisfies Row);
    }
    const image = photos[i];
    if (image) Object.assign(row, { "Image Src": image.src, "Image Position": i + 1, "Image Alt Text": image.photo.alt } satisfies Row);
    rows.push(row);
  }
  return rows;
}

/**
 * The products the admin's filter chooses (all of them without one), in Shopify's product CSV:
 * each yield is the rows of one batch of products, in SHOPIFY_COLUMNS' order. `origin` makes the
 * photos' addresses absolute (the shop's public address).
 */
export async function* shopifyExportRows(
  query: Pick<AdminProductQuery, "keyword" | "category" | "brand">,
  origin: string,
  batch = BATCH,
): AsyncGenerator<CsvValue[][]> {
  const base = await adminProductsWhere(query);
  if (!base) return;
  const snapshot = await catalogue();
  let after: string | null = null;
  for (;;) {
    let page = base
      .select([
        "products.id",
        "products.handle",
        "products.title",
        "products.description",
        "products.category",
        "products.brand",
        "products.image",
        "products.price_cents",
        "products.sale_price_cents",
        "products.seo_title",
        "products.seo_description",
      ])
      .orderBy("products.handle")
      .limit(batch);
    if (after !== null) page = page.where("products.handle", ">", after);
    const products = await page.execute();
    if (!products.length) return;
    const ids = products.map((p) => p.id);
    const [variants, photos, tags] = await Promise.all([
      db.selectFrom("product_variants").select(["product_id", "size", "color", "sku", "stock"]).where("product_id", "in", ids).execute(),
      photosOf(ids),
      tagsOf(ids),
    ]);
    const variantsOf = groupBy(variants, (v) => v.product_id);
    yield products.flatMap((p) =>
      productRows(p, sortVariants(variantsOf.get(p.id) ?? []), photos.get(p.id) ?? [], tags.get(p.id) ?? [], snapshot, origin).map((row) =>
        SHOPIFY_COLUMNS.map((column) => row[column] ?? null),
      ),
    );
    after = products.at(-1)!.handle;
  }
}

/**
 * The download both routes answer (the owner's page and /api): the filter of the request's query
 * (`?q=&category=&brand=`, as the products list reads it), photos on the shop's public address.
 */
export function shopifyExportResponse(request: Request): Response {
  const query = parseAdminProductQuery(new URL(request.url).searchParams);
  return csvResponse(shopifyExportFilename(), SHOPIFY_COLUMNS, shopifyExportRows(query, shopUrlFor(request)));
}
