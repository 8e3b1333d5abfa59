// The production HTTP server: static files, one JSON log line per request, the React Router app,
// and a graceful stop. `npm start` runs it (after building when needed); systemd can run
// `node server.mjs` directly. Settings come from the environment or a `.env` file.
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = import.meta.dirname;
if (fs.existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
process.env.NODE_ENV ??= "production";

const build = await import(path.join(root, "build/server/index.js"));
const { log, shutdown } = build.entry.module;

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

const client = path.join(root, "build/client");
app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(client, { maxAge: "1h" }));
app.all("*", createRequestHandler({ build }));

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || undefined;
const dataDir = path.resolve(process.env.DATA_DIR || "./data");
const pidFile = path.join(dataDir, "server.pid");

const server = app.listen(port, host, () => {
  fs.writeFileSync(pidFile, String(process.pid));
  log("info", "listening", { url: `http://${host ?? "localhost"}:${port}`, pid: process.pid });
});

// SIGTERM/SIGINT: stop taking connections, let requests in flight finish, close the database.
let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  log("info", "stopping", { signal });
  const force = setTimeout(() => {
    log("warn", "requests still open after 10 s; exiting");
    process.exit(1);
  }, 10_000);
  force.unref();
  server.close(async () => {
    await shutdown();
    fs.rmSync(pidFile, { force: true });
    log("info", "stopped");
    process.exit(0);
  });
  server.closeIdleConnections?.();
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
