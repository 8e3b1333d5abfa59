// Starts the shop's HTTP server. The server itself (middleware, headers, limits, the React Router
// app) is typed code in app/server/platform/http-app.server.ts; this file only picks where it
// comes from and runs it:
// - production (`npm start`, systemd's `node server.mjs`): from the build (build/server/index.js);
// - development (`npm run dev`, `node server.mjs --dev`): through Vite's middleware mode, with
//   hot reload and the same Origin check, body limits and payment recovery as production.
// Settings come from the environment or a `.env` file.
import fs from "node:fs";
import path from "node:path";

const root = import.meta.dirname;
if (fs.existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";
// Set before the app loads: PUBLIC_URL's default and the simulator's address follow it.
process.env.PORT ||= dev ? "5173" : "3000";

let http, app;
if (dev) {
  const { createServer } = await import("vite");
  const vite = await createServer({ root, server: { middlewareMode: true }, appType: "custom" });
  http = await vite.ssrLoadModule("/app/server/platform/http-app.server.ts");
  app = http.createApp({
    vite: { middlewares: vite.middlewares, loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") },
  });
} else {
  http = await import(path.join(root, "build/server/index.js"));
  app = http.createApp({ clientDir: path.join(root, "build/client") });
}
const { drain, shutdown, log, startPaymentRecovery } = http;

const port = Number(process.env.PORT);
const host = process.env.HOST || undefined;
const pidFile = path.join(path.resolve(process.env.DATA_DIR || "./data"), "server.pid");

const server = app.listen(port, host, () => {
  fs.writeFileSync(pidFile, String(process.pid));
  log("info", "listening", { url: `http://${host ?? "localhost"}:${port}`, pid: process.pid, mode: dev ? "development" : "production" });
  // Payments a crash left half-way are settled with PayPal (reachable now, simulator included).
  startPaymentRecovery();
});

// SIGTERM/SIGINT: refuse new requests, let those in flight finish, stop listening, close the database.
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
  drain().then(() => {
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
