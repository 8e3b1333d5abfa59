import http from "node:http";
import { expect, test } from "./fixtures";
import { SHOPPER } from "./helpers";
import { freePort } from "./own-server";

// A separately hosted client (the legacy single-page app, say) on another origin of the same
// site: the worker's shop trusts exactly one such origin (shop.trustedOrigin, see fixtures.ts).
const shopOrigin = (baseURL: string) => new URL(baseURL).origin;

/** Serves an empty page on `port`, so the browser's page runs on that origin. */
async function clientSite(port: number): Promise<http.Server> {
  const server = http.createServer((_req, res) =>
    res.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>client</title><p>client</p>"),
  );
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}

// The client is a JavaScript application.
test(
  "a client page on a trusted origin signs in, reads the shop's JSON and shows its images",
  { tag: "@needs-js" },
  async ({ page, baseURL, shop }) => {
    const origin = shop.trustedOrigin;
    const site = await clientSite(Number(new URL(origin).port));
    try {
      await page.goto(`${origin}/`);
      const result = await page.evaluate(
        async ({ shop, account }) => {
          const call = async (path: string, init: RequestInit = {}) => {
            const response = await fetch(`${shop}${path}`, { credentials: "include", ...init });
            return { status: response.status, body: await response.json() };
          };
          const login = await call("/api/auth/login", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify(account),
          });
          // The legacy client asks with cache-disabling headers, which need a preflight.
          const check = await call("/api/auth/check-auth", {
            headers: { "Cache-Control": "no-cache, no-store, must-revalidate, proxy-revalidate", Expires: "0" },
          });
          const products = await call("/api/shop/products/get?limit=2");
          const image = await new Promise<boolean>((resolve) => {
            const img = new Image();
            img.onload = () => resolve(true);
            img.onerror = () => resolve(false);
            img.src = products.body.data[0].image;
          });
          return { login: login.body.success, checked: check.body.user?.email, products: products.body.data.length, image };
        },
        { shop: shopOrigin(baseURL!), account: SHOPPER },
      );
      expect(result).toEqual({ login: true, checked: SHOPPER.email, products: 2, image: true });
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  },
);

test("a page on an untrusted origin cannot read the shop's JSON", { tag: "@needs-js" }, async ({ page, baseURL }) => {
  const port = await freePort();
  const site = await clientSite(port);
  const shop = shopOrigin(baseURL!);
  // The browser's own account of each failed request: a CORS refusal carries corsErrorStatus,
  // a refused connection or a reset does not.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const failures: Array<{ errorText: string; corsError?: string }> = [];
  cdp.on("Network.loadingFailed", (event) => failures.push({ errorText: event.errorText, corsError: event.corsErrorStatus?.corsError }));
  try {
    await page.goto(`http://127.0.0.1:${port}/`);
    const outcome = await page.evaluate(async (shop) => {
      try {
        const response = await fetch(`${shop}/api/shop/products/get`, { credentials: "include" });
        return { read: response.status, error: null };
      } catch (error) {
        // A refused read rejects fetch itself with a TypeError; a JSON that did not parse would
        // be a SyntaxError from .json(), which this never reaches.
        return { read: null, error: (error as Error).name };
      }
    }, shop);
    expect(outcome).toEqual({ read: null, error: "TypeError" });
    // The request reached the shop, which answered without Access-Control-Allow-Origin for this
    // origin, and the browser withheld the answer: that, and only that, is a CORS refusal.
    await expect.poll(() => failures).toContainEqual({ errorText: "net::ERR_FAILED", corsError: "MissingAllowOriginHeader" });
  } finally {
    await cdp.detach();
    await new Promise((resolve) => site.close(resolve));
  }
});
