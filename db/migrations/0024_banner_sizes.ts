import type { Kysely } from "kysely";

// Issue 42: a banner the owner uploads is made in several widths, like a product photo
// (docs/decisions/0058-product-photos.md, "Banners"): files `<base>-<width>.<avif|webp|jpg>` in the
// `images` table, `width`/`height` its largest size. `image` stays the one address older clients
// and an <img> without srcset use. A banner from before (one WebP, or a link) has no sizes
// (widths '') and is served as it always was.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("banners").addColumn("base", "text").execute();
  await db.schema
    .alterTable("banners")
    .addColumn("widths", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("banners")
    .addColumn("width", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("banners")
    .addColumn("height", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["height", "width", "widths", "base"]) await db.schema.alterTable("banners").dropColumn(column).execute();
}
