import { test as base, expect, type Page } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { allContractProblems, type Exchange } from "#tests/paypal-contract/check";
import { createTestDatabase, dropTestDatabase } from "#tests/postgres/databases";
import { registerShopper, settled, signIn, type Account } from "./helpers";
import { freePort, startOwnServer } from "./own-server";

export { expect };

/**
 * The demo shop a worker tests against: its address, its data folder, and the one other origin it
 * trusts for CORS (nothing listens there until cors.spec.ts serves its client on it).
 */
type Shop = { url: string; dataDir: string; trustedOrigin: string };

/** The engine a project's shops run on: SQLite (a file in the data folder) or PostgreSQL (*-pg projects). */
export type Engine = "sqlite" | "postgres";

/**
 * Whether the worker's shop starts open to visitors (the owner's "Visitors can browse without an
 * account", issue 40): a spec about the open shop says `test.use({ catalogue: "open" })` and runs
 * in workers of its own; every other spec sees the specification's sign-in wall.
 */
export type Catalogue = "closed" | "open";

/**
 * With JavaScript, the shop's pages start their scripts after the page has loaded (decision 0059),
 * so React takes over a page a moment after Playwright's `load`; a click in that moment can be
 * answered without JavaScript, or lost while React takes over a dialog. A person sees the page
 * settle first; so do the tests: in the JavaScript projects, `page.goto` and `page.reload` (every
 * page's, whichever context it is in) return once React has hydrated the page and every dialog
 * on it. Pages that are not the shop's (an image, JSON) and `waitUntil` other than "load" return
 * as Playwright's do.
 */
let settleNavigations = false;

function settleNavigationsOf(proto: Pick<Page, "goto" | "reload">) {
  if ((proto as { settles?: boolean }).settles) return;
  const { goto, reload } = proto;
  proto.goto = async function (this: Page, url, options) {
    const response = await goto.call(this, url, options);
    if (settleNavigations && (options?.waitUntil ?? "load") === "load") await settled(this);
    return response;
  };
  proto.reload = async function (this: Page, options) {
    const response = await reload.call(this, options);
    if (settleNavigations && (options?.waitUntil ?? "load") === "load") await settled(this);
    return response;
  };
  (proto as { settles?: boolean }).settles = true;
}

export const test = base.extend<
  { shopper: Account; settleAfterNavigation: void },
  { shop: Shop; engine: Engine; catalogue: Catalogue; ownShop: boolean }
>({
  browser: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      settleNavigationsOf(Object.getPrototypeOf(await context.newPage()));
      await context.close();
      await use(browser);
    },
    { scope: "worker" },
  ],
  settleAfterNavigation: [
    async ({ javaScriptEnabled }, use) => {
      settleNavigations = javaScriptEnabled;
      await use();
      settleNavigations = false;
    },
    { auto: true },
  ],
  engine: ["sqlite", { scope: "worker", option: true }],
  catalogue: ["closed", { scope: "worker", option: true }],
  // A spec that reshapes the shop for everyone after it (deletes a demo category, puts its own
  // collection in the menu: the owner's catalogue, issue 49) says `test.use({ ownShop: true })`
  // and runs in workers, and so on shops, of its own.
  ownShop: [false, { scope: "worker", option: true }],
  // One demo shop per worker, on a fresh data folder: tests in parallel workers never see each
  // other's carts, products or banners, and a test that proves a request changed no data
  // (dataFingerprint) is alone on its database.
  //
  // On PostgreSQL each worker's shop has a database of its own, created empty and dropped after.
  shop: [
    async ({ engine, catalogue, ownShop: _ownShop }, use) => {
      const databaseUrl = engine === "postgres" ? await createTestDatabase(`e2e_w${test.info().workerIndex}`) : undefined;
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      let clientPort = await freePort();
      while (clientPort === port) clientPort = await freePort();
      const trustedOrigin = `http://127.0.0.1:${clientPort}`;
      const contractLog = path.join(os.tmpdir(), `shop-paypal-exchanges-${port}-${process.pid}.jsonl`);
      const server = startOwnServer(port, {
        NODE_ENV: "production",
        DEMO_MODE: "1",
        PUBLIC_URL: url,
        PAYPAL_MODE: "simulator",
        TRUSTED_ORIGINS: trustedOrigin,
        // The suite signs in far more than 10 times a minute; security.spec checks the real limit.
        AUTH_ATTEMPTS_PER_MINUTE: "100000",
        DISCOUNT_ATTEMPTS_PER_MINUTE: "100000",
        VISITOR_CARTS_PER_MINUTE: "100000",
        // Cart reminders (issue 51) are looked for every second, not every minute: a test ages a
        // cart in the database and its reminder follows at once (off unless the owner turns them on).
        CART_REMINDER_INTERVAL_MS: "1000",
        ...(catalogue === "open" ? { PUBLIC_CATALOGUE: "1" } : {}),
        LOG_LEVEL: "warn",
        // One process: the suite's two workers already keep both cores busy. Several workers are
        // tested where they are the subject (startup.http.spec.ts, two-processes.http.spec.ts).
        WEB_CONCURRENCY: "1",
        // Every exchange with PayPal (the simulator) in the worker's tests, checked at the end.
        PAYPAL_CONTRACT_LOG: contractLog,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      });
      server.child.stderr?.on("data", (chunk) => process.stderr.write(chunk));
      await server.healthy();
      process.env.SHOP_E2E_DATA_DIR = server.dataDir;
      if (databaseUrl) process.env.SHOP_E2E_DATABASE_URL = databaseUrl;
      else delete process.env.SHOP_E2E_DATABASE_URL;
      await use({ url: server.url, dataDir: server.dataDir, trustedOrigin });
      await server.stop();
      if (databaseUrl) await dropTestDatabase(databaseUrl);
      checkPayPalExchanges(contractLog);
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ shop }, use) => use(shop.url),
  // A new shopper, signed in on the page: their own empty cart, no addresses and no orders.
  shopper: async ({ page }, use) => {
    const account = await registerShopper(page.context().request);
    await signIn(page, account);
    await use(account);
  },
});

/**
 * Every exchange between the worker's shop and PayPal (the simulator) against PayPal's OpenAPI
 * files: what the shop's PayPal client sent and every answer. Requests a test sent the simulator
 * itself (some wrong on purpose) have only their answers checked.
 */
function checkPayPalExchanges(file: string) {
  if (!fs.existsSync(file)) return;
  const exchanges = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Exchange);
  fs.rmSync(file, { force: true });
  const fromShop = (e: Exchange) => (e.requestHeaders["user-agent"] ?? "").startsWith("PayPal REST API TypeScript SDK");
  const problems = [
    ...allContractProblems(exchanges.filter(fromShop)),
    ...allContractProblems(
      exchanges.filter((e) => !fromShop(e)),
      { answersOnly: true },
    ),
  ];
  if (problems.length) throw new Error(`PayPal exchanges that depart from PayPal's OpenAPI files:\n${problems.slice(0, 20).join("\n")}`);
}
