import { expect, test } from "@playwright/test";
import http from "node:http";
import { SHOPPER } from "./helpers";

// A separately hosted client (the legacy single-page app, say) on another origin of the same
// site: the e2e server trusts http://127.0.0.1:<its port + 1> (tests/e2e/server.mjs).
const shopOrigin = (baseURL: string) => new URL(baseURL).origin;
const trustedOrigin = (baseURL: string) => `http://127.0.0.1:${Number(new URL(baseURL).port) + 1}`;

/** Serves an empty page on `port`, so the browser's page runs on that origin. */
async function clientSite(port: number): Promise<http.Server> {
  const server = http.createServer((_req, res) =>
    res.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>client</title><p>client</p>"),
  );
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}

test.describe("HTTP", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP only: run once");

  test("a trusted origin's preflight is answered for that origin only, with credentials, never *", async ({ request, baseURL }) => {
    const origin = trustedOrigin(baseURL!);
    const preflight = await request.fetch("/api/auth/login", {
      method: "OPTIONS",
      headers: { Origin: origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
    });
    expect(preflight.status()).toBe(204);
    const headers = preflight.headers();
    expect(headers["access-control-allow-origin"]).toBe(origin);
    expect(headers["access-control-allow-credentials"]).toBe("true");
    expect(headers["access-control-allow-methods"]).toContain("POST");
    expect(headers["access-control-allow-headers"]?.toLowerCase()).toContain("content-type");
    expect(headers["vary"]).toContain("Origin");

    const answer = await request.get("/api/shop/products/get", { headers: { Origin: origin } });
    expect(answer.headers()["access-control-allow-origin"]).toBe(origin);
    expect(answer.headers()["vary"]).toContain("Origin");

    for (const other of ["https://evil.example", `http://127.0.0.1:${Number(new URL(baseURL!).port) + 2}`, "null"]) {
      const refused = await request.fetch("/api/auth/login", {
        method: "OPTIONS",
        headers: { Origin: other, "Access-Control-Request-Method": "POST" },
      });
      expect(refused.status(), other).toBe(403);
      expect(refused.headers()["access-control-allow-origin"], other).toBeUndefined();
      const plain = await request.get("/api/common/feature/get", { headers: { Origin: other } });
      expect(plain.headers()["access-control-allow-origin"], other).toBeUndefined();
      expect(plain.headers()["vary"]).toContain("Origin");
    }
  });

  test("image URLs in /api answers are absolute on the shop's address, and load", async ({ request, baseURL }) => {
    const login = await request.post("/api/auth/login", { data: SHOPPER });
    expect((await login.json()).success).toBe(true);
    const products = await (await request.get("/api/shop/products/get?limit=3")).json();
    for (const product of products.data) {
      expect(product.image.startsWith(`${shopOrigin(baseURL!)}/`), product.image).toBe(true);
      expect((await request.get(product.image)).status()).toBe(200);
    }
    const one = await (await request.get(`/api/shop/products/get/${products.data[0]._id}`)).json();
    expect(one.data.image).toBe(products.data[0].image);
    // The demo shopper's past orders: their item snapshots too.
    const me = (await (await request.get("/api/auth/check-auth")).json()).user;
    const orders = await (await request.get(`/api/shop/order/list/${me.id}`)).json();
    const images = orders.data.flatMap((order: { cartItems: Array<{ image: string }> }) => order.cartItems.map((item) => item.image));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image.startsWith(`${shopOrigin(baseURL!)}/`), image).toBe(true);
  });
});

test("a client page on a trusted origin signs in, reads the shop's JSON and shows its images", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the client is a JavaScript application");
  const origin = trustedOrigin(baseURL!);
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
});

test("a page on an untrusted origin cannot read the shop's JSON", async ({ page, baseURL, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "needs JavaScript");
  const port = Number(new URL(baseURL!).port) + 2;
  const site = await clientSite(port);
  try {
    await page.goto(`http://127.0.0.1:${port}/`);
    const outcome = await page.evaluate(async (shop) => {
      try {
        await (await fetch(`${shop}/api/shop/products/get`, { credentials: "include" })).json();
        return "read";
      } catch {
        return "blocked";
      }
    }, shopOrigin(baseURL!));
    expect(outcome).toBe("blocked");
  } finally {
    await new Promise((resolve) => site.close(resolve));
  }
});
