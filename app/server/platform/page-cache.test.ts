import compression from "compression";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dropSharedPages, pageCache, pageCacheStats, sharedLifetime } from "./page-cache.server";

// The page cache in the Express layer as http-app.server.ts mounts it (in front of compression),
// over real HTTP: what a second request gets, per Accept-Encoding, and what is never kept. Each
// answer of the app below says how many times the app was asked, so a cached answer is told from
// a fresh one by its body.

const PUBLIC = "public, max-age=0, s-maxage=60";
let asked = 0;
let server: http.Server;
let base: string;
/** Lets the test finish an answer of /slow when it wants to. */
let releaseSlow: (() => void) | undefined;

beforeAll(async () => {
  const app = express();
  let requests = 0;
  app.use((_req, res, next) => {
    res.setHeader("X-Request-Id", `request-${++requests}`);
    next();
  });
  app.use(pageCache(1));
  app.use(compression());
  const page = (headers: Record<string, string>) => (_req: express.Request, res: express.Response) => {
    asked++;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.vary("Cookie");
    res.type("html").send(`<p>answer ${asked}</p>${"x".repeat(4000)}`);
  };
  app.get("/public", page({ "Cache-Control": PUBLIC }));
  app.get("/cookie", page({ "Cache-Control": PUBLIC, "Set-Cookie": "cart=1" }));
  app.get("/private", page({ "Cache-Control": "private, no-store" }));
  app.get("/no-shared-age", page({ "Cache-Control": "public, max-age=60" }));
  app.get("/vary-star", page({ "Cache-Control": PUBLIC, Vary: "*" }));
  app.get("/slow", (_req, res) => {
    asked++;
    const answer = `<p>answer ${asked}</p>`;
    releaseSlow = () => res.setHeader("Cache-Control", PUBLIC).type("html").send(answer);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => dropSharedPages());

type Got = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** A request with exactly these headers (fetch would add Accept-Encoding of its own). */
function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Got> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        const text = response.headers["content-encoding"] === "gzip" ? gunzipSync(body).toString() : body.toString();
        resolve({ status: response.statusCode!, headers: response.headers, text });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

const answerOf = (got: Got) => /answer \d+/.exec(got.text)?.[0];

describe("the page cache", () => {
  it("answers a second request without cookies from memory: the same body, an Age, that request's own id", async () => {
    const first = await get("/public");
    const second = await get("/public");
    expect(first.headers.age).toBeUndefined();
    expect(answerOf(second)).toBe(answerOf(first));
    expect(second.text).toBe(first.text);
    expect(second.headers.age).toMatch(/^\d+$/);
    expect(second.headers["cache-control"]).toBe(PUBLIC);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    expect(second.headers["content-length"]).toBe(String(Buffer.byteLength(second.text)));
  });

  it("keeps a gzip answer for clients that asked for gzip and a plain one for those that did not", async () => {
    const gzip = { "Accept-Encoding": "gzip" };
    const plain = await get("/public");
    const zipped = await get("/public", gzip);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    // Each its own: the second was made fresh, not the plain one replayed (nor the other way round).
    expect(answerOf(zipped)).not.toBe(answerOf(plain));
    const plainAgain = await get("/public");
    const zippedAgain = await get("/public", gzip);
    expect([plainAgain.headers["content-encoding"], answerOf(plainAgain), plainAgain.headers.age]).toEqual([
      undefined,
      answerOf(plain),
      expect.stringMatching(/^\d+$/),
    ]);
    expect([zippedAgain.headers["content-encoding"], answerOf(zippedAgain), zippedAgain.headers.age]).toEqual([
      "gzip",
      answerOf(zipped),
      expect.stringMatching(/^\d+$/),
    ]);
  });

  it("answers HEAD from the GET it keeps: its headers, no body", async () => {
    const page = await get("/public");
    const head = await get("/public", {}, "HEAD");
    expect(head.headers.age).toMatch(/^\d+$/);
    expect(head.text).toBe("");
    expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(page.text)));
  });

  it("never answers a request with a cookie or credentials from memory, and never keeps its answer", async () => {
    const visitor = await get("/public");
    const withCookie = await get("/public", { Cookie: "session=abc" });
    const withAuth = await get("/public", { Authorization: "Bearer abc" });
    expect(answerOf(withCookie)).not.toBe(answerOf(visitor));
    expect(answerOf(withAuth)).not.toBe(answerOf(withCookie));
    expect(withCookie.headers.age).toBeUndefined();
    // The visitor's own is still what the next visitor gets.
    expect(answerOf(await get("/public"))).toBe(answerOf(visitor));
  });

  it("never keeps an answer that sets a cookie, is private, has no s-maxage, or varies by everything", async () => {
    for (const path of ["/cookie", "/private", "/no-shared-age", "/vary-star"]) {
      const first = await get(path);
      const second = await get(path);
      expect(answerOf(second), path).not.toBe(answerOf(first));
      expect(second.headers.age, path).toBeUndefined();
    }
  });

  it("answers a reload (Cache-Control: no-cache) fresh, and keeps that answer", async () => {
    const first = await get("/public");
    const reload = await get("/public", { "Cache-Control": "no-cache" });
    expect(answerOf(reload)).not.toBe(answerOf(first));
    expect(answerOf(await get("/public"))).toBe(answerOf(reload));
  });

  it("drops every page at once, and never stores an answer begun before the drop", async () => {
    const before = await get("/public");
    dropSharedPages();
    const after = await get("/public");
    expect(answerOf(after)).not.toBe(answerOf(before));

    const slow = get("/slow");
    await expect.poll(() => releaseSlow).toBeDefined();
    dropSharedPages();
    releaseSlow!();
    releaseSlow = undefined;
    const begunBefore = await slow;
    const next = get("/slow");
    await expect.poll(() => releaseSlow).toBeDefined();
    releaseSlow!();
    releaseSlow = undefined;
    // Made fresh: the answer begun before the drop was not kept.
    expect(answerOf(await next)).not.toBe(answerOf(begunBefore));
    // This one was begun after: kept.
    expect((await get("/slow")).headers.age).toMatch(/^\d+$/);
  });

  it("counts hits and misses, and what it holds", async () => {
    const start = pageCacheStats();
    await get("/public");
    await get("/public");
    await get("/private");
    const now = pageCacheStats();
    expect([now.hits - start.hits, now.misses - start.misses, now.entries]).toEqual([1, 1, 1]);
    expect(now.bytes).toBeGreaterThan(4000);
  });
});

describe("sharedLifetime", () => {
  it("is the s-maxage of a public 200 without cookies", () => {
    expect(sharedLifetime(200, { "cache-control": "public, max-age=0, s-maxage=60, stale-while-revalidate=300" })).toBe(60);
    expect(sharedLifetime(200, { "cache-control": "public, max-age=300, s-maxage=3600" })).toBe(3600);
    expect(sharedLifetime(404, { "cache-control": PUBLIC })).toBe(0);
    expect(sharedLifetime(200, { "cache-control": "s-maxage=60" })).toBe(0);
    expect(sharedLifetime(200, { "cache-control": "public, s-maxage=0" })).toBe(0);
    expect(sharedLifetime(200, { "cache-control": "public, no-store, s-maxage=60" })).toBe(0);
    expect(sharedLifetime(200, { "cache-control": PUBLIC, "set-cookie": ["a=1"] })).toBe(0);
    expect(sharedLifetime(200, { "cache-control": PUBLIC, vary: "Accept-Encoding, *" })).toBe(0);
  });
});
