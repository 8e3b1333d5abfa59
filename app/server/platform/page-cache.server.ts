import type { RequestHandler, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { LRUCache } from "lru-cache";
import type { MiddlewareFunction } from "react-router";
import { currentUser } from "~/server/accounts/session.server";
import { onSettingsChanged, shopSettings } from "~/server/settings/settings.server";
import { log } from "./log.server";

// The shop's own shared cache (issue 52): what a proxy or CDN in front of the shop may keep (a
// visitor's catalogue page, robots.txt, the sitemaps: `Cache-Control: public, s-maxage=N`) is kept
// in this process for N seconds and answered from memory to the next request without cookies, so
// a shop on one small machine serves its visitors as a CDN would. It sits in the Express layer in
// front of compression, so it keeps the bytes sent (gzip for a client that asked for gzip, plain
// for one that did not, each under its own key: the answer's `Vary`). Bounded by PAGE_CACHE_MB
// (least recently used first out). An owner's change drops every page of this process at once
// (`dropSharedPages`); other processes see it within the page's own s-maxage, as a CDN would.

type Entry = {
  status: number;
  /** The answer's headers as sent, without those that belong to one request (REQUEST_OWN). */
  headers: Array<[string, number | string | string[]]>;
  body: Buffer;
  /** When it was stored (Date.now()), for `Age`. */
  storedAt: number;
};

/** Which request headers pick the variant of an address: the stored answers' `Vary`, lower case. */
type Variants = { vary: string[] };

/** Headers never replayed: this request's own (its id, its date), or the connection's. */
const REQUEST_OWN = new Set([
  "x-request-id",
  "date",
  "set-cookie",
  "age",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
]);

const STATS_EVERY_MS = 60_000;

/** One more at every drop: an answer begun in an older generation is never stored. */
let generation = 0;
let cache: LRUCache<string, Entry | Variants> | null = null;
const counts = { hits: 0, misses: 0, drops: 0 };
let statsTimer: NodeJS.Timeout | undefined;
let lastStats = "";

/**
 * Drops every page this process keeps, and keeps any answer being made now from being stored when
 * it is finished (it may have read what just changed). Called after every change the owner makes
 * (root.tsx's `dropSharedPagesAfterOwnerWrites`, the import runner after each product).
 */
export function dropSharedPages(): void {
  generation++;
  if (cache && cache.size > 0) {
    cache.clear();
    counts.drops++;
  }
}

/** The cache's counters: hits and misses since the start, what it holds now. */
export function pageCacheStats(): { hits: number; misses: number; drops: number; entries: number; bytes: number } {
  return { ...counts, entries: cache ? [...cache.values()].filter((v) => "body" in v).length : 0, bytes: cache?.calculatedSize ?? 0 };
}

/** One "page cache" line with the counters, when they changed since the last one. */
function logStats(): void {
  const stats = pageCacheStats();
  const line = JSON.stringify(stats);
  if (line === lastStats) return;
  lastStats = line;
  log("info", "page cache", stats);
}

/** At shutdown: the last counters, and no more lines. */
export function stopPageCache(): void {
  if (!statsTimer) return;
  clearInterval(statsTimer);
  statsTimer = undefined;
  logStats();
}

/** The directives of a Cache-Control value, lower case, with their values ("s-maxage" → "60"). */
function directives(value: string | undefined | null): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of (value ?? "").split(",")) {
    const [name, arg] = part.split("=", 2);
    const key = name!.trim().toLowerCase();
    if (key) found.set(key, (arg ?? "").trim().replace(/^"|"$/g, ""));
  }
  return found;
}

const headerText = (value: number | string | string[] | undefined): string =>
  value === undefined ? "" : Array.isArray(value) ? value.join(", ") : String(value);

/**
 * How long a shared cache may keep this answer, in seconds, or 0: a 200 saying `public` and
 * `s-maxage=N`, and nothing that makes it one visitor's own (`private`, `no-store`, `no-cache`,
 * a cookie set, `Vary: *`).
 */
export function sharedLifetime(status: number, headers: Record<string, number | string | string[] | undefined>): number {
  if (status !== 200 || headers["set-cookie"] !== undefined) return 0;
  const cc = directives(headerText(headers["cache-control"]));
  if (!cc.has("public") || cc.has("private") || cc.has("no-store") || cc.has("no-cache")) return 0;
  const seconds = /^\d+$/.test(cc.get("s-maxage") ?? "") ? Number(cc.get("s-maxage")) : 0;
  if (varyOf(headers).includes("*")) return 0;
  return seconds;
}

const varyOf = (headers: Record<string, number | string | string[] | undefined>): string[] => [
  ...new Set(
    headerText(headers["vary"])
      .split(",")
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  ),
];

/**
 * An address as a shared cache keys it: the scheme, host and path with its query, as the app sees
 * the request's URL (@react-router/express: behind a trusted proxy, its X-Forwarded-Host too).
 */
const addressOf = (req: ExpressRequest) =>
  `${req.protocol}://${req.get("host") ?? ""}${req.originalUrl}${req.app.enabled("trust proxy") ? ` (${req.get("X-Forwarded-Host") ?? ""})` : ""}`;

/** The key of the variant `req` asks for, given the names the address's answers vary by. */
const variantKey = (address: string, vary: string[], req: ExpressRequest) =>
  [address, ...vary.map((name) => `${name}: ${headerText(req.headers[name])}`)].join("\n");

/**
 * Whether the request may be answered from (and its answer kept in) the shared cache: GET or HEAD,
 * no cookie and no credentials (a signed-in shopper, a cart, a toast: always the app's), and not
 * `Cache-Control: no-store`. `no-cache` (a reload) is answered fresh, and that answer kept.
 */
function usable(req: ExpressRequest): { lookup: boolean; store: boolean } {
  const none = { lookup: false, store: false };
  if (req.method !== "GET" && req.method !== "HEAD") return none;
  if (req.headers.cookie !== undefined || req.headers.authorization !== undefined) return none;
  const cc = directives(req.headers["cache-control"]);
  if (cc.has("no-store")) return none;
  const reload = cc.has("no-cache") || (!req.headers["cache-control"] && /no-cache/i.test(headerText(req.headers.pragma)));
  return { lookup: !reload, store: req.method === "GET" };
}

function find(req: ExpressRequest): Entry | undefined {
  const address = addressOf(req);
  const variants = cache!.get(address);
  if (!variants || "body" in variants) return undefined;
  const entry = cache!.get(variantKey(address, variants.vary, req));
  return entry && "body" in entry ? entry : undefined;
}

function answer(req: ExpressRequest, res: ExpressResponse, entry: Entry): void {
  res.statusCode = entry.status;
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("Age", String(Math.max(0, Math.floor((Date.now() - entry.storedAt) / 1000))));
  res.setHeader("Content-Length", String(entry.body.length));
  // HEAD: the GET's headers, no body.
  res.end(req.method === "HEAD" ? undefined : entry.body);
}

/** Keeps what this response sends (as the client receives it), to store it if it may be kept once finished. */
function record(req: ExpressRequest, res: ExpressResponse, maxBytes: number): void {
  const began = generation;
  const address = addressOf(req);
  const chunks: Buffer[] = [];
  let bytes = 0;
  // Decided once the head is sent (headers final): whether this answer may be kept at all.
  let keeping: boolean | undefined;
  const keep = (chunk: unknown, encoding: unknown) => {
    keeping ??= sharedLifetime(res.statusCode, res.getHeaders()) > 0;
    if (!keeping || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array);
    bytes += buffer.length;
    // Larger than the whole cache: served, never kept.
    if (bytes > maxBytes) {
      keeping = false;
      chunks.length = 0;
      return;
    }
    chunks.push(buffer);
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: ExpressResponse, ...args: Parameters<typeof write>) {
    const result = write.apply(this, args);
    keep(args[0], args[1]);
    return result;
  } as typeof write;
  res.end = function (this: ExpressResponse, ...args: Parameters<typeof end>) {
    const result = end.apply(this, args);
    keep(args[0], args[1]);
    return result;
  } as typeof end;
  res.once("finish", () => {
    if (!keeping) return;
    const headers = res.getHeaders();
    const seconds = sharedLifetime(res.statusCode, headers);
    if (seconds <= 0) return;
    counts.misses++;
    // The owner changed something while this answer was being made: it may show the old.
    if (began !== generation || !cache) return;
    const vary = varyOf(headers);
    const kept = Object.entries(headers).filter(
      (pair): pair is [string, number | string | string[]] => pair[1] !== undefined && !REQUEST_OWN.has(pair[0]),
    );
    const entry: Entry = { status: res.statusCode, headers: kept, body: Buffer.concat(chunks, bytes), storedAt: Date.now() };
    const size = bytes + kept.reduce((sum, [name, value]) => sum + name.length + headerText(value).length + 4, 0) + address.length * 2;
    const ttl = seconds * 1000;
    cache.set(address, { vary }, { ttl, size: address.length + vary.join().length + 16 });
    cache.set(variantKey(address, vary, req), entry, { ttl, size });
  });
}

/**
 * The page cache's middleware: answers from memory what it keeps, and records what may be kept.
 * `megabytes` 0 turns it off (nothing is kept, nothing counted).
 */
export function pageCache(megabytes: number): RequestHandler {
  if (megabytes <= 0) return (_req, _res, next) => next();
  const maxSize = Math.floor(megabytes * 1024 * 1024);
  cache = new LRUCache<string, Entry | Variants>({ maxSize });
  statsTimer ??= setInterval(logStats, STATS_EVERY_MS);
  statsTimer.unref();
  // Settings saved by another process (the shop closed to visitors, its name, its prices' notes)
  // drop this process's pages too, as soon as it reads them (within the settings' own 2 s).
  onSettingsChanged(dropSharedPages);
  const serve = (req: ExpressRequest, res: ExpressResponse, next: () => void, use: { lookup: boolean; store: boolean }) => {
    if (use.lookup) {
      const entry = find(req);
      if (entry) {
        counts.hits++;
        answer(req, res, entry);
        return;
      }
    }
    if (use.store) record(req, res, maxSize);
    next();
  };
  return (req, res, next) => {
    const use = usable(req);
    if (!use.lookup) return serve(req, res, next, use);
    // A page is answered from memory only with the settings read at most 2 s ago (no query when
    // they were): a hit never reaches the app, which would otherwise be what reads them.
    shopSettings().then(
      () => serve(req, res, next, use),
      () => serve(req, res, next, { lookup: false, store: false }),
    );
  };
}

/**
 * Middleware of the whole app (root.tsx, after the session's): any request of the owner's that may
 * change something (not GET or HEAD: a product, a photo, a banner, a category, a collection, the
 * settings, a bulk change, an import started; a page form or /api alike) drops the pages this
 * process keeps once it is answered, whether or not it changed anything: one place that sees every
 * owner's write, including the ones a future route adds. Only the owner changes what visitors'
 * pages show (a shopper's order changes stock, seen within the page's s-maxage as through a CDN).
 */
export const dropSharedPagesAfterOwnerWrites: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS" || currentUser(context)?.role !== "admin") {
    return next();
  }
  try {
    return await next();
  } finally {
    dropSharedPages();
  }
};
