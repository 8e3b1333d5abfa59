import { DEMO_ACCOUNTS, config } from "./config.server";
import { refuseToStart } from "./startup.server";
import { databaseFile } from "./db.server";
import { log } from "./log.server";
import { seedDemoAccounts, seedDemoCatalog, seedDemoOrders } from "./seed.server";
import "./session.server"; // refuses to start without a usable SESSION_SECRET in production

/**
 * Runs once when the server starts (imported by entry.server): the database is already migrated
 * by db.server; the demo gets its catalog and accounts on first start.
 */
function checkProductionSettings(): void {
  if (!config.isProduction) return;
  if (!process.env.PUBLIC_URL) refuseToStart("PUBLIC_URL is required in production: the https address shoppers use (PayPal sends them back there).");
  const mode = config.paypalMode;
  if (mode === "simulator" && process.env.ALLOW_PAYMENT_SIMULATOR !== "1") {
    refuseToStart("payments would use the PayPal simulator: set PAYPAL_MODE=live (or sandbox) with PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, or ALLOW_PAYMENT_SIMULATOR=1 for a test shop.");
  }
  if (mode !== "simulator" && !(process.env.PAYPAL_CLIENT_ID && process.env.PAYPAL_CLIENT_SECRET)) {
    refuseToStart(`PAYPAL_MODE=${mode} needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.`);
  }
}

async function boot(): Promise<void> {
  checkProductionSettings();
  log("info", "database", { file: databaseFile(), mode: config.isProduction ? "production" : "demo", payments: config.paypalMode });
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
