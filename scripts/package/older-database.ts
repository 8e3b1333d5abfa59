// For npm run test:package: a database as an older release left it (every migration but the
// last), with one product added then, to check that a newer executable migrates it and keeps it.
//   tsx scripts/package/older-database.ts DATA_DIR
import type { Insertable } from "kysely";
import type { ProductsTable } from "#db/schema";
import { Migrator } from "kysely";
import path from "node:path";
import { migrations } from "#db/migrations";
import { openDatabase, withSchemaEdits } from "~/server/database/sqlite.server";

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: tsx scripts/package/older-database.ts DATA_DIR");
const db = openDatabase(path.join(dataDir, "shop.db"));
const names = Object.keys(migrations);
const target = names.at(-2)!;
const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
const { error } = await withSchemaEdits(db, () => migrator.migrateTo(target));
if (error) throw error;
await db
  .insertInto("products")
  .values({
    id: "0123456789abcdef01234567",
    image: "/demo/products/adidas-samba-og.svg",
    title: "Kept Through The Upgrade",
    description: "A product from before the upgrade.",
    category: "men",
    brand: "adidas",
    price_cents: 4200,
    sale_price_cents: 0,
    stock: 3,
    average_review: 0,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    handle: "kept-through-the-upgrade",
  } satisfies Insertable<ProductsTable>)
  .execute();
await db.destroy();
console.log(`${names.length - 1} of ${names.length} migrations applied`);
