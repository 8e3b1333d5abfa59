// The production HTTP server: static files, one JSON log line per request, the React Router app,
// and a graceful stop. `npm start` runs it (after building when needed); systemd can run
// `node server.mjs` directly. Settings come from the environment or a `.env` file.
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { matchRoutes } from "react-router";

const root = import.meta.dirname;
if (fs.existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
process.env.NODE_ENV ??= "production";

const build = await import(path.join(root, "build/server/index.js"));
const { log, shutdown, startPaymentRecovery } = build.entry.module;

const app = express();
app.disable("x-powered-by");
// Behind a reverse proxy set TRUST_PROXY (e.g. 1 = one hop, or the proxy's address) so the
// client's address is read from X-Forwarded-For; otherwise those headers are ignored.
const trustProxy = process.env.TRUST_PROXY;
app.set("trust proxy", !trustProxy ? false : /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy);
app.use(compression());

app.use((req, res, next) => {
  const started = process.hrtime.bigint();
  const incoming = req.get("X-Request-Id");
  const requestId = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
  req.headers["x-request-id"] = requestId;
  res.setHeader("X-Request-Id", requestId);
  res.on("finish", () => {
    log("info", "request", {
      method: req.method,
      path: req.path,
      status: res.statusCode,
      durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      requestId,
      ip: req.ip,
    });
  });
  next();
});

// Security headers on every response; HSTS only where the request came over https.
app.use((req, res, next) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
  res.setHeader("X-Frame-Options", "DENY");
  if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  next();
});

// A graceful stop lets the requests in flight finish before the listener closes, and answers new
// ones 503 meanwhile. The PayPal simulator's API stays served: in simulator mode a payment in
// flight calls it over HTTP on this same port.
let stopping = false;
let inFlight = 0;
let onDrained = null;
const SIMULATOR_API = /^\/paypal-sim\/v\d\//;
app.use((req, res, next) => {
  if (stopping && !SIMULATOR_API.test(req.path)) {
    res.setHeader("Connection", "close");
    res.setHeader("Retry-After", "5");
    return res.status(503).json({ success: false, message: "The shop is restarting. Please try again in a moment." });
  }
  inFlight++;
  res.once("close", () => {
    inFlight--;
    if (inFlight === 0) onDrained?.();
  });
  next();
});

// Cross-site requests: a browser sends Origin (or at least Referer) with every POST; when it
// names another site the request is refused. TRUSTED_ORIGINS lists extra allowed origins
// (a separately hosted client). Requests with neither header are not from a browser page.
const trustedOrigins = new Set(
  [process.env.PUBLIC_URL, ...(process.env.TRUSTED_ORIGINS ?? "").split(",")].map((value) => originOf(value?.trim())).filter(Boolean),
);
function originOf(value) {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}
// CORS on /api for the sites in TRUSTED_ORIGINS (a separately hosted client): that exact origin,
// with cookies, never "*". Other origins get no CORS headers, so browsers keep their pages from
// reading the answers, and a preflight from them is refused.
const corsOrigins = new Set(
  (process.env.TRUSTED_ORIGINS ?? "")
    .split(",")
    .map((value) => originOf(value.trim()))
    .filter(Boolean),
);
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
  if (!allowed) return res.status(403).json({ success: false, message: "Cross-origin request refused." });
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE");
  res.setHeader("Access-Control-Allow-Headers", "Content-Type, Cache-Control, Pragma, Expires, X-Request-Id");
  res.setHeader("Access-Control-Max-Age", "600");
  res.status(204).end();
});

app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const origin = req.get("Origin") ?? originOf(req.get("Referer"));
  if (!origin || origin === `${req.protocol}://${req.get("host")}` || trustedOrigins.has(origin)) return next();
  log("warn", "cross-site request refused", { method: req.method, path: req.path, origin });
  res.status(403).json({ success: false, message: "Cross-site request refused." });
});

// Request bodies are bounded: 256 KB, or for a multipart body (a file) what the route the request
// is for allows in its `handle.maxBodyBytes` (8 MB where an image is uploaded; the route then
// applies the exact 5 MB rule with its own message). The route is found by matching the path as
// React Router does, so the page URL and the `.data` URL that forms use with JavaScript get the
// same allowance.
const DEFAULT_BODY_LIMIT = 256 * 1024;
const routeTree = routeTreeOf(build.routes);
function routeTreeOf(routes, parentId) {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => ({ ...route, children: routeTreeOf(routes, route.id) }));
}
function bodyLimitFor(req) {
  if (!req.is("multipart/form-data")) return DEFAULT_BODY_LIMIT;
  // Single-fetch data URLs: /_root.data for "/", /a/b.data for /a/b.
  const page = req.path === "/_root.data" ? "/" : req.path.replace(/\.data$/, "");
  const leaf = matchRoutes(routeTree, page)?.at(-1)?.route;
  return leaf?.module.handle?.maxBodyBytes ?? DEFAULT_BODY_LIMIT;
}
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const limit = bodyLimitFor(req);
  const length = req.get("Content-Length");
  if (length === undefined && req.get("Transfer-Encoding")) {
    return res.status(411).json({ success: false, message: "Send the request with a Content-Length." });
  }
  if (Number(length ?? 0) > limit) {
    res.setHeader("Connection", "close");
    return res.status(413).json({ success: false, message: `Request too large: at most ${Math.round(limit / 1024)} KB here.` });
  }
  next();
});

const client = path.join(root, "build/client");
app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(client, { maxAge: "1h" }));

// Pages and JSON depend on the session: never cached by browsers or proxies unless a route says so.
app.use((req, res, next) => {
  res.setHeader("Cache-Control", "private, no-store");
  next();
});
app.all(
  "*",
  createRequestHandler({
    build,
    // The client address (per TRUST_PROXY) for rate limits, and the request id for error logs.
    getLoadContext: (req) => ({ ip: req.ip ?? "unknown", requestId: req.get("X-Request-Id") }),
  }),
);

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || undefined;
const dataDir = path.resolve(process.env.DATA_DIR || "./data");
const pidFile = path.join(dataDir, "server.pid");

const server = app.listen(port, host, () => {
  fs.writeFileSync(pidFile, String(process.pid));
  log("info", "listening", { url: `http://${host ?? "localhost"}:${port}`, pid: process.pid });
  // Payments a crash left half-way are settled with PayPal (reachable now, simulator included).
  startPaymentRecovery();
});

// SIGTERM/SIGINT: refuse new requests, let those in flight finish, stop listening, close the database.
function stop(signal) {
  if (stopping) return;
  stopping = true;
  log("info", "stopping", { signal });
  const force = setTimeout(() => {
    log("warn", "requests still open after 10 s; exiting");
    process.exit(1);
  }, 10_000);
  force.unref();
  const drained = inFlight === 0 ? Promise.resolve() : new Promise((resolve) => (onDrained = resolve));
  drained.then(() => {
    server.close(async () => {
      await shutdown();
      fs.rmSync(pidFile, { force: true });
      log("info", "stopped");
      process.exit(0);
    });
    server.closeIdleConnections?.();
  });
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
