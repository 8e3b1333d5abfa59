import type { Collection } from "~/lib/catalogue";
import type { SortId } from "~/lib/constants";
import { PAGE_SIZE } from "~/lib/listing";
import { pageOf, type Page } from "~/lib/page";
import type { Product } from "~/lib/product";
import { db } from "~/server/database/db.server";
import { PRODUCT_COLUMNS, sorted, toProduct, withVariants } from "./catalog.server";
import { catalogue, rulesWhere } from "./catalogue.server";

// A collection's products, one page at a time (issue 49): an automatic collection's are the
// products its rules select now (one SQL where); a manual one's are its rows in the owner's order.
// The storefront's own version until the one in catalog.server.ts (the /api's) is merged; the same
// signature, so either can stay.

/**
 * One page of `collection`'s products in `sortBy` ('' is the collection's own order: the owner's
 * for a manual collection, newest first for an automatic one).
 */
export async function listCollectionProducts(
  collection: Collection,
  sortBy: SortId | "",
  page: number,
  pageSize = PAGE_SIZE,
): Promise<Page<Product>> {
  const offset = (page - 1) * pageSize;
  if (collection.rules === null) {
    const members = db.selectFrom("collection_products").where("collection_id", "=", collection.id);
    const { total } = await members.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow();
    if (Number(total) === 0) return pageOf([], 0, page, pageSize);
    if (sortBy === "") {
      // The owner's order: the page's ids by position, then their products in that order.
      const ids = (await members.select("product_id").orderBy("position").limit(pageSize).offset(offset).execute()).map(
        (r) => r.product_id,
      );
      const rows = ids.length ? await db.selectFrom("products").select(PRODUCT_COLUMNS).where("products.id", "in", ids).execute() : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      const items = ids.flatMap((id) => (byId.has(id) ? [toProduct(byId.get(id)!)] : []));
      return pageOf(await withVariants(items), Number(total), page, pageSize);
    }
    const rows = await sorted(
      db.selectFrom("products").select(PRODUCT_COLUMNS).where("products.id", "in", members.select("product_id")),
      sortBy,
    )
      .limit(pageSize)
      .offset(offset)
      .execute();
    return pageOf(await withVariants(rows.map(toProduct)), Number(total), page, pageSize);
  }
  const snapshot = await catalogue();
  const matching = db.selectFrom("products").where(rulesWhere(snapshot, collection.rules));
  const { total } = await matching.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow();
  if (Number(total) === 0) return pageOf([], 0, page, pageSize);
  const rows = await sorted(matching.select(PRODUCT_COLUMNS), sortBy === "" ? "newest" : sortBy)
    .limit(pageSize)
    .offset(offset)
    .execute();
  return pageOf(await withVariants(rows.map(toProduct)), Number(total), page, pageSize);
}
