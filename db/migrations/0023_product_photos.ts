import { sql, type Kysely } from "kysely";

// Issue 42: several photos per product (docs/decisions/0058-product-photos.md). A photo is a row
// here, in the product's order (`position`, 0 is the cover), with its alt text and optionally one
// of the product's colours. Its sizes are files named `<base>-<width>.<avif|webp|jpg>`: uploads keep
// them in the `images` table (base `/uploads/<id>`), the demo ships them in public/demo/photos.
// `src` is the one address an <img> without srcset (and older clients, as `products.image`) uses.
// A photo uploaded through the older `upload-image` endpoint and not saved with a product yet has
// no product (product_id null). Every product's image until now becomes its only photo, with no
// sizes (widths ''), served as it always was.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("product_photos")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.references("products.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`position >= 0`),
    )
    .addColumn("alt", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("color", "text")
    .addColumn("base", "text")
    .addColumn("widths", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("width", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("height", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("src", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("product_photos_by_product").on("product_photos").columns(["product_id", "position"]).execute();
  const products = await db.selectFrom("products").select(["id", "image", "title", "created_at"]).execute();
  for (const product of products) {
    await db
      .insertInto("product_photos")
      .values({
        id: product.id,
        product_id: product.id,
        position: 0,
        alt: product.title,
        src: product.image,
        created_at: product.created_at,
      })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("product_photos").execute();
}
