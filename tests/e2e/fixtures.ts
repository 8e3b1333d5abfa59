import { test as base, expect } from "@playwright/test";
import { registerShopper, signIn, type Account } from "./helpers";
import { freePort, startOwnServer } from "./own-server";

export { expect };

/**
 * The demo shop a worker tests against: its address, its data folder, and the one other origin it
 * trusts for CORS (nothing listens there until cors.spec.ts serves its client on it).
 */
type Shop = { url: string; dataDir: string; trustedOrigin: string };

export const test = base.extend<{ shopper: Account }, { shop: Shop }>({
  // One demo shop per worker, on a fresh data folder: tests in parallel workers never see each
  // other's carts, products or banners, and a test that proves a request changed no data
  // (dataFingerprint) is alone on its database.
  shop: [
    async ({}, use) => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      let clientPort = await freePort();
      while (clientPort === port) clientPort = await freePort();
      const trustedOrigin = `http://127.0.0.1:${clientPort}`;
      const server = startOwnServer(port, {
        NODE_ENV: "production",
        DEMO_MODE: "1",
        PUBLIC_URL: url,
        PAYPAL_MODE: "simulator",
        TRUSTED_ORIGINS: trustedOrigin,
        // The suite signs in far more than 10 times a minute; security.spec checks the real limit.
        AUTH_ATTEMPTS_PER_MINUTE: "100000",
        LOG_LEVEL: "warn",
        // One process: the suite's two workers already keep both cores busy. Several workers are
        // tested where they are the subject (startup.http.spec.ts, two-processes.http.spec.ts).
        WEB_CONCURRENCY: "1",
      });
      server.child.stderr?.on("data", (chunk) => process.stderr.write(chunk));
      await server.healthy();
      process.env.SHOP_E2E_DATA_DIR = server.dataDir;
      await use({ url: server.url, dataDir: server.dataDir, trustedOrigin });
      await server.stop();
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
