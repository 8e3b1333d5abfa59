import { HANDLE_MAX, HANDLE_PATTERN, handleFrom } from "#db/handles";
import type { Category } from "~/lib/catalogue";
import { normalTag } from "~/lib/catalogue";
import { MAX_PHOTOS } from "~/lib/photos";
import {
  MAX_REPORTED_PROBLEMS,
  type ImportItemData,
  type ImportProblem,
  type ImportSummary,
  type PlannedCategory,
  type PlannedPhoto,
  type PlannedVariant,
} from "~/lib/product-import";
import { NAME_MAX, TAG_MAX, TAGS_PER_PRODUCT } from "~/lib/schemas/catalogue";
import { withoutControlChars } from "~/lib/schemas/fields";
import { ONE_SIZE, SIZE_LISTS, sizeKindOf, variantLabel, type SizeKind } from "~/lib/variants";
import { catalogue, sizeKindsOf, type CatalogueSnapshot } from "~/server/catalog/catalogue.server";
import { db } from "~/server/database/db.server";
import { isSamePhoto } from "~/server/media/photos.server";
import type { ParsedFile, ParsedRow } from "./parse.server";
import { bodyText, cents, colorHexOf, SHOP_SIZES_TEXT, shopSize, wholeNumber } from "./shopify-values.server";

// The dry run (issue 50, decision 0070): what importing a Shopify product CSV into the shop as it
// is would do. Reads the shop in a few set queries, writes nothing; every value of the plan is
// already one the shop accepts, so applying it only meets changes made meanwhile.

export type PlannedItem = {
  handle: string;
  action: "create" | "update" | "unchanged";
  /** The product it updates (matched by handle, then by SKU); null for a new one. */
  productId: string | null;
  data: ImportItemData;
};

export type ImportPlan = { summary: ImportSummary; items: PlannedItem[] };

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 5000;
const VARIANTS_MAX = 60;
const SEO_TITLE_MAX = 200;
/** Search engines show about this much of a title; longer ones are kept, with a warning. */
const SEO_TITLE_SHOWN = 70;
const SEO_DESCRIPTION_MAX = 320;
const ALT_MAX = 200;
const PRICE_MAX_CENTS = 100_000_000;
const STOCK_MAX = 1_000_000;
const SKU_MAX = 64;
const SKU_PATTERN = /^[A-Za-z0-9._/-]+$/;
const COLOR_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} '-]*$/u;
const COLOR_MAX = 40;
const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u;
/** `in (...)` lists are read this many values at a time. */
const CHUNK = 500;

const lower = (text: string) => text.toLocaleLowerCase("en");
const money = (c: number) => (c / 100).toFixed(2);

/** Problems of the file, kept as they are found. */
class Report {
  readonly problems: ImportProblem[] = [];
  error(line: number | null, column: string | null, message: string, handle?: string) {
    this.problems.push({ line, column, message, severity: "error", ...(handle ? { handle } : {}) });
  }
  warning(line: number | null, column: string | null, message: string, handle?: string) {
    this.problems.push({ line, column, message, severity: "warning", ...(handle ? { handle } : {}) });
  }
}

/** A product of the file as read, before the shop is asked about it. */
type Draft = {
  /** The file's Handle, lower-cased: how its rows group. */
  key: string;
  /** The handle the shop would give it (the file's, or made from it). */
  handle: string;
  firstLine: number;
  title: string;
  description: string;
  /** The category's names from the top, as the file writes them, and the column they came from. */
  categoryNames: string[];
  categoryColumn: string;
  brand: string;
  tags: string[];
  seoTitle: string;
  seoDescription: string;
  priceCents: number;
  salePriceCents: number;
  variants: PlannedVariant[];
  photos: PlannedPhoto[];
  lines: Set<number>;
};

// --- Reading one product's rows ---------------------------------------------------------------

const VARIANT_COLUMNS = [
  "Option1 Value",
  "Option2 Value",
  "Variant SKU",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Inventory Qty",
] as const;

type OptionKind = "size" | "color" | "default" | null;

/** A cell, trimmed. */
const cell = (row: ParsedRow, column: string) => (row.cells[column] ?? "").trim();

/** The shop's handle for a file's Handle: the same when the shop can use it, else made from it. */
function shopHandle(key: string): string {
  return HANDLE_PATTERN.test(key) && key.length <= HANDLE_MAX ? key : handleFrom(key);
}

/** What an option name means: Size, Color, Shopify's "Title" of a product without options, or nothing. */
function optionKind(name: string): OptionKind | "other" {
  const word = name.trim().toLowerCase();
  if (!word) return null;
  if (word === "size") return "size";
  if (word === "color" || word === "colour") return "color";
  if (word === "title") return "default";
  return "other";
}

/** An address Image Src may give: http or https only. */
function webAddress(src: string): boolean {
  try {
    const url = new URL(src);
    return (url.protocol === "http:" || url.protocol === "https:") && !!url.hostname;
  } catch {
    return false;
  }
}

type PhotoPlace = {
  src: string;
  order: number;
  position: number | null;
  alt: string;
  color: string | null;
  line: number;
  /** Named only by a Variant Image so far: an Image Src row of it later gives its place and alt. */
  variantOnly: boolean;
};

/**
 * The rows of one handle as a product, or null when it cannot go in (its errors reported). The
 * first row carries the product's fields; later rows carry variants and photos.
 */
function readProduct(key: string, rows: ParsedRow[], options: { photoFiles: ReadonlySet<string> | null }, report: Report): Draft | null {
  const first = rows[0]!;
  const handle = shopHandle(key);
  const error = (line: number, column: string | null, message: string) => report.error(line, column, message, handle);
  const warning = (line: number, column: string | null, message: string) => report.warning(line, column, message, handle);

  const title = cell(first, "Title");
  if (!title) {
    error(first.line, "Title", `the first row of '${key}' needs a Title`);
    return null;
  }
  const other = rows.slice(1).find((row) => cell(row, "Title") && cell(row, "Title") !== title);
  if (other) {
    error(
      other.line,
      "Title",
      `handle '${key}' already has title '${title}' on line ${first.line}; a handle is one product (this product was left out)`,
    );
    return null;
  }
  if (lower(cell(first, "Published")) === "false") {
    warning(first.line, "Published", "not published in the file: the shop has no hidden products, so it was left out");
    return null;
  }
  // Shopify's Status: a draft or an archived product is not for sale there either.
  const status = lower(cell(first, "Status"));
  if (status && status !== "active") {
    warning(first.line, "Status", `${status} in the file, not active: the shop has no hidden products, so it was left out`);
    return null;
  }
  if (title.length > TITLE_MAX) {
    error(first.line, "Title", `the title has ${title.length} characters: the shop's titles have at most ${TITLE_MAX}`);
    return null;
  }
  if (!withoutControlChars(title) || /[\r\n]/.test(title)) {
    error(first.line, "Title", "the title is one line of text, without control characters");
    return null;
  }
  if (handle !== key)
    warning(first.line, "Handle", `'${key}' is not a web address the shop uses: its page will be /shop/products/${handle}`);

  let description = bodyText(cell(first, "Body (HTML)"));
  if (description.length > DESCRIPTION_MAX) {
    error(
      first.line,
      "Body (HTML)",
      `the description is ${description.length.toLocaleString("en-US")} characters as text: the shop keeps at most ${DESCRIPTION_MAX} (this product was left out)`,
    );
    return null;
  }
  if (!description) {
    description = title;
    warning(first.line, "Body (HTML)", "no description: the title is used as the description");
  }

  const brand = cell(first, "Vendor");
  if (!brand) {
    error(first.line, "Vendor", "a product needs a brand: write it in Vendor (this product was left out)");
    return null;
  }
  if (brand.length > NAME_MAX || !withoutControlChars(brand) || /[\r\n]/.test(brand)) {
    error(first.line, "Vendor", `a brand's name is one line of at most ${NAME_MAX} characters (this product was left out)`);
    return null;
  }

  const categoryColumn = cell(first, "Type") ? "Type" : "Product Category";
  const categoryText = cell(first, categoryColumn);
  if (!categoryText) {
    error(first.line, "Type", "a product needs a category: write it in Type or Product Category (this product was left out)");
    return null;
  }
  let categoryNames = categoryText
    .split(">")
    .map((name) => name.trim())
    .filter(Boolean);
  if (categoryNames.length > 2) {
    const kept = categoryNames.slice(-2);
    warning(first.line, categoryColumn, `the shop's categories have two levels: '${categoryText}' becomes '${kept.join(" > ")}'`);
    categoryNames = kept;
  }
  const badName = categoryNames.find((name) => name.length > NAME_MAX || !withoutControlChars(name) || /[\r\n]/.test(name));
  if (badName !== undefined || !categoryNames.length) {
    error(first.line, categoryColumn, `a category's name is one line of at most ${NAME_MAX} characters (this product was left out)`);
    return null;
  }

  const tags: string[] = [];
  for (const raw of cell(first, "Tags").split(",")) {
    const tag = normalTag(raw);
    if (!tag || tags.includes(tag)) continue;
    if (tag.length > TAG_MAX || !TAG_PATTERN.test(tag)) {
      warning(
        first.line,
        "Tags",
        `'${raw.trim()}' is not a tag the shop can keep (letters, numbers, dots and dashes, at most ${TAG_MAX}): left out`,
      );
    } else if (tags.length >= TAGS_PER_PRODUCT) {
      warning(first.line, "Tags", `a product has at most ${TAGS_PER_PRODUCT} tags: '${tag}' and the ones after it were left out`);
      break;
    } else {
      tags.push(tag);
    }
  }

  let seoTitle = cell(first, "SEO Title");
  if (seoTitle.length > SEO_TITLE_MAX || !withoutControlChars(seoTitle) || /[\r\n]/.test(seoTitle)) {
    error(first.line, "SEO Title", `the SEO title is one line of at most ${SEO_TITLE_MAX} characters: left out, the title is used`);
    seoTitle = "";
  } else if (seoTitle.length > SEO_TITLE_SHOWN) {
    warning(first.line, "SEO Title", `search engines show about ${SEO_TITLE_SHOWN} characters of a title; this one has ${seoTitle.length}`);
  }
  let seoDescription = cell(first, "SEO Description").replace(/\s+/g, " ");
  if (seoDescription.length > SEO_DESCRIPTION_MAX || !withoutControlChars(seoDescription)) {
    error(
      first.line,
      "SEO Description",
      `the SEO description has at most ${SEO_DESCRIPTION_MAX} characters (this one has ${seoDescription.length}): left out, the description is used`,
    );
    seoDescription = "";
  }

  // Options: named on the first row (Shopify leaves the names empty on later rows).
  const kinds: [OptionKind, OptionKind] = [null, null];
  for (const [index, column] of (["Option1 Name", "Option2 Name"] as const).entries()) {
    const kind = optionKind(cell(first, column));
    if (kind === "other") {
      error(first.line, column, `the shop's products have a Size and a Color, not '${cell(first, column)}' (this product was left out)`);
      return null;
    }
    kinds[index] = kind;
  }
  if (kinds[0] && kinds[0] === kinds[1]) {
    error(first.line, "Option2 Name", `'${cell(first, "Option1 Name")}' is named twice (this product was left out)`);
    return null;
  }

  const lines = new Set<number>([first.line]);
  const variants: PlannedVariant[] = [];
  const choices = new Map<string, number>();
  const places: PhotoPlace[] = [];
  let price: { priceCents: number; salePriceCents: number; line: number } | null = null;
  let kind: SizeKind | null = null;

  const addPhoto = (row: ParsedRow, src: string, color: string | null, column: string) => {
    const address = photoAddress(src, options.photoFiles);
    if (!address.ok) {
      error(row.line, column, `${address.message}: this photo was left out`);
      return false;
    }
    const same = places.find((p) => p.src === address.src);
    if (same && (column !== "Image Src" || !same.variantOnly)) {
      if (color && !same.color) same.color = color;
      return true;
    }
    let alt = column === "Image Src" ? cell(row, "Image Alt Text") : "";
    if (alt.length > ALT_MAX || /\p{Cc}/u.test(alt)) {
      warning(row.line, "Image Alt Text", `a photo's description is one line of at most ${ALT_MAX} characters: the title is used`);
      alt = "";
    }
    const positionText = column === "Image Src" ? cell(row, "Image Position") : "";
    const position = positionText ? wholeNumber(positionText) : null;
    if (positionText && (position === null || position < 1)) {
      warning(row.line, "Image Position", `'${positionText}' is not a position (1, 2, 3...): the photo keeps its place in the file`);
    }
    const place = {
      position: position && position >= 1 ? position : null,
      alt: alt || title,
      line: row.line,
      variantOnly: column !== "Image Src",
    };
    if (same) Object.assign(same, place);
    else places.push({ src: address.src, order: places.length, color, ...place });
    return true;
  };

  for (const [index, row] of rows.entries()) {
    const imageSrc = cell(row, "Image Src");
    const isVariantRow = index === 0 || VARIANT_COLUMNS.some((column) => cell(row, column) !== "");
    if (!isVariantRow) {
      if (imageSrc && addPhoto(row, imageSrc, null, "Image Src")) lines.add(row.line);
      continue;
    }
    const variant = readVariant(row, kinds, error, warning);
    let used = false;
    if (variant) {
      const variantKind = sizeKindOf(variant.size)!;
      const key_ = `${variant.size}\u0000${lower(variant.color)}`;
      if (kind !== null && variantKind !== kind) {
        error(
          row.line,
          kinds[0] === "size" ? "Option1 Value" : "Option2 Value",
          `'${variant.size}' is a size of another kind than this product's first one (${kind === "none" ? ONE_SIZE : kind}): a product's sizes are of one kind, clothing, EU shoe sizes or one size`,
        );
      } else if (choices.has(key_)) {
        error(
          row.line,
          null,
          `this size and colour (${variantLabel(variant.size, variant.color) || ONE_SIZE}) is already on line ${choices.get(key_)}: this row was left out`,
        );
      } else if (price && (price.priceCents !== variant.priceCents || price.salePriceCents !== variant.salePriceCents)) {
        error(
          row.line,
          "Variant Price",
          `the shop has one price per product: this product costs ${money(price.priceCents)}${price.salePriceCents ? ` (on sale at ${money(price.salePriceCents)})` : ""} from line ${price.line}, this row ${money(variant.priceCents)}${variant.salePriceCents ? ` (on sale at ${money(variant.salePriceCents)})` : ""}; this row was left out`,
        );
      } else if (variants.length >= VARIANTS_MAX) {
        error(row.line, null, `a product has at most ${VARIANTS_MAX} sizes and colours: this row was left out`);
      } else {
        kind ??= variantKind;
        price ??= { priceCents: variant.priceCents, salePriceCents: variant.salePriceCents, line: row.line };
        choices.set(key_, row.line);
        variants.push({
          size: variant.size,
          color: variant.color,
          colorHex: colorHexOf(variant.color),
          sku: variant.sku,
          stock: variant.stock,
          line: row.line,
        });
        used = true;
      }
    }
    if (imageSrc && addPhoto(row, imageSrc, null, "Image Src")) used = true;
    const variantImage = cell(row, "Variant Image");
    if (variantImage && variant && used && addPhoto(row, variantImage, variant.color || null, "Variant Image")) used = true;
    if (used) lines.add(row.line);
  }
  if (!variants.length || !price) {
    error(first.line, null, `'${key}' has no row the shop can use as a size and colour: this product was left out`);
    return null;
  }

  // Photos in Image Position order (then file order), at most MAX_PHOTOS; a colour only one of its own.
  const colours = new Set(variants.map((v) => v.color));
  const ordered = [...places].sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || a.order - b.order);
  for (const extra of ordered.slice(MAX_PHOTOS)) {
    error(extra.line, "Image Src", `a product has at most ${MAX_PHOTOS} photos: this one was left out`);
  }
  const photos: PlannedPhoto[] = ordered.slice(0, MAX_PHOTOS).map((p, position) => ({
    src: p.src,
    position,
    alt: p.alt,
    color: p.color && colours.has(p.color) ? p.color : null,
    line: p.line,
  }));

  return {
    key,
    handle,
    firstLine: first.line,
    title,
    description,
    categoryNames,
    categoryColumn,
    brand,
    tags,
    seoTitle,
    seoDescription,
    priceCents: price.priceCents,
    salePriceCents: price.salePriceCents,
    variants,
    photos,
    lines,
  };
}

type ReadVariant = { size: string; color: string; sku: string | null; stock: number; priceCents: number; salePriceCents: number };

/** One variant row's size, colour, SKU, stock and price, or null (its errors reported). */
function readVariant(
  row: ParsedRow,
  kinds: [OptionKind, OptionKind],
  error: (line: number, column: string | null, message: string) => void,
  warning: (line: number, column: string | null, message: string) => void,
): ReadVariant | null {
  let ok = true;
  let size = ONE_SIZE;
  let color = "";
  for (const [index, kind] of kinds.entries()) {
    const column = index === 0 ? "Option1 Value" : "Option2 Value";
    const value = cell(row, column);
    if (kind === "size") {
      const mapped = shopSize(value);
      if (!mapped) {
        error(
          row.line,
          column,
          value ? `'${value}' is not one of the shop's sizes: ${SHOP_SIZES_TEXT}` : `a size is needed: ${SHOP_SIZES_TEXT}`,
        );
        ok = false;
      } else size = mapped;
    } else if (kind === "color") {
      if (!value) {
        error(row.line, column, "a colour is needed");
        ok = false;
      } else if (value.length > COLOR_MAX || !COLOR_PATTERN.test(value)) {
        error(
          row.line,
          column,
          `'${value}' is not a colour name the shop can use: letters, numbers, spaces, ' and -, at most ${COLOR_MAX}`,
        );
        ok = false;
      } else color = value;
    } else if (kind === "default" && value && lower(value) !== "default title") {
      error(row.line, column, `the shop's products have a Size and a Color, not a Title option ('${value}')`);
      ok = false;
    }
  }

  const priceText = cell(row, "Variant Price");
  const base = cents(priceText);
  if (!priceText) {
    error(row.line, "Variant Price", "a price is needed");
    ok = false;
  } else if (base === null) {
    error(row.line, "Variant Price", `'${priceText}' is not a price`);
    ok = false;
  } else if (base < 1 || base > PRICE_MAX_CENTS) {
    error(row.line, "Variant Price", `'${priceText}' is not a price from 0.01 to 1,000,000`);
    ok = false;
  }
  const compareText = cell(row, "Variant Compare At Price");
  const compare = compareText ? cents(compareText) : null;
  if (compareText && (compare === null || compare > PRICE_MAX_CENTS)) {
    error(row.line, "Variant Compare At Price", `'${compareText}' is not a price`);
    ok = false;
  }

  let stock = 0;
  const stockText = cell(row, "Variant Inventory Qty");
  if (stockText) {
    const n = wholeNumber(stockText);
    if (n === null) {
      error(row.line, "Variant Inventory Qty", `'${stockText}' is not a whole number of items`);
      ok = false;
    } else if (n > STOCK_MAX) {
      error(row.line, "Variant Inventory Qty", `${n} is more stock than the shop keeps (at most 1,000,000)`);
      ok = false;
    } else if (n < 0) {
      warning(row.line, "Variant Inventory Qty", `${n} items in stock: the shop keeps 0`);
    } else stock = n;
  }

  const skuText = cell(row, "Variant SKU");
  if (skuText && (skuText.length > SKU_MAX || !SKU_PATTERN.test(skuText))) {
    error(
      row.line,
      "Variant SKU",
      `'${skuText}' is not a SKU the shop can keep: letters, numbers, dots, dashes and slashes, at most ${SKU_MAX}`,
    );
    ok = false;
  }
  if (!ok || base === null) return null;
  const onSale = compare !== null && compare > base;
  return {
    size,
    color,
    sku: skuText || null,
    stock,
    priceCents: onSale ? compare : base,
    salePriceCents: onSale ? base : 0,
  };
}

/** Where a photo comes from: an http(s) address, or a file of the ZIP ("zip:<name>"). */
function photoAddress(src: string, photoFiles: ReadonlySet<string> | null): { ok: true; src: string } | { ok: false; message: string } {
  if (/^https?:\/\//i.test(src)) {
    return webAddress(src) ? { ok: true, src } : { ok: false, message: `'${src}' is not a web address` };
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(src)) {
    return { ok: false, message: `'${src.slice(0, 60)}' is not an http or https address` };
  }
  if (!photoFiles) return { ok: false, message: `'${src}' is not a web address (a photo file is imported in a ZIP with the CSV)` };
  const name = src.split(/[\\/]/).pop()!;
  if (!photoFiles.has(name)) return { ok: false, message: `the ZIP has no photo named '${name}'` };
  return { ok: true, src: `zip:${name}` };
}

// --- The shop as it is ------------------------------------------------------------------------

/** Runs `read` on `values` CHUNK at a time and joins the answers. */
async function inChunks<V, R>(values: readonly V[], read: (chunk: V[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(...(await read(values.slice(i, i + CHUNK))));
  return out;
}

type StoredProduct = {
  id: string;
  handle: string;
  title: string;
  description: string;
  updated_at: string;
  category: string;
  brand: string;
  price_cents: number;
  sale_price_cents: number;
  seo_title: string;
  seo_description: string;
};
type StoredPhoto = {
  product_id: string | null;
  src: string;
  base: string | null;
  source: string | null;
  alt: string;
  color: string | null;
  position: number;
};

// --- Categories and brands ---------------------------------------------------------------------

type CategoryAnswer = { ok: true; id: string | null; path: string[] } | { ok: false; message: string };

/** The shop's top category of this name (any letter case). */
function topNamed(snapshot: CatalogueSnapshot, name: string): Category | undefined {
  return snapshot.categories.find((c) => c.parentId === null && lower(c.name) === lower(name));
}

/** The shop's category a path names (id and names), a new one (id null), or why it cannot be. */
function findCategory(snapshot: CatalogueSnapshot, names: string[]): CategoryAnswer {
  if (names.length === 1) {
    const top = topNamed(snapshot, names[0]!);
    if (top) return { ok: true, id: top.id, path: [top.name] };
    const subs = snapshot.categories.filter((c) => c.parentId !== null && lower(c.name) === lower(names[0]!));
    if (subs.length === 1) {
      const sub = subs[0]!;
      return { ok: true, id: sub.id, path: [snapshot.category.get(sub.parentId!)!.name, sub.name] };
    }
    if (subs.length > 1) {
      const parents = subs.map((s) => snapshot.category.get(s.parentId!)!.name);
      return {
        ok: false,
        message: `'${names[0]}' is a subcategory of ${parents.join(" and of ")}: write which, such as '${parents[0]} > ${names[0]}'`,
      };
    }
    return { ok: true, id: null, path: [names[0]!] };
  }
  const top = topNamed(snapshot, names[0]!);
  if (!top) return { ok: true, id: null, path: names };
  const sub = snapshot.categories.find((c) => c.parentId === top.id && lower(c.name) === lower(names[1]!));
  return sub ? { ok: true, id: sub.id, path: [top.name, sub.name] } : { ok: true, id: null, path: [top.name, names[1]!] };
}

/** The shop's brand a Vendor names (by name in any case, handle or id), or null. */
function findBrand(snapshot: CatalogueSnapshot, vendor: string) {
  const byName = snapshot.brands.find((b) => lower(b.name) === lower(vendor));
  if (byName) return byName;
  const id = snapshot.lookup.brand.get(vendor) ?? snapshot.lookup.brand.get(lower(vendor));
  return id === undefined ? null : (snapshot.brand.get(id) ?? null);
}

// --- The plan -----------------------------------------------------------------------------------

/** Errors first, then by line (the file's own problems first). */
function byImportance(a: ImportProblem, b: ImportProblem): number {
  if (a.severity !== b.severity) return a.severity === "error" ? -1 : 1;
  return (a.line ?? 0) - (b.line ?? 0);
}

const variantKey = (v: { size: string; color: string; sku: string | null; stock: number }, hex: string) =>
  `${v.size}\u0000${v.color}\u0000${hex}\u0000${v.sku ?? ""}\u0000${v.stock}`;

/**
 * The dry run: what importing `file` into the shop as it is now would do. Reads the database,
 * writes nothing. `photoFiles`: the photo files a ZIP brought (their names), for Image Src values
 * that name a file rather than an address.
 */
export async function planImport(
  file: ParsedFile,
  options: { fileName: string; format: "csv" | "zip"; photoFiles?: ReadonlySet<string> },
): Promise<ImportPlan> {
  const report = new Report();
  const photoFiles = options.format === "zip" ? (options.photoFiles ?? new Set<string>()) : null;

  // Rows by Handle, in the order handles first appear.
  const groups = new Map<string, ParsedRow[]>();
  for (const row of file.rows) {
    const key = cell(row, "Handle").toLowerCase();
    if (!key) {
      report.error(row.line, "Handle", "a row needs the Handle of its product: this row was left out");
      continue;
    }
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  if (!file.rows.length) report.warning(null, null, "The file has no product rows, only its header line");

  let skipped = 0;
  const drafts: Draft[] = [];
  const handles = new Map<string, number>();
  for (const [key, rows] of groups) {
    const draft = readProduct(key, rows, { photoFiles }, report);
    if (!draft) {
      skipped++;
      continue;
    }
    const earlier = handles.get(draft.handle);
    if (earlier !== undefined) {
      report.error(
        draft.firstLine,
        "Handle",
        `line ${earlier} already has a product at /shop/products/${draft.handle}: this product was left out`,
        draft.handle,
      );
      skipped++;
      continue;
    }
    handles.set(draft.handle, draft.firstLine);
    drafts.push(draft);
  }

  // A SKU names one variant in the file: a later row with it is left out.
  const skuLines = new Map<string, number>();
  for (const draft of drafts) {
    draft.variants = draft.variants.filter((v) => {
      if (!v.sku) return true;
      const earlier = skuLines.get(v.sku.toLowerCase());
      if (earlier === undefined) {
        skuLines.set(v.sku.toLowerCase(), v.line);
        return true;
      }
      report.error(v.line, "Variant SKU", `SKU '${v.sku}' is already on line ${earlier}: this row was left out`, draft.handle);
      draft.lines.delete(v.line);
      return false;
    });
  }

  // The shop's products these may be: by handle (current or old), then by SKU.
  const keys = drafts.map((d) => d.handle);
  const [current, old, skuRows, snapshot] = await Promise.all([
    inChunks(keys, (chunk) => db.selectFrom("products").select(["id", "handle"]).where("handle", "in", chunk).execute()),
    inChunks(keys, (chunk) => db.selectFrom("product_handles").select(["product_id", "handle"]).where("handle", "in", chunk).execute()),
    inChunks([...skuLines.keys()], (chunk) =>
      db
        .selectFrom("product_variants")
        .select(["product_id", "sku"])
        .where((eb) => eb(eb.fn("lower", ["sku"]), "in", chunk))
        .execute(),
    ),
    catalogue(),
  ]);
  const byHandle = new Map(current.map((p) => [p.handle, p.id]));
  for (const h of old) if (!byHandle.has(h.handle)) byHandle.set(h.handle, h.product_id);
  const skuOwner = new Map(skuRows.map((v) => [v.sku!.toLowerCase(), v.product_id]));

  type Matched = {
    draft: Draft;
    productId: string | null;
    categoryId: string | null;
    categoryPath: string[];
    brand: string;
    kind: SizeKind;
  };
  const matched: Matched[] = [];
  const claimed = new Map<string, number>();
  const newBrands = new Map<string, string>();
  for (const draft of drafts) {
    const fail = (line: number, column: string | null, message: string) => {
      report.error(line, column, message, draft.handle);
      skipped++;
    };
    const bySku = draft.variants.map((v) => (v.sku ? skuOwner.get(v.sku.toLowerCase()) : undefined)).find(Boolean);
    const productId = byHandle.get(draft.handle) ?? bySku ?? null;
    if (productId && claimed.has(productId)) {
      fail(
        draft.firstLine,
        "Handle",
        `this is the shop's product that line ${claimed.get(productId)} already updates: this product was left out`,
      );
      continue;
    }
    // A SKU of another of the shop's products stays that product's.
    draft.variants = draft.variants.filter((v) => {
      const owner = v.sku ? skuOwner.get(v.sku.toLowerCase()) : undefined;
      if (!owner || owner === productId) return true;
      report.error(v.line, "Variant SKU", `SKU '${v.sku}' is another product's in the shop: this row was left out`, draft.handle);
      draft.lines.delete(v.line);
      return false;
    });
    if (!draft.variants.length) {
      fail(draft.firstLine, null, `'${draft.key}' has no size and colour left to import: this product was left out`);
      continue;
    }
    const category = findCategory(snapshot, draft.categoryNames);
    if (!category.ok) {
      fail(draft.firstLine, draft.categoryColumn, `${category.message} (this product was left out)`);
      continue;
    }
    const kind = sizeKindOf(draft.variants[0]!.size)!;
    if (category.id !== null && !sizeKindsOf(snapshot, category.id).includes(kind)) {
      const sizes = sizeKindsOf(snapshot, category.id)
        .map((k) => (k === "none" ? "one size" : k))
        .join(", ");
      fail(
        draft.variants[0]!.line,
        null,
        `${category.path.join(" > ")} sells ${sizes} sizes, not ${draft.variants[0]!.size} (this product was left out)`,
      );
      continue;
    }
    const brand = findBrand(snapshot, draft.brand);
    if (!brand && !newBrands.has(lower(draft.brand))) newBrands.set(lower(draft.brand), draft.brand);
    if (productId) claimed.set(productId, draft.firstLine);
    matched.push({
      draft,
      productId,
      categoryId: category.id,
      categoryPath: category.path,
      brand: brand?.name ?? newBrands.get(lower(draft.brand))!,
      kind,
    });
  }

  // New categories: every kind of size their products (with their subcategories') have, as the
  // demo's Kids sells clothing and shoes.
  const newCategories = new Map<string, { path: string[]; kinds: Set<SizeKind> }>();
  const pathKey = (path: string[]) => path.map(lower).join("\u0000");
  const newPaths = (path: string[]) => (path.length === 2 && !topNamed(snapshot, path[0]!) ? [path, path.slice(0, 1)] : [path]);
  for (const m of matched.filter((m) => m.categoryId === null)) {
    for (const path of newPaths(m.categoryPath)) {
      const entry = newCategories.get(pathKey(path)) ?? { path, kinds: new Set() };
      entry.kinds.add(m.kind);
      newCategories.set(pathKey(path), entry);
    }
  }
  const kept = matched;
  const SIZE_KINDS = Object.keys(SIZE_LISTS) as SizeKind[];
  // A new category no product kept is not made.
  const usedPaths = new Set(matched.filter((m) => m.categoryId === null).flatMap((m) => newPaths(m.categoryPath).map(pathKey)));
  const categoriesToCreate: PlannedCategory[] = [...newCategories]
    .filter(([key]) => usedPaths.has(key))
    .map(([, entry]) => ({ path: entry.path, sizes: SIZE_KINDS.filter((kind) => entry.kinds.has(kind)) }))
    .sort((a, b) => a.path.length - b.path.length);
  const usedBrands = new Set(kept.map((m) => lower(m.brand)));
  const brandsToCreate = [...newBrands].filter(([key]) => usedBrands.has(key)).map(([, name]) => name);

  // What the matched products are now: the plan of an unchanged one is what is stored.
  const ids = kept.flatMap((m) => (m.productId ? [m.productId] : []));
  const [products, variants, tags, photos] = await Promise.all([
    inChunks(ids, (chunk) =>
      db
        .selectFrom("products")
        .select([
          "id",
          "handle",
          "title",
          "description",
          "category",
          "brand",
          "price_cents",
          "sale_price_cents",
          "seo_title",
          "seo_description",
          "updated_at",
        ])
        .where("id", "in", chunk)
        .execute(),
    ),
    inChunks(ids, (chunk) =>
      db
        .selectFrom("product_variants")
        .select(["product_id", "size", "color", "color_hex", "sku", "stock"])
        .where("product_id", "in", chunk)
        .execute(),
    ),
    inChunks(ids, (chunk) => db.selectFrom("product_tags").select(["product_id", "tag"]).where("product_id", "in", chunk).execute()),
    inChunks(ids, (chunk) =>
      db
        .selectFrom("product_photos")
        .select(["product_id", "src", "base", "source", "alt", "color", "position"])
        .where("product_id", "in", chunk)
        .execute(),
    ),
  ]);
  const productOf = new Map<string, StoredProduct>(products.map((p) => [p.id, p]));
  const group = <T extends { product_id: string | null }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(row.product_id!, [...(map.get(row.product_id!) ?? []), row]);
    return map;
  };
  const variantsOf = group(variants);
  const tagsOf = group(tags);
  const photosOf = group(photos as StoredPhoto[]);

  const items: PlannedItem[] = [];
  for (const m of kept) {
    const { draft } = m;
    const stored = m.productId ? productOf.get(m.productId) : undefined;
    const storedVariants = (m.productId && variantsOf.get(m.productId)) || [];
    // A colour's swatch is the owner's where the shop has one; else CSS's name for it, if any.
    const hexOf = new Map(storedVariants.filter((v) => v.color_hex).map((v) => [lower(v.color), v.color_hex]));
    const planned = draft.variants.map((v) => ({ ...v, colorHex: hexOf.get(lower(v.color)) ?? v.colorHex }));
    const data: ImportItemData = {
      handle: stored ? stored.handle : draft.handle,
      lines: [...draft.lines].sort((a, b) => a - b),
      title: draft.title,
      description: draft.description,
      categoryPath: m.categoryPath,
      brand: m.brand,
      tags: draft.tags,
      priceCents: draft.priceCents,
      salePriceCents: draft.salePriceCents,
      seoTitle: draft.seoTitle,
      seoDescription: draft.seoDescription,
      variants: planned,
      photos: draft.photos,
      ...(stored ? { checkedAt: stored.updated_at } : {}),
    };
    let action: PlannedItem["action"] = "create";
    if (stored) {
      action = isUnchanged(snapshot, m.categoryId, data, stored, {
        variants: storedVariants,
        tags: (tagsOf.get(stored.id) ?? []).map((t) => t.tag),
        photos: (photosOf.get(stored.id) ?? []).sort((a, b) => a.position - b.position),
      })
        ? "unchanged"
        : "update";
    }
    items.push({ handle: data.handle, action, productId: stored?.id ?? null, data });
  }

  const sorted = [...report.problems].sort(byImportance);
  const count = (action: PlannedItem["action"]) => items.filter((i) => i.action === action).length;
  const summary: ImportSummary = {
    fileName: options.fileName,
    format: options.format,
    rows: file.rows.length,
    products: { create: count("create"), update: count("update"), unchanged: count("unchanged"), skipped },
    variants: items.reduce((sum, i) => sum + i.data.variants.length, 0),
    photos: items.reduce((sum, i) => sum + i.data.photos.length, 0),
    categoriesToCreate,
    brandsToCreate,
    ignoredColumns: file.ignoredColumns,
    problems: sorted.slice(0, MAX_REPORTED_PROBLEMS),
    problemsTotal: sorted.length,
    errors: sorted.filter((p) => p.severity === "error").length,
    warnings: sorted.filter((p) => p.severity === "warning").length,
  };
  return { summary, items };
}

/**
 * Whether the shop's product already is what the plan would write: its fields, category, brand,
 * price, SEO, sizes and colours (with SKU, swatch and stock) and tags; and, when the file lists
 * photos, the photos it has from there (in order, with alt and colour). A photo the owner uploaded
 * that the file does not name is left alone, so it does not count.
 */
function isUnchanged(
  snapshot: CatalogueSnapshot,
  categoryId: string | null,
  data: ImportItemData,
  stored: StoredProduct,
  now: {
    variants: Array<{ size: string; color: string; color_hex: string; sku: string | null; stock: number }>;
    tags: string[];
    photos: StoredPhoto[];
  },
): boolean {
  const brand = snapshot.brands.find((b) => b.name === data.brand);
  if (
    categoryId === null ||
    categoryId !== stored.category ||
    !brand ||
    brand.id !== stored.brand ||
    stored.title !== data.title ||
    stored.description !== data.description ||
    stored.price_cents !== data.priceCents ||
    stored.sale_price_cents !== data.salePriceCents ||
    stored.seo_title !== data.seoTitle ||
    stored.seo_description !== data.seoDescription
  ) {
    return false;
  }
  const a = data.variants.map((v) => variantKey(v, v.colorHex)).sort();
  const b = now.variants.map((v) => variantKey(v, v.color_hex)).sort();
  if (a.length !== b.length || a.some((key, i) => key !== b[i])) return false;
  const tags = [...now.tags].sort();
  const wanted = [...data.tags].sort();
  if (tags.length !== wanted.length || tags.some((t, i) => t !== wanted[i])) return false;
  if (!data.photos.length) return true;
  const relevant = now.photos.filter((p) => p.source !== null || data.photos.some((w) => isSamePhoto(p, w.src)));
  if (relevant.length !== data.photos.length) return false;
  // A file photo without a colour keeps the one the shop gave it (an export names a colour only
  // on each colour's first photo, as its Variant Image).
  return data.photos.every((w, i) => {
    const p = relevant[i]!;
    return isSamePhoto(p, w.src) && p.alt === w.alt && (w.color === null || p.color === w.color);
  });
}
