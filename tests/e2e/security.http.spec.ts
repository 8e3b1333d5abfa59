import { expect, test } from "./fixtures";
import { ADMIN, SHOPPER, unique } from "./helpers";
import { freePort, startOwnServer } from "./own-server";

test.describe("HTTP edge", () => {
  test("HTML has a nonce CSP that every script carries, and the protective headers", async ({ request }) => {
    const response = await request.get("/auth/login");
    const headers = response.headers();
    const csp = headers["content-security-policy"]!;
    const nonce = csp.match(/'nonce-([^']+)'/)![1]!;
    for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", `script-src 'self' 'nonce-${nonce}'`]) {
      expect(csp).toContain(directive);
    }
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["cache-control"]).toBe("private, no-store");
    expect(headers["strict-transport-security"]).toBeUndefined(); // plain http here
    const again = (await request.get("/auth/login")).headers()["content-security-policy"];
    expect(again).not.toBe(csp);

    const asset = html.match(/\/assets\/[\w.-]+\.js/)![0];
    expect((await request.get(asset)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("a POST from another site is refused with 403; same-site and non-browser posts pass", async ({ request, baseURL }) => {
    const data = { email: SHOPPER.email, password: SHOPPER.password };
    const evil = await request.post("/api/auth/login", { data, headers: { Origin: "https://evil.example" } });
    expect(evil.status()).toBe(403);
    expect(await evil.json()).toEqual({ success: false, message: "Cross-site request refused." });
    const evilReferer = await request.post("/auth/login", {
      form: data,
      headers: { Referer: "https://evil.example/page" },
      maxRedirects: 0,
    });
    expect(evilReferer.status()).toBe(403);
    const form = await request.post("/shop/cart", { form: { intent: "add" }, headers: { Origin: "null" }, maxRedirects: 0 });
    expect(form.status()).toBe(403);
    expect((await request.post("/api/auth/login", { data, headers: { Origin: new URL(baseURL!).origin } })).status()).toBe(200);
    expect((await request.post("/api/auth/login", { data })).status()).toBe(200);
  });

  test("bodies are bounded: 413 above the limit", async ({ request }) => {
    const response = await request.post("/api/auth/login", { data: { email: "x".repeat(300 * 1024), password: "y" } });
    expect(response.status()).toBe(413);
    expect((await response.json()).success).toBe(false);
  });

  test("the upload allowance follows the route, whatever URL form the request takes", async ({ playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    expect((await (await admin.post("/api/auth/login", { data: ADMIN })).json()).success).toBe(true);
    // 1 MB that is no image: over the 256 KB of ordinary routes, within the 8 MB of routes that
    // take an image, which read it and refuse it themselves.
    const multipart = { intent: "upload", bannerFile: { name: "a.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(1024 * 1024, 1) } };
    const status = async (url: string) => (await admin.post(url, { multipart, maxRedirects: 0 })).status();
    for (const url of [
      "/admin/dashboard",
      "/admin/dashboard.data",
      "/admin/dashboard/",
      "/admin/features.data",
      "/admin/products.data",
      "/admin/products?index",
      "/api/admin/products/upload-image",
    ]) {
      expect(await status(url), url).not.toBe(413);
    }
    for (const url of [
      "/shop/cart",
      "/shop/cart.data",
      "/_root.data",
      "/auth/login.data",
      "/api/shop/cart/add",
      "/admin/orders.data",
      "/no/such/page.data",
    ]) {
      expect(await status(url), url).toBe(413);
    }
    await admin.dispose();
  });

  test("login and register are limited to 10 tries a minute, then 429 says when to retry; the honeypot stores nothing", async () => {
    const server = startOwnServer(await freePort(), { NODE_ENV: "production", DEMO_MODE: "1", LOG_LEVEL: "warn" });
    const url = server.url;
    try {
      await server.healthy();
      const attempt = () =>
        fetch(`${url}/api/auth/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: SHOPPER.email, password: "wrong-password" }),
        });
      for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(200);
      const limited = await attempt();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await limited.json()).message).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
      const page = await fetch(`${url}/auth/login`, {
        method: "POST",
        body: new URLSearchParams({ email: "someone@example.com", password: "x" }),
      });
      expect(page.status).toBe(429);
      expect(await page.text()).toContain("Too many attempts.");

      const name = unique("bot");
      const bot = await fetch(`${url}/auth/register`, {
        method: "POST",
        body: new URLSearchParams({
          userName: name,
          email: `${name}@example.com`,
          password: "a-good-password",
          website: "https://spam.example",
        }),
        redirect: "manual",
      });
      expect(bot.status).toBe(302);
      expect(bot.headers.get("location")).toBe("/auth/login");
      const check = await fetch(`${url}/api/auth/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ userName: name, email: `${name}@example.com`, password: "a-good-password" }),
      });
      expect((await check.json()).success).toBe(true); // the bot's account was never created
    } finally {
      await server.stop();
    }
  });
});
