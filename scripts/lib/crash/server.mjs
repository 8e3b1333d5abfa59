// The server under test: build check, temporary DATA_DIR/PostgreSQL database, its process, cleanup.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { plural, sleep } from "./util.mjs";

const root = path.resolve(import.meta.dirname, "../../..");
const serverBuild = path.join(root, "build/server/index.js");

function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Builds the app when the sources are newer than the build (not with --no-build); exits 1 without a build. */
export function ensureBuild(noBuild) {
  if (!noBuild) {
    const sources = ["app", "db", "public", "vite.config.ts", "react-router.config.ts", "package.json"]
      .map((p) => path.join(root, p))
      .filter((p) => fs.existsSync(p));
    const stale = !fs.existsSync(serverBuild) || Math.max(...sources.map(newestMtime)) > fs.statSync(serverBuild).mtimeMs;
    if (stale) {
      console.log("building the app first...");
      const built = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], { cwd: root, encoding: "utf8" });
      if (built.status !== 0) {
        console.error(`build failed:\n${built.stdout}\n${built.stderr}`);
        process.exit(1);
      }
    }
  }
  if (!fs.existsSync(serverBuild)) {
    console.error("build/server/index.js is missing: run `npx react-router build` or drop --no-build");
    process.exit(1);
  }
}

/** Runs one statement on DATABASE_URL's server (creating or dropping the run's database). */
async function onServer(postgresServer, statement) {
  const admin = new pg.Client({ connectionString: postgresServer.toString() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * The run's server, not started yet: its temporary DATA_DIR and, with `postgresServer` (a URL),
 * a database of the run's own on that server. A server left running and the DATA_DIR are removed
 * when the process exits.
 */
export async function prepareServer({ port, base, postgresServer }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-crash-"));
  const server = {
    port,
    base,
    dataDir,
    dbFile: path.join(dataDir, "shop.db"),
    postgresServer,
    databaseUrl: null,
    pidFile: path.join(dataDir, "server.pid"),
    child: null, // the running child, if any
    log: [], // warn/error lines the server wrote (LOG_LEVEL=warn)
  };
  // PostgreSQL: a database of the run's own on DATABASE_URL's server.
  if (postgresServer) {
    const name = `shop_crash_${randomBytes(4).toString("hex")}`;
    await onServer(postgresServer, `create database ${name}`);
    const databaseUrl = new URL(postgresServer);
    databaseUrl.pathname = `/${name}`;
    server.databaseUrl = databaseUrl.toString();
  }
  process.on("exit", () => cleanup(server));
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      console.error(`\ninterrupted (${signal}): stopping the server and removing ${dataDir}`);
      process.exit(130);
    });
  }
  return server;
}

function cleanup(server) {
  const child = server.child;
  if (child && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

/** Starts server.mjs on the run's data; resolves with the child once /healthz answers. */
export async function startServer(server) {
  const child = spawn(process.execPath, [path.join(root, "server.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DEMO_MODE: "1",
      DATA_DIR: server.dataDir,
      ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}),
      HOST: "127.0.0.1",
      PORT: String(server.port),
      PUBLIC_URL: server.base,
      PAYPAL_MODE: "simulator",
      AUTH_ATTEMPTS_PER_MINUTE: "100000",
      LOG_LEVEL: "warn",
      // The primary and two workers, as a 2-core production server runs; a crash kills them all.
      WEB_CONCURRENCY: "2",
    },
    stdio: ["ignore", "ignore", "pipe"],
    // Its own process group, so a crash (SIGKILL to the group) takes the workers down too.
    detached: true,
  });
  server.child = child;
  child.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  let pending = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop();
    for (const line of lines) if (line.trim()) server.log.push(line);
  });
  const started = Date.now();
  while (Date.now() - started < 20_000) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited during start:\n${server.log.slice(-5).join("\n")}`);
    const health = await fetch(`${server.base}/healthz`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    if (health?.ok) return child;
    await sleep(50);
  }
  throw new Error("server did not answer /healthz within 20 s");
}

/** Crashes the server: SIGKILL to its process group; resolves with the exit once the group is gone. */
export async function killServer(server) {
  // The whole machine's view of a crash: primary and workers die at once.
  process.kill(-server.child.pid, "SIGKILL");
  const exit = await server.child.exited;
  await groupGone(server.child.pid);
  return exit;
}

/** Resolves once no process of the server's group is left (the workers die with the primary). */
async function groupGone(pgid) {
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await sleep(20);
  }
}

/** Sends SIGTERM to the server's primary (a graceful stop); resolves with its exit. */
export function terminateServer(server) {
  process.kill(server.child.pid, "SIGTERM");
  return server.child.exited;
}

/** The end of the run: kills a server still running and drops the run's PostgreSQL database. */
export async function shutdown(server) {
  const child = server.child;
  if (child && child.exitCode === null && child.signalCode === null) {
    process.kill(-child.pid, "SIGKILL");
    await child.exited;
  }
  if (server.databaseUrl)
    await onServer(server.postgresServer, `drop database if exists ${new URL(server.databaseUrl).pathname.slice(1)} with (force)`);
}

/** What the server's log says its recovery did with the payments a crash interrupted. */
export function settledBy(lines) {
  const tally = { "recorded as paid": 0, "stock released": 0, "not reachable": 0, "does not match": 0 };
  for (const line of lines) {
    const msg = line.includes("interrupted payment") ? (JSON.parse(line).msg ?? "") : "";
    for (const key of Object.keys(tally)) if (msg.includes(key)) tally[key]++;
  }
  const total = Object.values(tally).reduce((a, b) => a + b, 0);
  if (!total) return "no interrupted payment to settle";
  return `settled ${plural(total, "interrupted payment")}: ${Object.entries(tally)
    .filter(([, n]) => n)
    .map(([k, n]) => `${n} ${k}`)
    .join(", ")}`;
}
