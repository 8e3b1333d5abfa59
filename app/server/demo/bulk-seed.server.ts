import { handleFrom } from "#db/handles";
import type { Insertable } from "kysely";
import { BRAND_IDS, CATEGORY_IDS } from "~/lib/constants";
import { db, newId, now } from "~/server/database/db.server";
import { afterBulkWrite } from "./seed.server";
import type { ProductPhotosTable, ProductsTable, ProductVariantsTable } from "#db/schema";
import { DEMO_PRODUCTS, demoPhotos } from "#db/seed/catalog";

// Generated products by the thousand, for benchmarks and the tests of large catalogs
// (`npm run seed -- --products N`). Not part of the shop's server build.

const ADJECTIVES = ["Classic", "Essential", "Relaxed", "Slim", "Heritage", "Everyday", "Premium", "Vintage", "Urban", "Active"];
const BENCH_COLOURS = ["black", "white", "navy", "grey", "red", "green", "beige", "blue"];
const NOUNS = ["Tee", "Hoodie", "Jacket", "Jeans", "Shorts", "Dress", "Sneakers", "Boots", "Cap", "Backpack", "Shirt", "Scarf"];

/**
 * Adds `count` generated products for benchmarks, in one transaction and batches of rows.
 * Deterministic for a given count so runs are comparable.
 */
export async function seedBenchmarkProducts(count: number): Promise<void> {
  // Each generated product has the photos of a demo product, as a shop has several per product.
  const photoSets = DEMO_PRODUCTS.map((p) => demoPhotos(p));
  const stamp = now();
  const batchSize = 500;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += batchSize) {
      const rows: Insertable<ProductsTable>[] = [];
      const variants: Insertable<ProductVariantsTable>[] = [];
      const photos: Insertable<ProductPhotosTable>[] = [];
      for (let i = start; i < Math.min(count, start + batchSize); i++) {
        const priceCents = 500 + ((i * 7919) % 30000);
        const title = `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[(i * 7) % NOUNS.length]} ${i + 1}`;
        const id = newId();
        rows.push({
          id,
          title,
          // A second run repeats the titles: a piece of the random id keeps the handles apart.
          handle: `${handleFrom(title)}-${id.slice(-8)}`,
          description: `${title}: generated benchmark product number ${i + 1}.`,
          category: CATEGORY_IDS[i % CATEGORY_IDS.length]!,
          brand: BRAND_IDS[(i * 3) % BRAND_IDS.length]!,
          image: photoSets[i % photoSets.length]![0]!.src,
          price_cents: priceCents,
          sale_price_cents: i % 4 === 0 ? Math.floor(priceCents * 0.8) : 0,
          stock: 0,
          created_at: stamp,
          updated_at: stamp,
        });
        // Sizes of the category's kind, one or two colours, the stock spread over them; some
        // sizes sold out, as in a real shop.
        const product = rows.at(-1)!;
        photoSets[i % photoSets.length]!.forEach((photo, position) =>
          photos.push({
            id: newId(),
            product_id: id,
            position,
            alt: title,
            color: null,
            base: photo.base,
            widths: photo.widths.join(","),
            width: photo.width,
            height: photo.height,
            src: photo.src,
            created_at: stamp,
          }),
        );
        const category = product.category;
        const sizes =
          category === "accessories" ? ["One size"] : category === "footwear" ? ["EU 39", "EU 41", "EU 43"] : ["S", "M", "L", "XL"];
        const colours = i % 3 === 0 ? ["black", "white"] : [BENCH_COLOURS[i % BENCH_COLOURS.length]!];
        const total = (i * 13) % 120;
        const each = colours.flatMap((color) => sizes.map((size) => ({ size, color })));
        each.forEach((v, n) =>
          variants.push({
            id: newId(),
            product_id: product.id,
            size: v.size,
            color: v.color,
            color_hex: "",
            sku: null,
            stock: (i + n) % 5 === 0 ? 0 : Math.floor(total / each.length),
            created_at: stamp,
          }),
        );
      }
      await trx.insertInto("products").values(rows).execute();
      await trx.insertInto("product_variants").values(variants).execute();
      await trx.insertInto("product_photos").values(photos).execute();
    }
  });
  await afterBulkWrite();
}
