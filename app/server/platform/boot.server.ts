import { DEMO_ACCOUNTS, config } from "./config.server";
import { moveUploadsIntoDatabase } from "../admin/uploads.server";
import { databaseLabel, engine } from "./db.server";
import { log } from "./log.server";
import { seedDemoAccounts, seedDemoCatalog, seedDemoOrders } from "./seed.server";

/**
 * Runs once when the server starts (imported by entry.server, after preflight.server has checked
 * the settings): the database is already migrated by db.server; the demo gets its catalog and
 * accounts on first start.
 */
async function boot(): Promise<void> {
  // A worker of several: the primary's startup step has done this once already (server.mjs).
  if (config.prepared) return;
  log("info", "database", { engine, at: databaseLabel(), mode: config.isProduction ? "production" : "demo", payments: config.paypalMode });
  if (config.isProduction && !config.smtpUrl) {
    log("warn", "SMTP_URL is not set: e-mails are kept in the outbox (see /admin/mail) and sent once it is");
  }
  const moved = await moveUploadsIntoDatabase();
  if (moved) log("info", "uploaded images moved into the database", { images: moved });
  if (!config.demoMode) return;
  const products = await seedDemoCatalog();
  if (products) log("info", "demo catalog added", { products });
  await seedDemoAccounts();
  await seedDemoOrders();
  console.log("[shop] demo mode: sign in as");
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    console.log(`[shop]   ${account.role === "admin" ? "admin  " : "shopper"}  ${account.email}  /  ${account.password}`);
  }
}

await boot();
