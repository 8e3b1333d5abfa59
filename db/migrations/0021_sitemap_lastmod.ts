import type { Kysely } from "kysely";

// Issue 40: the sitemap gives each category's page the time of its newest product change. With
// this index that is one short look per category; without it, a walk over the whole catalogue
// (some 120 ms at 100,000 products). Writes barely notice: updated_at changes when the owner
// edits a product, not when stock moves.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("products_category_updated_idx").on("products").columns(["category", "updated_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("products_category_updated_idx").execute();
}
