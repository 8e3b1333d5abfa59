// Starts the shop's HTTP server. The server itself (middleware, headers, limits, the React Router
// app) is typed code in app/server/platform/http-app.server.ts; this file only picks where it
// comes from and runs it:
// - production (`npm start`, systemd's `node server.mjs`): from the build (build/server/index.js);
// - development (`npm run dev`, `node server.mjs --dev`): through Vite's middleware mode, with
//   hot reload and the same Origin check, body limits and payment recovery as production.
// Settings come from the environment or a `.env` file.
//
// In production the shop runs WEB_CONCURRENCY worker processes (Node's cluster) on one port and one
// database; see docs/decisions/0026-worker-processes.md. This process is then the primary: it runs
// the startup work once (settings check, migrations, demo data) in a short-lived process, starts
// the workers, restarts one that dies, and on SIGTERM stops them all gracefully.
import cluster from "node:cluster";
import { isSea } from "node:sea";
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = import.meta.dirname;
if (fs.existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";
// Set before the app loads: PUBLIC_URL's default and the simulator's address follow it.
process.env.PORT ||= dev ? "5173" : "3000";

const dataDir = path.resolve(process.env.DATA_DIR || "./data");
/** Exit codes of a server that cannot listen (sysexits' EX_CONFIG, EX_NOPERM), and the line that says so. */
const CANNOT_LISTEN = { inUse: 78, noPermission: 77 };
function listenProblem(code) {
  const why = { [CANNOT_LISTEN.inUse]: "is in use", [CANNOT_LISTEN.noPermission]: "needs privileges this user lacks" }[code];
  return why && `[shop] cannot listen: port ${process.env.PORT}${process.env.HOST ? ` on ${process.env.HOST}` : ""} ${why}.`;
}
const pidFile = path.join(dataDir, "server.pid");

/** Worker processes: WEB_CONCURRENCY, else every core in production, at most 2 for the demo, 1 in development. */
function workerCount() {
  const configured = Number(process.env.WEB_CONCURRENCY);
  if (Number.isInteger(configured) && configured > 0) return configured;
  if (dev) return 1;
  const cores = os.availableParallelism();
  const production = process.env.NODE_ENV === "production" && process.env.DEMO_MODE !== "1";
  return production ? cores : Math.min(2, cores);
}

if (process.env.SHOP_ROLE === "prepare") {
  // The primary's one-off startup step: the settings checked, the database migrated, the demo
  // data added (startShop, app/server/platform/start.server.ts); then this process ends.
  const { startShop } = await import(path.join(root, "build/server/index.js"));
  await startShop({ server: true });
  process.exit(0);
} else if (!dev && cluster.isPrimary && workerCount() > 1) {
  await runPrimary(workerCount());
} else {
  await runServer();
}

/** The primary's log lines, in the app's format (log.server.ts): one JSON object per line. */
function primaryLog(level, msg, fields = {}) {
  const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
  if (levels[level] < (levels[(process.env.LOG_LEVEL ?? "info").toLowerCase()] ?? levels.info)) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

async function runPrimary(count) {
  // Workers run this file whatever started the primary (`npm start` runs scripts/start.mjs).
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url), args: [] });
  // 1. The startup work, once, before any worker: a refused start ends here with its message.
  const prepared = await new Promise((resolve) => {
    cluster.fork({ SHOP_ROLE: "prepare" }).once("exit", (code, signal) => resolve(signal ? 1 : code));
  });
  if (prepared !== 0) process.exit(prepared);

  // 2. The workers share the port; the primary hands out connections. Workers run with V8 set for
  // one process per core (docs/decisions/0028-work-per-request.md):
  // - the garbage collector works on the worker's own thread: its helper threads would otherwise
  //   take time from the other workers' cores;
  // - the JavaScript heap is capped (WORKER_HEAP_MB, 128 by default; a limit in NODE_OPTIONS
  //   wins): the shop holds some 40 MB, and without a cap V8 lets garbage pile up to several
  //   times that under load, memory a small VPS needs for the database's page cache.
  const heapMb = Number(process.env.WORKER_HEAP_MB) || 128;
  // The single executable takes no Node flags on its command line, only NODE_OPTIONS (which
  // refuses --single-threaded-gc): there the workers get the heap limit alone.
  const nodeOptions = process.env.NODE_OPTIONS ?? "";
  const heapSet = /--max-old-space-size/.test(`${nodeOptions} ${process.execArgv.join(" ")}`);
  cluster.setupPrimary({ execArgv: isSea() ? [] : [...process.execArgv, "--single-threaded-gc"] });
  const workerEnv = heapSet ? {} : { NODE_OPTIONS: `${nodeOptions} --max-old-space-size=${heapMb}`.trim() };
  let stopping = false;
  const started = new Map(); // worker id -> start time
  const fork = () => started.set(cluster.fork({ ...workerEnv, SHOP_ROLE: "worker", SHOP_PREPARED: "1" }).id, Date.now());
  let listening = 0;
  cluster.on("listening", () => {
    if (++listening !== count) return;
    fs.writeFileSync(pidFile, String(process.pid));
    primaryLog("info", "listening", {
      url: `http://${process.env.HOST || "localhost"}:${process.env.PORT}`,
      pid: process.pid,
      workers: count,
    });
  });
  cluster.on("exit", (worker, code, signal) => {
    const age = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    if (listenProblem(code) && !stopping) {
      // Another worker would fail the same way: say why once, and stop.
      stopping = true;
      console.error(listenProblem(code));
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exitCode = 1;
    }
    if (stopping) {
      if (started.size > 0) return;
      if (process.exitCode) process.exit();
      finish(0);
      return;
    }
    primaryLog("error", "worker died; starting another", { pid: worker.process.pid, code, signal });
    // A worker that dies at once would die again at once: wait a second before the next one.
    setTimeout(() => stopping || fork(), age < 5_000 ? 1_000 : 200);
  });
  for (let i = 0; i < count; i++) fork();

  // 3. SIGTERM/SIGINT: every worker drains and stops (as a single server does), then the primary.
  function finish(code) {
    fs.rmSync(pidFile, { force: true });
    primaryLog("info", "stopped");
    process.exit(code);
  }
  function stop(signal) {
    if (stopping) return;
    stopping = true;
    primaryLog("info", "stopping", { signal, workers: started.size });
    if (started.size === 0) finish(0);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => {
      primaryLog("warn", "workers still running after 12 s; killing them");
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      finish(1);
    }, 12_000).unref();
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

async function runServer() {
  let http, app;
  if (dev) {
    const { createServer } = await import("vite");
    const vite = await createServer({ root, server: { middlewareMode: true }, appType: "custom" });
    http = await vite.ssrLoadModule("/app/server/platform/http-app.server.ts");
    await http.startShop({ server: true });
    app = http.createApp({
      vite: { middlewares: vite.middlewares, loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") },
    });
  } else {
    http = await import(path.join(root, "build/server/index.js"));
    // Settings, database and (once, unless the primary did) the demo data, before anything is served.
    await http.startShop({ server: true });
    app = http.createApp({ clientDir: path.join(root, "build/client") });
  }
  const { drain, shutdown, log, startPaymentRecovery, startMailSender, startImportRunner, startBackInStockSweep, startCartReminderSweep } =
    http;

  const port = Number(process.env.PORT);
  const host = process.env.HOST || undefined;
  // A worker of several: the primary owns the pid file, and when the primary is gone, so is this.
  const worker = cluster.isWorker;

  const server = app.listen(port, host, () => {
    if (!worker) fs.writeFileSync(pidFile, String(process.pid));
    log("info", "listening", { url: `http://${host ?? "localhost"}:${port}`, pid: process.pid, mode: dev ? "development" : "production" });
    // Payments a crash left half-way are settled with PayPal (reachable now, simulator included).
    startPaymentRecovery();
    // E-mails waiting in the outbox go out (one sender at a time across processes: a lease).
    startMailSender();
    // Product imports the owner started, or that a stopped process left half-way (issue 50).
    startImportRunner();
    // "E-mail me when it's back" subscriptions whose size has stock again are mailed (issue 51).
    startBackInStockSweep();
    // Carts left behind get their one reminder, when the owner turned reminders on (issue 51).
    startCartReminderSweep();
  });

  // A port that is taken (or not ours to take) ends the start with one line; a primary seeing a
  // worker end this way stops instead of starting another.
  server.on("error", (error) => {
    if (error.code !== "EADDRINUSE" && error.code !== "EACCES") throw error;
    const code = error.code === "EACCES" ? CANNOT_LISTEN.noPermission : CANNOT_LISTEN.inUse;
    if (!worker) console.error(listenProblem(code));
    process.exit(code);
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
        if (!worker) fs.rmSync(pidFile, { force: true });
        log("info", "stopped");
        process.exit(0);
      });
      server.closeIdleConnections?.();
    });
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  if (worker) process.on("disconnect", () => stop("primary gone"));
}
