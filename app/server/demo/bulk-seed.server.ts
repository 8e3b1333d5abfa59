import { handleFrom } from "#db/handles";
import type { Insertable } from "kysely";
import type { Rule } from "~/lib/catalogue";
import { db, newId, now } from "~/server/database/db.server";
import { forgetCatalogue } from "~/server/catalog/catalogue.server";
import { afterBulkWrite } from "./seed.server";
import type { ProductPhotosTable, ProductsTable, ProductTagsTable, ProductVariantsTable } from "#db/schema";
import { DEMO_PRODUCTS, demoPhotos } from "#db/seed/catalog";

// Generated products by the thousand, for benchmarks and the tests of large catalogs
// (`npm run seed -- --products N`, with `--wide` the large catalogue of issue 49 first). Not part
// of the shop's server build.

const ADJECTIVES = ["Classic", "Essential", "Relaxed", "Slim", "Heritage", "Everyday", "Premium", "Vintage", "Urban", "Active"];
const BENCH_COLOURS = ["black", "white", "navy", "grey", "red", "green", "beige", "blue"];
const NOUNS = ["Tee", "Hoodie", "Jacket", "Jeans", "Shorts", "Dress", "Sneakers", "Boots", "Cap", "Backpack", "Shirt", "Scarf"];

/** Issue 49's scale: 200 categories (40 top ones of 4 subcategories each), 500 brands, 50 automatic collections. */
const WIDE_CATALOGUE = { topCategories: 40, subcategories: 4, brands: 500, collections: 50 } as const;
const SUBCATEGORY_NAMES = ["Tops", "Bottoms", "Outerwear", "Knitwear", "Shoes", "Bags", "Basics", "Sportswear"];
const WORDS = ["linen", "cotton", "wool", "denim", "leather", "summer", "winter", "organic", "recycled", "limited", "classic", "oversized"];
/** 60 tags, the first the most used (as in a shop: a few everywhere, many on a handful). */
const BENCH_TAGS = [...WORDS, ...Array.from({ length: 48 }, (_, i) => `${WORDS[i % WORDS.length]}-${Math.floor(i / WORDS.length) + 26}`)];

/** A well-spread number in [0, 1) for product i (the golden ratio's sequence): runs are repeatable. */
const spread = (i: number, salt = 0) => ((i + 1) * 0.6180339887498949 + salt * 0.7548776662466927) % 1;

type CategoryRow = { id: string; sizes: string };

/** The shop's categories in tree order (each top one, then its subcategories) and brands in order. */
async function catalogueRows(): Promise<{ categories: CategoryRow[]; brands: string[] }> {
  const rows = await db.selectFrom("categories").select(["id", "parent_id", "sizes"]).orderBy("position").orderBy("name").execute();
  const categories = rows.filter((c) => c.parent_id === null).flatMap((top) => [top, ...rows.filter((c) => c.parent_id === top.id)]);
  const brands = await db.selectFrom("brands").select("id").orderBy("position").orderBy("name").execute();
  return { categories, brands: brands.map((b) => b.id) };
}

/** The sizes a generated product comes in, by the kinds its category allows. */
function sizesOf(category: CategoryRow): string[] {
  const kinds = category.sizes.split(",");
  if (kinds.includes("clothing")) return ["S", "M", "L", "XL"];
  if (kinds.includes("footwear")) return ["EU 39", "EU 41", "EU 43"];
  return ["One size"];
}

type BulkOptions = {
  /**
   * Products crowd into the first categories in tree order, a long tail after them, as in a real
   * shop (the first top category and its subcategories get about 29% of them at 200 categories);
   * each gets up to 3 of BENCH_TAGS. Without it, categories and brands are taken in turn and
   * products have no tags (the bench's figures before issue 49).
   */
  wide?: boolean;
};

/**
 * Adds `count` generated products for benchmarks, in one transaction and batches of rows, over
 * the shop's categories and brands (the rows). Deterministic for a given count and catalogue so
 * runs are comparable.
 */
export async function seedBenchmarkProducts(count: number, { wide = false }: BulkOptions = {}): Promise<void> {
  // Each generated product has the photos of a demo product, as a shop has several per product.
  const photoSets = DEMO_PRODUCTS.map((p) => demoPhotos(p));
  const { categories, brands } = await catalogueRows();
  const stamp = now();
  const batchSize = 500;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += batchSize) {
      const rows: Insertable<ProductsTable>[] = [];
      const variants: Insertable<ProductVariantsTable>[] = [];
      const photos: Insertable<ProductPhotosTable>[] = [];
      const tags: Insertable<ProductTagsTable>[] = [];
      for (let i = start; i < Math.min(count, start + batchSize); i++) {
        const priceCents = 500 + ((i * 7919) % 30000);
        const title = `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[(i * 7) % NOUNS.length]} ${i + 1}`;
        const id = newId();
        const category = wide ? categories[Math.floor(categories.length * spread(i) ** 3)]! : categories[i % categories.length]!;
        rows.push({
          id,
          title,
          // A second run repeats the titles: a piece of the random id keeps the handles apart.
          handle: `${handleFrom(title)}-${id.slice(-8)}`,
          description: `${title}: generated benchmark product number ${i + 1}.`,
          category: category.id,
          brand: brands[(i * 3) % brands.length]!,
          image: photoSets[i % photoSets.length]![0]!.src,
          price_cents: priceCents,
          sale_price_cents: i % 4 === 0 ? Math.floor(priceCents * 0.8) : 0,
          stock: 0,
          created_at: stamp,
          updated_at: stamp,
        });
        if (wide) {
          const own = new Set([0, 1, 2].slice(0, i % 4).map((n) => BENCH_TAGS[Math.floor(BENCH_TAGS.length * spread(i, n + 1) ** 2)]!));
          for (const tag of own) tags.push({ product_id: id, tag });
        }
        // Sizes of the category's kind, one or two colours, the stock spread over them; some
        // sizes sold out, as in a real shop.
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
        const sizes = sizesOf(category);
        const colours = i % 3 === 0 ? ["black", "white"] : [BENCH_COLOURS[i % BENCH_COLOURS.length]!];
        const total = (i * 13) % 120;
        const each = colours.flatMap((color) => sizes.map((size) => ({ size, color })));
        each.forEach((v, n) =>
          variants.push({
            id: newId(),
            product_id: id,
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
      if (tags.length) await trx.insertInto("product_tags").values(tags).execute();
    }
  });
  await afterBulkWrite();
}

/**
 * The large catalogue of issue 49's scale goal, around the demo's rows: top categories up to 40
 * in all, each with 4 subcategories (200 categories), brands up to 500, and 50 automatic
 * collections of mixed rules (a top category, a brand, a tag, a price below, on sale, in stock,
 * some two at once). Adds only what is missing, so a second run adds nothing. Returns the
 * collections' handles with what their rules are, for the bench to pick from.
 */
export async function seedWideCatalogue(): Promise<Array<{ handle: string; rules: string }>> {
  const stamp = now();
  const { topCategories, subcategories, brands: brandCount, collections: collectionCount } = WIDE_CATALOGUE;
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("categories")
      .select(["id", "handle", "name", "parent_id", "sizes"])
      .orderBy("position")
      .execute();
    const tops = existing.filter((c) => c.parent_id === null);
    const newTops = Array.from({ length: Math.max(0, topCategories - tops.length) }, (_, n) => {
      const name = `Department ${tops.length + n + 1}`;
      return { id: newId(), handle: handleFrom(name), name, parent_id: null, sizes: "clothing,footwear,none", position: tops.length + n };
    });
    const subs = [...tops, ...newTops].flatMap((top) => {
      const own = existing.filter((c) => c.parent_id === top.id).length;
      return Array.from({ length: Math.max(0, subcategories - own) }, (_, n) => {
        const name = SUBCATEGORY_NAMES[(own + n) % SUBCATEGORY_NAMES.length]!;
        const handle = handleFrom(`${top.handle}-${name}`);
        return { id: newId(), handle, name, parent_id: top.id, sizes: top.sizes, position: own + n };
      });
    });
    // Tops first: a subcategory's parent must exist.
    for (const rows of [newTops, subs]) {
      if (rows.length)
        await trx
          .insertInto("categories")
          .values(rows.map((r) => ({ ...r, created_at: stamp, updated_at: stamp })))
          .execute();
    }
    const { n } = await trx
      .selectFrom("brands")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const missing = Math.max(0, brandCount - Number(n));
    for (let start = 0; start < missing; start += 200) {
      await trx
        .insertInto("brands")
        .values(
          Array.from({ length: Math.min(200, missing - start) }, (_, k) => {
            const name = `Label ${Number(n) + start + k + 1}`;
            return { id: newId(), handle: handleFrom(name), name, position: Number(n) + start + k, created_at: stamp, updated_at: stamp };
          }),
        )
        .execute();
    }
  });
  forgetCatalogue();
  const { brands } = await catalogueRows();
  const topIds = (await db.selectFrom("categories").select("id").where("parent_id", "is", null).orderBy("position").execute()).map(
    (c) => c.id,
  );
  const have = await db.selectFrom("collections").select("handle").where("handle", "like", "edit-%").execute();
  const made = new Set(have.map((c) => c.handle));
  const collections = Array.from({ length: collectionCount }, (_, k) => {
    const top = topIds[Math.floor(k / 6) % topIds.length]!;
    const tag = BENCH_TAGS[k % BENCH_TAGS.length]!;
    const rules: Rule[][] = [
      [{ field: "category", op: "is", value: top }],
      [{ field: "brand", op: "is", value: brands[(k * 7) % brands.length]! }],
      [{ field: "tag", op: "is", value: tag }],
      [
        { field: "category", op: "is", value: top },
        { field: "price", op: "below", value: 20 + (k % 10) * 10 },
      ],
      [
        { field: "onSale", op: "is", value: true },
        { field: "category", op: "is", value: top },
      ],
      [
        { field: "inStock", op: "is", value: true },
        { field: "tag", op: "is", value: tag },
      ],
    ];
    return { handle: `edit-${k + 1}`, rules: rules[k % rules.length]! };
  });
  const toAdd = collections.flatMap((c, k) => (made.has(c.handle) ? [] : [{ ...c, k }]));
  if (toAdd.length) {
    await db
      .insertInto("collections")
      .values(
        toAdd.map(({ handle, rules, k }) => ({
          id: newId(),
          handle,
          name: `Edit ${k + 1}`,
          rules: JSON.stringify(rules),
          // A few on the home page and in the menu, as an owner would feature them.
          on_home: Number(k < 2),
          in_menu: Number(k < 4),
          position: 100 + k,
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute();
    forgetCatalogue();
  }
  return collections.map((c) => ({ handle: c.handle, rules: c.rules.map((r) => r.field).join("+") }));
}
