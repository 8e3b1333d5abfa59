import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type RequestHandler } from "express";
import helmet from "helmet";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import * as productionBuild from "virtual:react-router/server-build";
import { startPaymentRecovery, stopPaymentRecovery } from "~/server/checkout/recovery.server";
import { startMailSender, stopMailSender } from "~/server/mail/outbox.server";
import { startImportRunner, stopImportRunner } from "~/server/admin/import/apply.server";
import { startBackInStockSweep, stopBackInStockSweep } from "~/server/catalog/back-in-stock.server";
import { startCartReminderSweep, stopCartReminderSweep } from "~/server/cart/reminders.server";
import { countingQueries } from "~/server/database/query-count.server";
import { config } from "./config.server";
import { log } from "./log.server";
import { pageCache, stopPageCache } from "./page-cache.server";
import { startShop, stopShop } from "./start.server";
import { CLIENT_ADDRESS_HEADER } from "./rate-limit.server";

// The shop's HTTP layer, the same in every mode: one JSON log line per request, protective
// headers, a graceful stop, CORS for trusted origins, the cross-site check, the page cache for
// visitors (page-cache.server.ts), compression, static files, and the React Router app (whose middleware bounds bodies and answers /api failures as JSON: root.tsx). `server.mjs` runs it: from the build in production,
// through Vite's middleware mode in development (`npm run dev`). See docs/decisions/0023.

export { log, startBackInStockSweep, startCartReminderSweep, startImportRunner, startMailSender, startPaymentRecovery, startShop };

type Options = {
  /** Production: the built client files (build/client). */
  clientDir?: string;
  /** Development: Vite's middlewares (modules, HMR, assets) and a loader for the fresh build. */
  vite?: { middlewares: RequestHandler; loadBuild: () => Promise<ServerBuild> };
};

// In simulator mode a payment in flight calls the simulator over HTTP on this same port.
const SIMULATOR_API = /^\/paypal-sim\/v\d\//;
const PUBLIC_IMAGES = /^\/(uploads|demo)\/|^\/favicon\.(svg|ico)$/;

let stopping = false;
let inFlight = 0;
let onDrained: (() => void) | undefined;

/** Stop taking requests (new ones get 503) and resolve when those in flight have finished. */
export function drain(): Promise<void> {
  stopping = true;
  return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => (onDrained = resolve));
}

/** After the listener closed: no new payment-recovery rounds, the database closed. */
export async function shutdown(): Promise<void> {
  await stopPaymentRecovery();
  await stopMailSender();
  await stopImportRunner();
  await stopBackInStockSweep();
  await stopCartReminderSweep();
  stopPageCache();
  await stopShop();
}

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

const originsOf = (list: string | undefined) =>
  new Set(
    (list ?? "")
      .split(",")
      .map((value) => originOf(value.trim()))
      .filter((origin): origin is string => !!origin),
  );

export function createApp({ clientDir, vite }: Options): express.Express {
  const loadBuild = vite?.loadBuild ?? (async () => productionBuild);
  const app = express();
  app.disable("x-powered-by");
  // The app reads query strings from the Fetch Request; Express need not parse each one (qs) too.
  app.set("query parser", false);
  // Behind a reverse proxy set TRUST_PROXY (e.g. 1 = one hop, or the proxy's address) so the
  // client's address is read from X-Forwarded-For; otherwise those headers are ignored.
  const trustProxy = config.trustProxy;
  app.set("trust proxy", !trustProxy ? false : /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy);

  // COUNT_QUERIES=1: the database queries each request makes, in its log line and, as its
  // headers go out, in X-Database-Queries (the budgets of tests/budgets.ts read it).
  if (config.countQueries) {
    app.use((_req, res, next) =>
      countingQueries((count) => {
        res.locals.databaseQueries = count;
        const writeHead = res.writeHead;
        res.writeHead = function (this: typeof res, ...args: unknown[]) {
          if (!this.headersSent) this.setHeader("X-Database-Queries", String(count.queries));
          return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
        } as typeof res.writeHead;
        next();
      }),
    );
  }

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    const incoming = req.get("X-Request-Id");
    const requestId = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    req.headers["x-request-id"] = requestId;
    // The client's address for the app (rate limits), per TRUST_PROXY; whatever a client sent
    // under this name is overwritten.
    req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? "unknown";
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      log("info", "request", {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        requestId,
        ip: req.ip,
        queries: (res.locals.databaseQueries as { queries: number } | undefined)?.queries,
      });
    });
    next();
  });

  // Protective headers (helmet). The CSP carries a fresh nonce per page, so entry.server sets it;
  // HSTS only where the request came over https. Pages, JSON and scripts are for this origin
  // only (CORP); product and banner images may be shown anywhere, the /api's other-origin
  // clients included.
  app.use(
    helmet({
      contentSecurityPolicy: false,
      strictTransportSecurity: false,
      xFrameOptions: { action: "deny" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use((req, res, next) => {
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (PUBLIC_IMAGES.test(req.path)) res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    next();
  });

  // A graceful stop lets the requests in flight finish and answers new ones 503 meanwhile; the
  // simulator's API stays served for the payments in flight.
  app.use((req, res, next) => {
    if (stopping && !SIMULATOR_API.test(req.path)) {
      res.setHeader("Connection", "close");
      res.setHeader("Retry-After", "5");
      res.status(503).json({ success: false, message: "The shop is restarting. Please try again in a moment." });
      return;
    }
    inFlight++;
    res.once("close", () => {
      inFlight--;
      if (inFlight === 0) onDrained?.();
    });
    next();
  });

  // CORS on /api for the sites in TRUSTED_ORIGINS (a separately hosted client): that exact
  // origin, with cookies, never "*". Other origins get no CORS headers; their preflight is refused.
  const corsOrigins = originsOf(config.trustedOrigins);
  app.use("/api", (req, res, next) => {
    res.vary("Origin");
    const origin = req.get("Origin");
    const allowed = origin !== undefined && corsOrigins.has(origin);
    if (allowed) {
      res.setHeader("Access-Control-Allow-Origin", origin);
      res.setHeader("Access-Control-Allow-Credentials", "true");
      res.setHeader("Access-Control-Expose-Headers", "Retry-After, X-Request-Id");
    }
    if (req.method !== "OPTIONS") return next();
    if (!allowed) {
      res.status(403).json({ success: false, message: "Cross-origin request refused." });
      return;
    }
    res.setHeader("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE");
    res.setHeader("Access-Control-Allow-Headers", "Content-Type, Cache-Control, Pragma, Expires, X-Request-Id");
    res.setHeader("Access-Control-Max-Age", "600");
    res.status(204).end();
  });

  // Cross-site requests: a browser sends Origin (or at least Referer) with every POST; when it
  // names another site the request is refused. Requests with neither are not from a browser page.
  const trustedOrigins = originsOf([config.publicUrlSetting, config.trustedOrigins].filter(Boolean).join(","));
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.get("Origin") ?? originOf(req.get("Referer"));
    if (!origin || origin === `${req.protocol}://${req.get("host")}` || trustedOrigins.has(origin)) return next();
    log("warn", "cross-site request refused", { method: req.method, path: req.path, origin });
    res.status(403).json({ success: false, message: "Cross-site request refused." });
  });

  // What a shared cache may keep (a visitor's catalogue page, the sitemaps) is answered from this
  // process's memory for its s-maxage (PAGE_CACHE_MB; never in development, where pages change as
  // they are edited). In front of compression, so it keeps and replays the bytes sent, per
  // Accept-Encoding. Hits are logged and counted like any request (the lines above).
  app.use(pageCache(vite ? 0 : config.pageCacheMb));
  app.use(compression());

  if (vite) {
    app.use(vite.middlewares);
  } else if (clientDir) {
    app.use("/assets", express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y" }));
    // The built client files do not change while the server runs: list them once, so a page or
    // JSON request goes straight to the app instead of costing a filesystem lookup first.
    // send's type table (mime 1) predates AVIF: the demo's photos (public/demo/photos) are AVIF too.
    express.static.mime.define({ "image/avif": ["avif"] });
    const serveFile = express.static(clientDir, { maxAge: "1h" });
    const files = new Set(
      fs
        .readdirSync(clientDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `/${path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`),
    );
    app.use((req, res, next) => (files.has(req.path) ? serveFile(req, res, next) : next()));
  }

  // Pages and JSON are "private, no-store" unless their route says otherwise (uploaded images, an
  // open shop's catalogue for visitors, sitemaps): set by the app's root middleware
  // (platform/middleware.server.ts, privateByDefault), since the adapter adds a route's headers to
  // any set here rather than replacing them.
  app.all(
    "*",
    createRequestHandler({
      // The build itself in production: React Router then derives its route tables once. Given a
      // function (development, for hot reload) it derives them anew on every request.
      build: vite ? loadBuild : (productionBuild as unknown as ServerBuild),
      mode: vite ? "development" : "production",
    }),
  );
  return app;
}
