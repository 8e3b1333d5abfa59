import { expect, test } from "./fixtures";
import { SHOPPER } from "./helpers";
import { freePort } from "./own-server";

// A separately hosted client (the legacy single-page app, say) on another origin of the same
// site: the worker's shop trusts exactly one such origin (shop.trustedOrigin, see fixtures.ts).
const shopOrigin = (baseURL: string) => new URL(baseURL).origin;

test.describe("CORS over HTTP", () => {
  test("a trusted origin's preflight is answered for that origin only, with credentials, never *", async ({ request, shop }) => {
    const origin = shop.trustedOrigin;
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

    for (const other of ["https://evil.example", `http://127.0.0.1:${await freePort()}`, "null"]) {
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
