import { moveUploadsIntoDatabase } from "~/server/admin/uploads.server";
import { DEMO_ACCOUNTS, config, settingsProblem } from "./config.server";
import { databaseProblem } from "~/server/database/db-errors.server";
import { closeDatabase, databaseLabel, engine, openDatabaseForShop } from "~/server/database/db.server";
import { log } from "./log.server";
import { seedDemoAccounts, seedDemoCatalog, seedDemoOrders } from "~/server/demo/seed.server";
import { dataDirProblem, productionSettingsProblem, refuseToStart } from "./startup.server";

type StartOptions = {
  /**
   * The server's first-start work as well: uploads of old releases moved into the database, and in
   * the demo its catalog, accounts and orders. Commands and tests leave it out (`npm run seed` adds
   * the demo data itself).
   */
  server?: boolean;
};

/**
 * The one way the shop starts, called by the server entry (server.mjs), by each command
 * (scripts/) and by the tests' setup (tests/vitest.start.setup.ts). Importing a module does none
 * of this. In order:
 * 1. the settings: one that does not parse (config.server.ts names it), that production refuses,
 *    or a DATA_DIR that cannot be written ends the start with one line, before anything is written;
 * 2. the database, opened and migrated (a failed migration leaves it as it was);
 * 3. for the server, unless the primary process did it already: uploads and the demo's data.
 */
export async function startShop({ server = false }: StartOptions = {}): Promise<void> {
  const problem = settingsProblem() ?? productionSettingsProblem() ?? dataDirProblem();
  if (problem) refuseToStart(problem);
  try {
    await openDatabaseForShop();
  } catch (error) {
    refuseToStart(databaseProblem(error));
  }
  // A worker of several: the primary's startup step has done the rest once already (server.mjs).
  if (!server || config.prepared) return;
  log("info", "database", { engine, at: databaseLabel(), mode: config.isProduction ? "production" : "demo", payments: config.paypalMode });
  if (config.isProduction && !config.smtpUrl) {
    log("warn", "SMTP_URL is not set: e-mails are kept in the outbox (see /admin/mail) and sent once it is");
  }
  if (config.isProduction && !config.contactEmailSetting) {
    log("warn", `SHOP_CONTACT_EMAIL is not set: the owner's notices (returns to receive) go to ${config.contactEmail}`);
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

/** The end of a command or a test file: the database closed, so the process can end. */
export async function stopShop(): Promise<void> {
  await closeDatabase();
}
