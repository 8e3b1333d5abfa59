import { DEMO_ACCOUNTS, config } from "./config.server";
import { databaseFile } from "./db.server";
import { seedDemoAccounts, seedDemoCatalog, seedDemoOrders } from "./seed.server";
import "./session.server"; // refuses to start without a usable SESSION_SECRET in production

/**
 * Runs once when the server starts (imported by entry.server): the database is already migrated
 * by db.server; the demo gets its catalog and accounts on first start.
 */
async function boot(): Promise<void> {
  console.log(`[shop] database: ${databaseFile()}`);
  if (!config.demoMode) return;
  const products = await seedDemoCatalog();
  if (products) console.log(`[shop] demo catalog: added ${products} products`);
  await seedDemoAccounts();
  await seedDemoOrders();
  console.log("[shop] demo mode: sign in as");
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    console.log(`[shop]   ${account.role === "admin" ? "admin  " : "shopper"}  ${account.email}  /  ${account.password}`);
  }
}

await boot();
