import { sql, type SelectQueryBuilder } from "kysely";
import type { AdminProductQuery, AdminProductSort } from "~/lib/admin-products";
import type { SortId } from "~/lib/constants";
import { PAGE_SIZE, type ListingQuery } from "~/lib/listing";
import { pageOf, type Page } from "~/lib/page";
import { groupBy } from "~/lib/group-by";
import type { Collection } from "~/lib/catalogue";
import type { CardProduct, Product } from "~/lib/product";
import { ALL_SIZES, sizeMask, sortVariants, type Variant } from "~/lib/variants";
import type { Database, ProductRow } from "#db/schema";
import { db } from "~/server/database/db.server";
import { photosOf } from "~/server/media/photos.server";
import { cardsOf } from "./cards.server";
import { catalogue, categoriesWithin, hasTag, resolve, rulesWhere, tagsOf } from "./catalogue.server";
import { productTotal } from "./filter-counts.server";
import { namedIds } from "./search-names.server";
import { hasColorInStock, productMatches, rankedMatches, searchWords, withoutIndex } from "./search-sql.server";

const PRODUCT_COLUMNS = [
  "products.id",
  "products.image",
  "products.title",
  "products.description",
  "products.category",
  "products.brand",
  "products.price_cents",
  "products.sale_price_cents",
  "products.stock",
  "products.average_review",
  "products.handle",
  "products.seo_title",
  "products.seo_description",
] as const;

type ProductFields = Pick<
  ProductRow,
  | "id"
  | "image"
  | "title"
  | "description"
  | "category"
  | "brand"
  | "price_cents"
  | "sale_price_cents"
  | "stock"
  | "average_review"
  | "handle"
  | "seo_title"
  | "seo_description"
>;

type ProductWithoutVariants = Omit<Product, "variants" | "photos" | "categoryName" | "brandName">;

function toProduct(row: ProductFields): ProductWithoutVariants {
  return {
    id: row.id,
    handle: row.handle,
    image: row.image,
    title: row.title,
    description: row.description,
    category: row.category,
    brand: row.brand,
    priceCents: row.price_cents,
    salePriceCents: row.sale_price_cents,
    stock: row.stock,
    averageRating: Math.round(row.average_review * 10) / 10,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
  };
}

const VARIANT_COLUMNS = ["id", "product_id", "size", "color", "color_hex", "sku", "stock"] as const;

function toVariant(row: { id: string; size: string; color: string; color_hex: string; sku: string | null; stock: number }): Variant {
  return { id: row.id, size: row.size, color: row.color, colorHex: row.color_hex, sku: row.sku, stock: row.stock };
}

/**
 * The products with their variants, in picker order, and their photos (a query each for the whole
 * page); their category's and brand's names from the catalogue's snapshot; with `tags`, their tags.
 */
async function withVariants(products: ProductWithoutVariants[], { tags = false } = {}): Promise<Product[]> {
  if (!products.length) return [];
  const ids = products.map((p) => p.id);
  const [listed, photosByProduct, tagMap] = await Promise.all([withVariantsOnly(products), photosOf(ids), tags ? tagsOf(ids) : null]);
  return listed.map((p) => ({ ...p, ...(tagMap ? { tags: tagMap.get(p.id) ?? [] } : {}), photos: photosByProduct.get(p.id) ?? [] }));
}

/** The products with their variants and names, without their photos: what /api's lists answer. */
async function withVariantsOnly(products: ProductWithoutVariants[]): Promise<ListedProduct[]> {
  if (!products.length) return [];
  const [snapshot, rows] = await Promise.all([
    catalogue(),
    db
      .selectFrom("product_variants")
      .select(VARIANT_COLUMNS)
      .where(
        "product_id",
        "in",
        products.map((p) => p.id),
      )
      .execute(),
  ]);
  const byProduct = groupBy(rows, (row) => row.product_id);
  return products.map((p) => ({
    ...p,
    categoryName: snapshot.category.get(p.category)?.name ?? p.category,
    brandName: snapshot.brand.get(p.brand)?.name ?? p.brand,
    variants: sortVariants((byProduct.get(p.id) ?? []).map(toVariant)),
  }));
}

/** A product in one of /api's lists (issue 52): with its variants, without its photos (its cover is `image`). */
export type ListedProduct = Omit<Product, "photos">;

/**
 * What a list answers for its rows: whole products (the default: the /api's product, the admin's)
 * or a grid's cards (`asCards`: what a card shows, issue 52). Every list below takes one.
 */
export type Shape<T> = (rows: ProductWithoutVariants[]) => Promise<T[]>;
const asProducts: Shape<Product> = (rows) => withVariants(rows);
/** /api's lists: products with their variants, without their photos. */
export const asListed: Shape<ListedProduct> = (rows) => withVariantsOnly(rows);
/** A grid's cards; `colors` (a listing's colour filter) picks the photo each card shows. */
export const asCards =
  (colors: readonly string[] = []): Shape<CardProduct> =>
  (rows) =>
    cardsOf(rows, colors);
// A list called without a shape answers whole products (T's default is Product).
const wholeProducts = <T>() => asProducts as unknown as Shape<T>;

/** Every order a products list may be in (the shop's and the admin's), each ending on the id so pages never overlap. */
const ORDERS = {
  "price-lowtohigh": ["products.unit_price_cents", "asc"],
  "price-hightolow": ["products.unit_price_cents", "desc"],
  "title-atoz": ["products.title", "asc"],
  "title-ztoa": ["products.title", "desc"],
  newest: ["products.created_at", "desc"],
  oldest: ["products.created_at", "asc"],
  "stock-lowtohigh": ["products.stock", "asc"],
} as const satisfies Record<SortId | AdminProductSort, readonly [string, "asc" | "desc"]>;

function sorted<Q extends SelectQueryBuilder<Database, "products", object>>(rows: Q, order: keyof typeof ORDERS): Q {
  const [column, direction] = ORDERS[order];
  return rows.orderBy(column, direction).orderBy("products.id", direction) as Q;
}

/** Up to this many matches, sorting them beats walking the sort-order index. */
const SORT_MATCHES_LIMIT = 2000;

/**
 * One page of the listing: filtered, sorted and paginated in SQL. The count decides the plan: few
 * matches are found by the filter indexes and sorted; many are found by walking the index of the
 * sort order, which stops after one page.
 */
export async function listProducts<T = Product>(
  query: ListingQuery,
  pageSize = PAGE_SIZE,
  shape: Shape<T> = wholeProducts<T>(),
): Promise<Page<T>> {
  const snapshot = await catalogue();
  // Handles (current, old, or ids as older clients send) to ids; a top category covers its
  // subcategories. Values that name nothing are ignored, as they always were.
  const categoryIds = categoriesWithin(snapshot, resolve(snapshot, "category", query.category).ids);
  const brandIds = resolve(snapshot, "brand", query.brand).ids;
  const tags = query.tag ?? [];
  const byVariant = query.size.length > 0 || query.color.length > 0;
  // Products with stock in one of the sizes, and in one of the colours: tests of the masks the
  // triggers keep on each product (a colour beyond the 53 with a bit is asked per product).
  const colorBits = query.color.length
    ? await db.selectFrom("color_counts").select(["id", "bit"]).where("id", "in", query.color).execute()
    : [];
  const colorMask = colorBits.reduce((mask, c) => (c.bit === null ? mask : mask + 2 ** c.bit), 0);
  const colorsWithoutBit = colorBits.filter((c) => c.bit === null).map((c) => c.id);
  // `walk`: checked per product while walking the sort order's index (hasTag).
  const narrow = <Q extends SelectQueryBuilder<Database, "products", object>>(q: Q, walk = false): Q => {
    let narrowed: SelectQueryBuilder<Database, "products", object> = q;
    if (query.size.length) narrowed = narrowed.where(sql<boolean>`(products.size_mask & ${sizeMask(query.size)}) != 0`);
    if (query.color.length) {
      narrowed = narrowed.where((eb) =>
        eb.or([
          sql<boolean>`(products.color_mask & ${colorMask}) != 0`,
          ...(colorsWithoutBit.length ? [hasColorInStock(colorsWithoutBit)] : []),
        ]),
      );
    }
    if (tags.length) narrowed = narrowed.where(hasTag(tags, { walk }));
    return narrowed as Q;
  };

  let total: number;
  if (byVariant || tags.length) {
    let counted = db.selectFrom("products");
    if (categoryIds.length) counted = counted.where("products.category", "in", categoryIds);
    if (brandIds.length) counted = counted.where("products.brand", "in", brandIds);
    const row = await narrow(counted)
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow();
    total = Number(row.total);
  } else {
    // The total is a sum over the counts the triggers keep, however large the catalogue.
    total = await productTotal(categoryIds, brandIds);
  }

  const walkSortIndex = total > SORT_MATCHES_LIMIT;
  let base = db.selectFrom("products");
  if (categoryIds.length) {
    base = base.where(walkSortIndex ? withoutIndex("products.category") : "products.category", "in", categoryIds);
  }
  if (brandIds.length) {
    base = base.where(walkSortIndex ? withoutIndex("products.brand") : "products.brand", "in", brandIds);
  }
  base = narrow(base, walkSortIndex);
  if (total === 0) return pageOf([], 0, query.page, pageSize);
  const rows = sorted(base.select(PRODUCT_COLUMNS), query.sortBy);
  const items = await rows
    .limit(pageSize)
    .offset((query.page - 1) * pageSize)
    .execute();
  return pageOf(await shape(items.map(toProduct)), Number(total), query.page, pageSize);
}

/**
 * One page of a collection's products, for its page and /api. `sortBy` '' is the collection's own
 * order: the owner's (manual) or newest first (automatic). A manual collection (at most 1,000
 * products) is read through `collection_products`: in the owner's order by walking its position
 * index, in another order by sorting its members. An automatic one is its rules' where on
 * `products` (a category rule uses the category index), so it is never stale.
 */
export async function listCollectionProducts<T = Product>(
  collection: Collection,
  sortBy: SortId | "",
  page: number,
  pageSize = PAGE_SIZE,
  shape: Shape<T> = wholeProducts<T>(),
): Promise<Page<T>> {
  const offset = (page - 1) * pageSize;
  if (collection.rules === null) {
    const members = db.selectFrom("collection_products").where("collection_products.collection_id", "=", collection.id);
    const { total } = await members.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
    if (!Number(total)) return pageOf([], 0, page, pageSize);
    const rows =
      sortBy === ""
        ? await members
            .innerJoin("products", "products.id", "collection_products.product_id")
            .select(PRODUCT_COLUMNS)
            .orderBy("collection_products.position")
            .limit(pageSize)
            .offset(offset)
            .execute()
        : await sorted(
            db.selectFrom("products").where("products.id", "in", members.select("collection_products.product_id")).select(PRODUCT_COLUMNS),
            sortBy,
          )
            .limit(pageSize)
            .offset(offset)
            .execute();
    return pageOf(await shape(rows.map(toProduct)), Number(total), page, pageSize);
  }
  const snapshot = await catalogue();
  const { total } = await db
    .selectFrom("products")
    .where(rulesWhere(snapshot, collection.rules))
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  if (!Number(total)) return pageOf([], 0, page, pageSize);
  // As the listing does: many matches are found by walking the sort order's index (decision 0069).
  const matching = db.selectFrom("products").where(rulesWhere(snapshot, collection.rules, { walk: Number(total) > SORT_MATCHES_LIMIT }));
  const rows = await sorted(matching.select(PRODUCT_COLUMNS), sortBy || "newest")
    .limit(pageSize)
    .offset(offset)
    .execute();
  return pageOf(await shape(rows.map(toProduct)), Number(total), page, pageSize);
}

/**
 * The listing's state with every category and brand by its current handle (unknown ones dropped),
 * and whether the address said it otherwise (an old handle, an id): the page answers 301 then.
 */
export async function canonicalListing(query: ListingQuery): Promise<{ query: ListingQuery; moved: boolean }> {
  const snapshot = await catalogue();
  const category = resolve(snapshot, "category", query.category);
  const brand = resolve(snapshot, "brand", query.brand);
  return {
    query: { ...query, category: category.handles, brand: brand.handles },
    moved: category.moved || brand.moved,
  };
}

/**
 * The products the admin's filter chooses (keyword, category with its subcategories, brand), as a
 * query on `products` to select from; null when the keyword has no searchable word (nothing matches).
 * The list, the export and bulk changes all choose with it.
 */
export async function adminProductsWhere(
  query: Pick<AdminProductQuery, "keyword" | "category" | "brand">,
): Promise<SelectQueryBuilder<Database, "products", object> | null> {
  const words = query.keyword ? searchWords(query.keyword) : null;
  if (query.keyword && !words) return null;
  const snapshot = await catalogue();
  let base = db.selectFrom("products");
  if (words) base = base.where(productMatches(words, namedIds(snapshot, words)));
  if (query.category) base = base.where("products.category", "in", categoriesWithin(snapshot, [query.category]));
  if (query.brand) base = base.where("products.brand", "=", query.brand);
  return base;
}

/**
 * The admin's products list: every product, or those the filter chooses (every word of the keyword
 * as a prefix, as the shop's search), in the chosen order; newest first by default.
 */
export async function listProductsForAdmin(query: AdminProductQuery, pageSize = PAGE_SIZE): Promise<Page<Product>> {
  const base = await adminProductsWhere(query);
  if (!base) return pageOf([], 0, query.page, pageSize);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const rows = sorted(base.select(PRODUCT_COLUMNS), query.sort);
  const items = await rows
    .limit(pageSize)
    .offset((query.page - 1) * pageSize)
    .execute();
  return pageOf(await withVariants(items.map(toProduct)), Number(total), query.page, pageSize);
}

export type ListingFacets = { sizes: string[]; colors: Array<{ id: string; name: string; hex: string }> };

const FACETS_TTL_MS = 60_000;
let facets: { at: number; value: Promise<ListingFacets> } | null = null;

/**
 * The sizes and colours the listing's filters offer: those some product has in stock, sizes in
 * their order, the 24 most stocked colours by name. Kept for a minute in each process (a cache
 * that may differ between processes: a filter offered a minute late is harmless).
 */
export function listingFacets(): Promise<ListingFacets> {
  if (!facets || Date.now() - facets.at > FACETS_TTL_MS) {
    const value = loadFacets();
    facets = { at: Date.now(), value };
    value.catch(() => (facets = null));
  }
  return facets.value;
}

async function loadFacets(): Promise<ListingFacets> {
  // Both from what the triggers keep: the distinct size masks (an index-only scan) and the colour counts.
  const [masks, colors] = await Promise.all([
    db.selectFrom("products").select("size_mask").distinct().where("size_mask", "!=", 0).execute(),
    db.selectFrom("color_counts").select(["id", "name", "hex"]).where("n", ">", 0).orderBy("n", "desc").orderBy("id").limit(24).execute(),
  ]);
  const inStock = masks.reduce((all, m) => all | m.size_mask, 0);
  return {
    sizes: ALL_SIZES.filter((_, i) => inStock & (1 << i)),
    colors: colors.sort((a, b) => a.name.localeCompare(b.name)),
  };
}

export async function getProduct(id: string): Promise<Product | null> {
  const row = await db.selectFrom("products").select(PRODUCT_COLUMNS).where("products.id", "=", id).executeTakeFirst();
  return row ? (await withVariants([toProduct(row)], { tags: true }))[0]! : null;
}

/** Home page: the newest products that are in stock. */
export async function featuredProducts<T = Product>(limit = 8, shape: Shape<T> = wholeProducts<T>()): Promise<T[]> {
  const rows = await db
    .selectFrom("products")
    .select(PRODUCT_COLUMNS)
    .where("products.stock", ">", 0)
    .orderBy("products.created_at", "desc")
    .orderBy("products.id", "desc")
    .limit(limit)
    .execute();
  return shape(rows.map(toProduct));
}

/**
 * "You may also like" on a product's page: up to `limit` other products in stock, newest first, of
 * its own category, then (when that has too few) of the rest of its branch of the tree: a
 * subcategory's top category and siblings, a top category's subcategories. Each found by walking
 * the newest-first index (the category checked on the way, as the listing does), which stops
 * after `limit` rows however large the category.
 */
export async function relatedProducts<T = Product>(
  product: Pick<Product, "id" | "category">,
  limit = 4,
  shape: Shape<T> = wholeProducts<T>(),
): Promise<T[]> {
  const newestIn = (categories: string[], count: number) =>
    db
      .selectFrom("products")
      .select(PRODUCT_COLUMNS)
      .where(withoutIndex("products.category"), "in", categories)
      .where("products.stock", ">", 0)
      .where("products.id", "!=", product.id)
      .orderBy("products.created_at", "desc")
      .orderBy("products.id", "desc")
      .limit(count)
      .execute();
  const rows = await newestIn([product.category], limit);
  if (rows.length < limit) {
    const snapshot = await catalogue();
    const top = snapshot.category.get(product.category);
    const branch = categoriesWithin(snapshot, [top?.parentId ?? product.category]).filter((c) => c !== product.category);
    if (branch.length) rows.push(...(await newestIn(branch, limit - rows.length)));
  }
  return shape(rows.map(toProduct));
}

/**
 * Full-text search: every word must match (as a prefix) the product's text or its category's or
 * brand's name; title matches rank first, then bm25.
 * Any text is safe: it is reduced to letter/number words before it reaches FTS5.
 */
export async function searchProducts<T = Product>(
  keyword: string,
  page = 1,
  pageSize = PAGE_SIZE,
  shape: Shape<T> = wholeProducts<T>(),
): Promise<Page<T>> {
  const words = searchWords(keyword);
  if (!words) return pageOf([], 0, page, pageSize);
  // The owner's names of categories and brands count as the product's words.
  const named = namedIds(await catalogue(), words);
  const { total } = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where(productMatches(words, named))
    .executeTakeFirstOrThrow();
  const items = await rankedMatches(words, named)
    .select(PRODUCT_COLUMNS)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return pageOf(await shape(items.map(toProduct)), Number(total), page, pageSize);
}
