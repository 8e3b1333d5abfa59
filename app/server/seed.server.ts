import { BRAND_IDS, CATEGORY_IDS } from "~/lib/constants";
import { amountToCents } from "~/lib/money";
import { DEMO_PRODUCTS, demoImagePath, describe } from "../../db/seed/catalog";
import { DEMO_ACCOUNTS } from "./config.server";
import { db, newId, now } from "./db.server";
import { ensureAccount } from "./users.server";

/** Fills an empty catalog with the demo products. Returns how many were added. */
export async function seedDemoCatalog(): Promise<number> {
  const { count } = await db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  if (Number(count) > 0) return 0;
  const stamp = now();
  await db
    .insertInto("products")
    .values(
      DEMO_PRODUCTS.map((p) => ({
        id: newId(),
        title: p.title,
        description: describe(p),
        category: p.category,
        brand: p.brand,
        image: demoImagePath(p),
        price_cents: amountToCents(p.price),
        sale_price_cents: amountToCents(p.sale),
        stock: p.stock,
        created_at: stamp,
        updated_at: stamp,
      })),
    )
    .execute();
  return DEMO_PRODUCTS.length;
}

/** The demo admin and shopper, created when missing. Returns the e-mails it created. */
export async function seedDemoAccounts(): Promise<string[]> {
  const created: string[] = [];
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    if (await ensureAccount(account)) created.push(account.email);
  }
  return created;
}

const ADJECTIVES = ["Classic", "Essential", "Relaxed", "Slim", "Heritage", "Everyday", "Premium", "Vintage", "Urban", "Active"];
const NOUNS = ["Tee", "Hoodie", "Jacket", "Jeans", "Shorts", "Dress", "Sneakers", "Boots", "Cap", "Backpack", "Shirt", "Scarf"];

/**
 * Adds `count` generated products for benchmarks, in one transaction and batches of rows.
 * Deterministic for a given count so runs are comparable.
 */
export async function seedBenchmarkProducts(count: number): Promise<void> {
  const images = DEMO_PRODUCTS.map(demoImagePath);
  const stamp = now();
  const batchSize = 500;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += batchSize) {
      const rows = [];
      for (let i = start; i < Math.min(count, start + batchSize); i++) {
        const priceCents = 500 + ((i * 7919) % 30000);
        const title = `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[(i * 7) % NOUNS.length]} ${i + 1}`;
        rows.push({
          id: newId(),
          title,
          description: `${title}: generated benchmark product number ${i + 1}.`,
          category: CATEGORY_IDS[i % CATEGORY_IDS.length]!,
          brand: BRAND_IDS[(i * 3) % BRAND_IDS.length]!,
          image: images[i % images.length]!,
          price_cents: priceCents,
          sale_price_cents: i % 4 === 0 ? Math.floor(priceCents * 0.8) : 0,
          stock: (i * 13) % 120,
          created_at: stamp,
          updated_at: stamp,
        });
      }
      await trx.insertInto("products").values(rows).execute();
    }
  });
}
