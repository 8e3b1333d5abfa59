import "./load-env";
// npm run seed -- [--products N [--wide]]
// Without options: the demo catalog and demo accounts (when missing). With --products N: adds N
// generated products in one transaction, for benchmarks; with --wide, first the large catalogue
// of issue 49 (200 categories, 500 brands, 50 automatic collections) and products with tags.
import { parseArgs } from "node:util";
import { databaseLabel } from "~/server/database/db.server";
import { seedDemoAccounts, seedDemoCatalog, seedDemoOrders } from "~/server/demo/seed.server";
import { seedBenchmarkProducts, seedWideCatalogue } from "~/server/demo/bulk-seed.server";
import { startShop, stopShop } from "~/server/platform/start.server";

const { values } = parseArgs({ options: { products: { type: "string" }, wide: { type: "boolean" } } });
const count = values.products === undefined ? undefined : Number(values.products);
if (count !== undefined && (!Number.isInteger(count) || count < 1 || count > 10_000_000)) {
  console.error("--products must be a whole number between 1 and 10000000");
  process.exit(2);
}
await startShop();
console.log(`database: ${databaseLabel()}`);
if (count !== undefined) {
  const started = performance.now();
  if (values.wide) {
    const collections = await seedWideCatalogue();
    console.log(`wide catalogue: ${collections.map((c) => `${c.handle}=${c.rules}`).join(" ")}`);
  }
  await seedBenchmarkProducts(count, { wide: values.wide });
  const seconds = (performance.now() - started) / 1000;
  console.log(`added ${count} products in ${seconds.toFixed(2)} s (${Math.round(count / seconds)} rows/s)`);
} else {
  console.log(`demo catalog: added ${await seedDemoCatalog()} products`);
  const accounts = await seedDemoAccounts();
  console.log(`demo accounts: ${accounts.length ? `created ${accounts.join(", ")}` : "already present"}`);
  console.log(`demo orders: added ${await seedDemoOrders()}`);
}
await stopShop();
