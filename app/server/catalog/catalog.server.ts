import { sql } from "kysely";
import type { AdminProductQuery } from "~/lib/admin-products";
import { PAGE_SIZE, type ListingQuery } from "~/lib/listing";
import { pageOf, type Page } from "~/lib/page";
import type { Product } from "~/lib/product";
import type { ProductRow } from "../../../db/schema";
import { db } from "../platform/db.server";
import { ftsMatchExpression, productMatches, withoutIndex } from "./search-sql.server";

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
] as const;

type ProductFields = Pick<
  ProductRow,
  "id" | "image" | "title" | "description" | "category" | "brand" | "price_cents" | "sale_price_cents" | "stock" | "average_review"
>;

export function toProduct(row: ProductFields): Product {
  return {
    id: row.id,
    image: row.image,
    title: row.title,
    description: row.description,
    category: row.category,
    brand: row.brand,
    priceCents: row.price_cents,
    salePriceCents: row.sale_price_cents,
    stock: row.stock,
    averageRating: Math.round(row.average_review * 10) / 10,
  };
}

/** Up to this many matches, sorting them beats walking the sort-order index. */
const SORT_MATCHES_LIMIT = 2000;

/**
 * One page of the listing: filtered, sorted and paginated in SQL. The count decides the plan: few
 * matches are found by the filter indexes and sorted; many are found by walking the index of the
 * sort order, which stops after one page.
 */
export async function listProducts(query: ListingQuery, pageSize = PAGE_SIZE): Promise<Page<Product>> {
  // The total is a sum over at most 30 (category, brand) counts, however large the catalogue.
  let counted = db.selectFrom("product_counts");
  if (query.category.length) counted = counted.where("category", "in", query.category);
  if (query.brand.length) counted = counted.where("brand", "in", query.brand);
  const { total } = await counted.select((eb) => eb.fn.coalesce(eb.fn.sum<number>("n"), eb.lit(0)).as("total")).executeTakeFirstOrThrow();

  const walkSortIndex = Number(total) > SORT_MATCHES_LIMIT;
  let base = db.selectFrom("products");
  if (query.category.length) {
    base = base.where(walkSortIndex ? withoutIndex("products.category") : "products.category", "in", query.category);
  }
  if (query.brand.length) {
    base = base.where(walkSortIndex ? withoutIndex("products.brand") : "products.brand", "in", query.brand);
  }
  let rows = base.select(PRODUCT_COLUMNS);
  switch (query.sortBy) {
    case "price-lowtohigh":
      rows = rows.orderBy("products.unit_price_cents", "asc").orderBy("products.id", "asc");
      break;
    case "price-hightolow":
      rows = rows.orderBy("products.unit_price_cents", "desc").orderBy("products.id", "desc");
      break;
    case "title-atoz":
      rows = rows.orderBy("products.title", "asc").orderBy("products.id", "asc");
      break;
    case "title-ztoa":
      rows = rows.orderBy("products.title", "desc").orderBy("products.id", "desc");
      break;
  }
  const items = await rows
    .limit(pageSize)
    .offset((query.page - 1) * pageSize)
    .execute();
  return pageOf(items.map(toProduct), Number(total), query.page, pageSize);
}

/**
 * The admin's products list: every product, or those whose text matches the keyword (every word as
 * a prefix, as the shop's search), in the chosen order; newest first by default.
 */
export async function listProductsForAdmin(query: AdminProductQuery, pageSize = PAGE_SIZE): Promise<Page<Product>> {
  const match = query.keyword ? ftsMatchExpression(query.keyword) : null;
  if (query.keyword && !match) return pageOf([], 0, query.page, pageSize);
  const base = match ? db.selectFrom("products").where(productMatches(match)) : db.selectFrom("products");
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  let rows = base.select(PRODUCT_COLUMNS);
  switch (query.sort) {
    case "newest":
      rows = rows.orderBy("products.created_at", "desc").orderBy("products.id", "desc");
      break;
    case "oldest":
      rows = rows.orderBy("products.created_at", "asc").orderBy("products.id", "asc");
      break;
    case "title-atoz":
      rows = rows.orderBy("products.title", "asc").orderBy("products.id", "asc");
      break;
    case "title-ztoa":
      rows = rows.orderBy("products.title", "desc").orderBy("products.id", "desc");
      break;
    case "price-lowtohigh":
      rows = rows.orderBy("products.unit_price_cents", "asc").orderBy("products.id", "asc");
      break;
    case "price-hightolow":
      rows = rows.orderBy("products.unit_price_cents", "desc").orderBy("products.id", "desc");
      break;
    case "stock-lowtohigh":
      rows = rows.orderBy("products.stock", "asc").orderBy("products.id", "asc");
      break;
  }
  const items = await rows
    .limit(pageSize)
    .offset((query.page - 1) * pageSize)
    .execute();
  return pageOf(items.map(toProduct), Number(total), query.page, pageSize);
}

export async function getProduct(id: string): Promise<Product | null> {
  const row = await db.selectFrom("products").select(PRODUCT_COLUMNS).where("products.id", "=", id).executeTakeFirst();
  return row ? toProduct(row) : null;
}

/** Home page: the newest products that are in stock. */
export async function featuredProducts(limit = 8): Promise<Product[]> {
  const rows = await db
    .selectFrom("products")
    .select(PRODUCT_COLUMNS)
    .where("products.stock", ">", 0)
    .orderBy("products.created_at", "desc")
    .orderBy("products.id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toProduct);
}

/**
 * Full-text search: every word must match (as a prefix), title matches rank first, then bm25.
 * Any text is safe: it is reduced to letter/number words before it reaches FTS5.
 */
export async function searchProducts(keyword: string, page = 1, pageSize = PAGE_SIZE): Promise<Page<Product>> {
  const match = ftsMatchExpression(keyword);
  if (!match) return pageOf([], 0, page, pageSize);
  const { total } = await db
    .selectFrom(sql`products_fts`.as("f"))
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where(sql<boolean>`products_fts match ${match}`)
    .executeTakeFirstOrThrow();
  const titleMatch = `{title} : (${match})`;
  const items = await db
    .selectFrom(sql`products_fts`.as("f"))
    .innerJoin("products", (join) => join.on(sql<boolean>`products.rowid = f.rowid`))
    .select(PRODUCT_COLUMNS)
    .where(sql<boolean>`products_fts match ${match}`)
    .orderBy(sql`f.rowid in (select rowid from products_fts where products_fts match ${titleMatch})`, "desc")
    .orderBy(sql`bm25(products_fts, 10.0, 4.0, 2.0, 1.0)`)
    .orderBy("products.id")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return pageOf(items.map(toProduct), Number(total), page, pageSize);
}
