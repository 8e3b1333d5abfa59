import { request as playwrightRequest } from "@playwright/test";
import http from "node:http";
import { gunzipSync } from "node:zlib";
import { expect, test } from "./fixtures";
import { freePort, startOwnServer } from "./own-server";
import { ADMIN, SHOPPER, unique } from "./helpers";

// Issue 52, item 2: the shop keeps in memory what a shared cache may keep (a visitor's catalogue
// page: `public, s-maxage=60`) and answers the next visitor from there, with `Age`; never a
// signed-in shopper's page, never an answer that sets a cookie; a change by the owner drops it at
// once; each Accept-Encoding gets its own. Fetched as a visitor's browser without cookies does, over
// node:http so that the test says exactly which headers are sent. Its own shop: the owner's changes.
test.use({ catalogue: "open", ownShop: true });

type Got = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text: string };

/** GET (or HEAD) with exactly these headers; a gzip body is unzipped into `text`. */
function get(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Got> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        const text = response.headers["content-encoding"] === "gzip" ? gunzipSync(body).toString() : body.toString();
        resolve({ status: response.statusCode!, headers: response.headers, body, text });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

const SIGNED_IN_AS = (name: string) => new RegExp(`Logged in as (<!-- -->)?${name}`);

test("a visitor's second request is answered from memory: the same page, with its Age and its own request id", async ({ shop }) => {
  const [product] = (await (await fetch(`${shop.url}/api/shop/products/get?limit=1`)).json()).data as Array<{ handle: string }>;
  for (const path of ["/shop/listing?category=women", `/shop/products/${product!.handle}`]) {
    const first = await get(`${shop.url}${path}`);
    const second = await get(`${shop.url}${path}`);
    expect([path, first.status, second.status]).toEqual([path, 200, 200]);
    expect(second.headers.age, path).toMatch(/^\d+$/);
    expect(second.text).toBe(first.text);
    expect(second.headers["cache-control"]).toBe(first.headers["cache-control"]);
    expect(second.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    // A HEAD is answered from the page too: its headers, no body.
    const head = await get(`${shop.url}${path}`, {}, "HEAD");
    expect([head.status, head.headers.age, head.body.length]).toEqual([200, expect.stringMatching(/^\d+$/), 0]);
  }
});

test("a signed-in shopper's page is never kept nor answered from what visitors get", async ({ shop }) => {
  const path = "/shop/listing?category=men";
  await get(`${shop.url}${path}`);
  const visitor = await get(`${shop.url}${path}`);
  expect(visitor.headers.age).toMatch(/^\d+$/);
  expect(visitor.text).not.toMatch(SIGNED_IN_AS(SHOPPER.userName));

  const shopper = await playwrightRequest.newContext({ baseURL: shop.url });
  expect((await shopper.post("/api/auth/login", { data: SHOPPER })).status()).toBe(200);
  for (let i = 0; i < 2; i++) {
    const page = await shopper.get(path);
    expect(page.status()).toBe(200);
    expect(page.headers()["age"]).toBeUndefined();
    expect(page.headers()["cache-control"]).toBe("private, no-store");
    expect(await page.text()).toMatch(SIGNED_IN_AS(SHOPPER.userName));
  }
  await shopper.dispose();

  // And the next visitor gets the visitor's page, not the shopper's.
  const after = await get(`${shop.url}${path}`);
  expect(after.headers.age).toMatch(/^\d+$/);
  expect(after.text).not.toMatch(SIGNED_IN_AS(SHOPPER.userName));
});

test("a visitor's request with any cookie is answered by the app, never from memory", async ({ shop }) => {
  // What a cookie may change (a chosen country, a toast, a cart) is the app's to say. An answer
  // that sets a cookie is never kept either: no page the shop marks for shared caches sets one
  // (page-caching.server.ts), so that rule is checked on the module itself (page-cache.test.ts).
  const path = `${shop.url}/shop/listing?category=kids`;
  await get(path);
  expect((await get(path)).headers.age).toMatch(/^\d+$/);
  for (let i = 0; i < 2; i++) {
    const withCookie = await get(path, { Cookie: "some=thing" });
    expect([withCookie.status, withCookie.headers.age]).toEqual([200, undefined]);
  }
});

test("the owner's change of a product drops its pages at once: the next visitor sees the new title and price", async ({ shop }) => {
  const admin = await playwrightRequest.newContext({ baseURL: shop.url });
  expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  const title = unique("Cached Belt");
  const product = { description: "A belt to cache", category: "accessories", brand: "zara", salePrice: 0, totalStock: 3 };
  const added = await admin.post("/api/admin/products/add", {
    data: { ...product, title, price: 20, image: "/demo/products/levi-reversible-leather-belt.svg" },
  });
  expect(added.status()).toBe(201);
  const id = (await added.json()).data._id as string;
  const { handle } = (await (await fetch(`${shop.url}/api/shop/products/get/${id}`)).json()).data as { handle: string };
  const pages = [`${shop.url}/shop/products/${handle}`, `${shop.url}/shop/listing?category=accessories&brand=zara`];
  for (const page of pages) {
    await get(page);
    const kept = await get(page);
    expect([page, kept.status, kept.headers.age]).toEqual([page, 200, expect.stringMatching(/^\d+$/)]);
    expect(kept.text).toContain(`>${title}<`);
    expect(kept.text).toContain("$20.00");
  }

  const renamed = unique("Renamed Belt");
  const edited = await admin.put(`/api/admin/products/edit/${id}`, { data: { ...product, title: renamed, price: 17.5 } });
  expect(edited.status()).toBe(200);
  await admin.dispose();
  for (const page of pages) {
    const fresh = await get(page);
    expect([page, fresh.status, fresh.headers.age]).toEqual([page, 200, undefined]);
    expect(fresh.text).toContain(renamed);
    expect(fresh.text).toContain("$17.50");
    // The old title is no text of the page (a photo keeps it as its description: the owner's to change).
    expect(fresh.text).not.toContain(`>${title}<`);
    // And that is what is kept now.
    const again = await get(page);
    expect(again.headers.age).toMatch(/^\d+$/);
    expect(again.text).toBe(fresh.text);
  }
});

test("Vary: a client that asked for gzip and one that did not each get their own answer", async ({ shop }) => {
  const url = `${shop.url}/shop/listing?category=men&brand=nike`;
  const gzip = { "Accept-Encoding": "gzip" };
  const plain = await get(url);
  const zipped = await get(url, gzip);
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.headers["vary"]).toMatch(/Accept-Encoding/);
  // Not the plain answer replayed: made (and zipped) for this client.
  expect([zipped.headers["content-encoding"], zipped.headers.age]).toEqual(["gzip", undefined]);
  expect(zipped.text).toBe(plain.text);

  const plainAgain = await get(url);
  expect([plainAgain.headers["content-encoding"], plainAgain.headers.age]).toEqual([undefined, expect.stringMatching(/^\d+$/)]);
  expect(plainAgain.body.equals(plain.body)).toBe(true);
  const zippedAgain = await get(url, gzip);
  expect([zippedAgain.headers["content-encoding"], zippedAgain.headers.age]).toEqual(["gzip", expect.stringMatching(/^\d+$/)]);
  expect(zippedAgain.body.equals(zipped.body)).toBe(true);
  expect(Number(zippedAgain.headers["content-length"])).toBe(zipped.body.length);
});

test("hits and misses are counted in the log, a hit has its request line, and PAGE_CACHE_MB=0 keeps nothing", async ({ engine }) => {
  // SQLite only: what is logged does not depend on the engine, and a shop of its own costs a start.
  test.skip(engine === "postgres", "the same on both engines");
  for (const megabytes of ["50", "0"]) {
    const server = startOwnServer(await freePort(), {
      NODE_ENV: "production",
      DEMO_MODE: "1",
      PUBLIC_CATALOGUE: "1",
      WEB_CONCURRENCY: "1",
      PAGE_CACHE_MB: megabytes,
    });
    try {
      await server.healthy();
      await get(`${server.url}/shop/home`);
      const second = await get(`${server.url}/shop/home`);
      expect(second.headers.age === undefined).toBe(megabytes === "0");
    } finally {
      await server.stop();
    }
    const lines = server.logLines();
    expect(lines.filter((line) => line.msg === "request" && line.path === "/shop/home")).toHaveLength(2);
    const counters = lines.filter((line) => line.msg === "page cache");
    // The last counters are logged when the shop stops (and every minute they changed).
    if (megabytes === "0") expect(counters).toEqual([]);
    else expect(counters.at(-1)).toMatchObject({ hits: 1, misses: 1, entries: 1, bytes: expect.any(Number) });
  }
});
