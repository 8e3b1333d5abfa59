// npm run crash-test: crash safety of checkout. Runs the built server on a temporary DATA_DIR,
// drives concurrent shoppers through cart, address, order, PayPal-simulator approval and capture,
// kills the server with SIGKILL twice while requests are in flight, restarts it on the same data,
// and finally stops it with SIGTERM under load. Then it reads the database and checks:
// integrity, foreign keys, every order a shopper saw confirmed is paid, every PayPal capture is
// recorded on a paid order (and the other way round), no stock is left held by an unpaid order,
// and stock + sold = starting stock for every product. Prints a report; exits 1 on any failure.
// Options: --no-build (use build/ as it is); CRASH_PORT (3410), CRASH_SHOPPERS (12), CRASH_SEED.
// With DATABASE_URL (postgres://…) the shop runs on a fresh database created on that server for
// the run (dropped afterwards) instead of a SQLite file.
import Database from "better-sqlite3";
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.CRASH_PORT ?? 3410);
const base = `http://127.0.0.1:${port}`;
const shopperCount = Number(process.env.CRASH_SHOPPERS ?? 12);
const noBuild = process.argv.includes("--no-build");

// A small seeded random source, so a failing run can be repeated with CRASH_SEED.
const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
let state = seed || 1;
function random() {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 2 ** 32;
}
const between = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Build (when the sources are newer than the build), temporary data, server process

function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}
const serverBuild = path.join(root, "build/server/index.js");
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

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-crash-"));
const dbFile = path.join(dataDir, "shop.db");

// PostgreSQL: a database of the run's own on DATABASE_URL's server.
const postgresServer = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : null;
let databaseUrl = null;
async function onServer(statement) {
  const admin = new pg.Client({ connectionString: postgresServer.toString() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
if (postgresServer) {
  const name = `shop_crash_${randomBytes(4).toString("hex")}`;
  await onServer(`create database ${name}`);
  databaseUrl = new URL(postgresServer);
  databaseUrl.pathname = `/${name}`;
  databaseUrl = databaseUrl.toString();
}
const pidFile = path.join(dataDir, "server.pid");
let server = null; // the running child, if any
const serverLog = []; // warn/error lines the server wrote (LOG_LEVEL=warn)

function cleanup() {
  if (server && server.exitCode === null && server.signalCode === null) {
    try {
      process.kill(-server.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.on("exit", cleanup);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    console.error(`\ninterrupted (${signal}): stopping the server and removing ${dataDir}`);
    process.exit(130);
  });
}

async function startServer() {
  const child = spawn(process.execPath, [path.join(root, "server.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DEMO_MODE: "1",
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: base,
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
  server = child;
  child.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  let pending = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop();
    for (const line of lines) if (line.trim()) serverLog.push(line);
  });
  const started = Date.now();
  while (Date.now() - started < 20_000) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited during start:\n${serverLog.slice(-5).join("\n")}`);
    const health = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    if (health?.ok) return child;
    await sleep(50);
  }
  throw new Error("server did not answer /healthz within 20 s");
}

// ---------------------------------------------------------------------------------------------
// Reading the database directly (the SQLite file, or the run's PostgreSQL database)

async function openDb() {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return { all: async (text) => (await client.query(text)).rows, close: () => client.end(), sqlite: null };
  }
  const sqlite = new Database(dbFile, { readonly: true, fileMustExist: true });
  return { all: async (text) => sqlite.prepare(text).all(), close: async () => sqlite.close(), sqlite };
}

/** Stock per size and colour (variant): what a payment takes and gives back. */
async function readStock(database) {
  const rows = await database.all(
    `select v.id, v.product_id as "productId", p.title || ' (' || v.size || case when v.color = '' then '' else ', ' || v.color end || ')' as title, v.stock from product_variants v join products p on p.id = v.product_id`,
  );
  return new Map(rows.map((v) => [v.id, v]));
}

/** Orders created by this run, grouped by state; holding = stock taken but not paid. */
async function orderStates(database, known) {
  const rows = (await database.all("select id, payment_status, order_status, stock_reserved from orders")).filter((o) => !known.has(o.id));
  const states = {};
  for (const o of rows) {
    const key =
      o.payment_status === "pending" && o.stock_reserved
        ? "pending, holding stock"
        : `${o.payment_status}${o.payment_status === "pending" ? ", no stock held" : ""}`;
    states[key] = (states[key] ?? 0) + 1;
  }
  return { total: rows.length, states };
}

const formatStates = ({ total, states }) =>
  `${total} orders: ${
    Object.entries(states)
      .sort()
      .map(([k, v]) => `${v} ${k}`)
      .join(", ") || "none"
  }`;

// ---------------------------------------------------------------------------------------------
// HTTP shoppers

const counts = { requests: 0, answered: 0, networkErrors: 0, refusedWhileStopping: 0, byStatus: {} };
let inFlight = 0;
let gracefulStop = false; // set when SIGTERM is sent

class Shopper {
  constructor(n) {
    this.n = n;
    this.cookies = new Map();
    this.user = null;
    this.addressId = null;
  }

  async request(method, url, { json, form } = {}) {
    const headers = { Origin: base };
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (cookie) headers.Cookie = cookie;
    let body;
    if (json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(json);
    } else if (form !== undefined) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(form).toString();
    }
    counts.requests++;
    inFlight++;
    try {
      const response = await fetch(base + url, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(20_000) });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const eq = pair.indexOf("=");
        this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
      const text = await response.text();
      counts.answered++;
      counts.byStatus[response.status] = (counts.byStatus[response.status] ?? 0) + 1;
      // A stopping server answers new requests 503 while those in flight finish.
      if (response.status === 503 && gracefulStop) {
        counts.refusedWhileStopping++;
        throw new NetworkError(`${method} ${url}: 503 while stopping`);
      }
      let data = null;
      try {
        data = JSON.parse(text);
      } catch {
        // not JSON: the page's text is enough
      }
      return { status: response.status, data, location: response.headers.get("location") };
    } catch (error) {
      if (error instanceof NetworkError) throw error;
      counts.networkErrors++;
      throw new NetworkError(`${method} ${url}: ${error.cause?.code ?? error.message}`);
    } finally {
      inFlight--;
    }
  }

  async signUp() {
    const account = { userName: `crash shopper ${this.n}`, email: `crash-${this.n}-${seed}@example.com`, password: "crash-test-password" };
    const registered = await this.request("POST", "/api/auth/register", { json: account });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.data?.message}`);
    const login = await this.request("POST", "/api/auth/login", { json: { email: account.email, password: account.password } });
    if (!login.data?.success) throw new Error(`login failed: ${login.data?.message}`);
    this.user = login.data.user;
    const address = await this.request("POST", "/api/shop/address/add", {
      json: { address: `${this.n} Crash Lane`, city: "Testville", pincode: "4100", phone: "555-0100", notes: "crash test" },
    });
    if (address.status !== 201) throw new Error(`address/add answered ${address.status}`);
    this.addressId = address.data.data._id;
  }

  async emptyCart() {
    const cart = await this.request("GET", `/api/shop/cart/get/${this.user.id}`);
    for (const item of cart.data?.data?.items ?? []) await this.request("DELETE", `/api/shop/cart/${this.user.id}/${item.productId}`);
  }

  /** Approves the PayPal order on the simulator's page (its Pay button posts token + decision). */
  async approve(approvalURL) {
    const token = new URL(approvalURL).searchParams.get("token");
    const answer = await this.request("POST", "/paypal-sim/checkoutnow", { form: { token, decision: "pay" } });
    if (answer.status !== 302 || !answer.location) throw new Error(`approval answered ${answer.status}`);
    const back = new URL(answer.location, base);
    return { paymentId: back.searchParams.get("token"), payerId: back.searchParams.get("PayerID") };
  }
}

class NetworkError extends Error {}

const confirmed = new Set(); // shop order ids whose capture answered success
const refusals = { soldOutCart: 0, soldOutCheckout: 0, soldOutCapture: 0 };
const unexpected = []; // answers that are neither success nor a sold-out refusal
let interrupted = []; // captures sent when the server died or stopped: outcome unknown to the shopper
const cutOff = new Set(); // every order whose capture answer never arrived

function unexpectedAnswer(what, answer) {
  unexpected.push(`${what} answered ${answer.status}: ${answer.data?.message ?? ""}`);
}

async function capture(shopper, attempt) {
  let answer;
  try {
    answer = await shopper.request("POST", "/api/shop/order/capture", {
      json: { paymentId: attempt.paymentId, payerId: attempt.payerId, orderId: attempt.orderId },
    });
  } catch (error) {
    if (error instanceof NetworkError) {
      interrupted.push({ shopper, ...attempt });
      cutOff.add(attempt.orderId);
    }
    throw error;
  }
  if (answer.status === 200 && answer.data?.success) confirmed.add(answer.data.data.orderId);
  else if (answer.status === 409) refusals.soldOutCapture++;
  else unexpectedAnswer("capture", answer);
}

/** One shopper's loop: fill the cart, check out, approve, capture; until the phase ends. */
async function shop(shopper, phase, products) {
  while (phase.active) {
    try {
      const picks = new Set();
      const lines = between(1, 3);
      for (let i = 0; i < lines; i++) {
        const pool = random() < 0.5 ? products.scarce : products.all;
        picks.add(pool[Math.floor(random() * pool.length)]);
      }
      let added = 0;
      for (const { productId, variantId } of picks) {
        if (!phase.active) return;
        const answer = await shopper.request("POST", "/api/shop/cart/add", {
          json: { productId, variantId, quantity: random() < 0.75 ? 1 : 2 },
        });
        if (answer.status === 200) added++;
        else if (answer.status === 409 || answer.status === 400) refusals.soldOutCart++;
        else unexpectedAnswer("cart/add", answer);
      }
      if (!phase.active) return;
      if (!added) continue;
      const created = await shopper.request("POST", "/api/shop/order/create", { json: { addressInfo: { addressId: shopper.addressId } } });
      if (created.status !== 201) {
        if (created.status === 409) refusals.soldOutCheckout++;
        else unexpectedAnswer("order/create", created);
        await shopper.emptyCart();
        continue;
      }
      if (!phase.active) return;
      const paypal = await shopper.approve(created.data.approvalURL);
      if (!phase.active) return;
      const before = confirmed.size;
      await capture(shopper, { orderId: created.data.orderId, ...paypal });
      if (confirmed.size === before) await shopper.emptyCart();
    } catch (error) {
      if (error instanceof NetworkError) return; // the server went away
      unexpected.push(String(error.message ?? error));
      return;
    }
  }
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

/** Runs every shopper until `stop` (SIGKILL or SIGTERM) is sent after `ms`. */
async function load(shoppers, products, ms, stop) {
  const phase = { active: true };
  const loops = shoppers.map((s) => shop(s, phase, products));
  await sleep(ms);
  phase.active = false;
  const caught = inFlight;
  const interruptedBefore = interrupted.length;
  const result = await stop();
  await Promise.all(loops);
  return { ...result, inFlight: caught, capturesCut: interrupted.length - interruptedBefore };
}

/** Shoppers whose capture got no answer come back to the return page (half of them do). */
async function comeBack() {
  const waiting = interrupted;
  interrupted = [];
  let returned = 0;
  let abandoned = 0;
  for (const attempt of waiting) {
    if (random() < 0.5) {
      abandoned++;
      continue;
    }
    returned++;
    await capture(attempt.shopper, attempt).catch((error) => {
      if (!(error instanceof NetworkError)) throw error;
    });
  }
  return { returned, abandoned };
}

/**
 * Requests sent every 20 ms after SIGTERM until the server is gone, and one after: answered
 * normally until the server has handled the signal, then refused (503 while those in flight
 * finish, then no connection).
 */
async function probeWhileStopping(shopper, exited) {
  let gone = false;
  exited.then(() => (gone = true));
  const cookie = [...shopper.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const probe = () =>
    fetch(`${base}/api/shop/cart/get/${shopper.user.id}`, { headers: { Cookie: cookie }, signal: AbortSignal.timeout(5000) })
      .then((r) => String(r.status))
      .catch((error) => error.cause?.code ?? error.name);
  const results = [];
  while (!gone && results.length < 500) {
    results.push(await probe());
    await sleep(20);
  }
  await exited;
  results.push(await probe()); // and one after the exit
  return results;
}
const taken = (probe) => /^\d+$/.test(probe) && probe !== "503";
function summarize(probes) {
  const runs = [];
  for (const p of probes) {
    if (runs.at(-1)?.[0] === p) runs.at(-1)[1]++;
    else runs.push([p, 1]);
  }
  return runs.map(([p, n]) => `${n} x ${p}`).join(", then ") || "none";
}

/** After a restart the server settles interrupted payments in the background: wait for it. */
async function settled() {
  const deadline = Date.now() + 5000;
  for (;;) {
    const database = await openDb();
    const states = await orderStates(database, knownOrders);
    await database.close();
    if (!states.states["pending, holding stock"] || Date.now() > deadline) return states;
    await sleep(100);
  }
}

/** What the server's log says its recovery did with the payments a crash interrupted. */
function settledBy(lines) {
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

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const cameBack = (c) => `${plural(c.returned, "shopper")} came back to an unanswered capture (${c.abandoned} did not)`;

// ---------------------------------------------------------------------------------------------
// The run

const checks = [];
function check(name, ok, detail = "") {
  checks.push({ name, ok, detail });
}

const started = Date.now();
let knownOrders = new Set(); // demo orders seeded before the run: left out of the accounting
let exitCode = 1;
try {
  console.log(
    `crash test: ${shopperCount} shoppers on ${base}, data in ${databaseUrl ? new URL(databaseUrl).pathname.slice(1) + " (PostgreSQL)" : dataDir}, seed ${seed}\n`,
  );
  await startServer();

  const startDb = await openDb();
  const startStock = await readStock(startDb);
  knownOrders = new Set((await startDb.all("select id from orders")).map((o) => o.id));
  await startDb.close();
  const inStock = [...startStock.values()].filter((p) => p.stock > 0).sort((a, b) => a.stock - b.stock);
  // Half of the picks go to the scarcest products so they sell out and refusals happen.
  const pick = (v) => ({ productId: v.productId, variantId: v.id });
  const products = { all: inStock.map(pick), scarce: inStock.slice(0, 8).map(pick) };
  const totalBefore = [...startStock.values()].reduce((s, p) => s + p.stock, 0);

  const shoppers = Array.from({ length: shopperCount }, (_, i) => new Shopper(i + 1));
  await Promise.all(shoppers.map((s) => s.signUp()));

  for (let round = 1; round <= 2; round++) {
    const ms = between(2000, 5000);
    const came = round === 1 ? null : await comeBack();
    const result = await load(shoppers, products, ms, async () => {
      // The whole machine's view of a crash: primary and workers die at once.
      process.kill(-server.pid, "SIGKILL");
      const exit = await server.exited;
      await groupGone(server.pid);
      return exit;
    });
    const crashed = await openDb();
    // PostgreSQL has no such check to run: its write-ahead log is what survives a crash.
    const integrity = crashed.sqlite ? crashed.sqlite.pragma("integrity_check", { simple: true }) : "not applicable (PostgreSQL)";
    const states = await orderStates(crashed, knownOrders);
    await crashed.close();
    if (crashed.sqlite) check(`integrity_check after SIGKILL ${round}`, integrity === "ok", integrity);
    console.log(
      `round ${round}: ${came ? `${cameBack(came)}; ` : ""}load for ${ms} ms, ` +
        `SIGKILL with ${result.inFlight} requests in flight (${plural(result.capturesCut, "capture")} cut off)`,
    );
    console.log(`  after the crash:   ${formatStates(states)}; integrity ${integrity}`);
    const logFrom = serverLog.length;
    await startServer();
    const after = await settled();
    console.log(`  after the restart: ${formatStates(after)}; ${settledBy(serverLog.slice(logFrom))}`);
  }

  // Round 3: the last shoppers come back, load, then SIGTERM while requests are in flight.
  const came = await comeBack();
  const cutBefore = interrupted.length;
  const networkErrorsBefore = counts.networkErrors;
  let probes = [];
  let stoppedIn = null;
  const graceful = await load(shoppers, products, between(1000, 2000), async () => {
    gracefulStop = true;
    const signalled = Date.now();
    const exited = server.exited.then((exit) => {
      stoppedIn = Date.now() - signalled;
      return exit;
    });
    process.kill(server.pid, "SIGTERM");
    probes = await probeWhileStopping(shoppers[0], exited);
    return { exit: await Promise.race([exited, sleep(15_000).then(() => ({ code: "timeout" }))]) };
  });
  const capturesAtStop = interrupted.slice(cutBefore);
  console.log(
    `round 3: ${cameBack(came)}; load, then SIGTERM with ${graceful.inFlight} requests in flight: exit code ${graceful.exit.code} after ${stoppedIn} ms; requests sent meanwhile: ${summarize(probes)}${graceful.exit.signal ? ` (${graceful.exit.signal})` : ""}`,
  );
  const networkErrorsAtStop = counts.networkErrors - networkErrorsBefore;
  check("SIGTERM: every request in flight got an answer", networkErrorsAtStop === 0, `${networkErrorsAtStop} connections cut`);
  const firstRefused = probes.findIndex((p) => !taken(p));
  check(
    "SIGTERM: new requests are refused (503 or no connection) once the server noticed the signal",
    firstRefused >= 0 && probes.slice(firstRefused).every((p) => !taken(p)),
    summarize(probes),
  );
  check("SIGTERM: server exits with code 0", graceful.exit.code === 0, `exit ${graceful.exit.code}`);
  check("SIGTERM: pid file removed", !fs.existsSync(pidFile));
  // Final state, straight from the database.
  const database = await openDb();
  if (database.sqlite) {
    check("SIGTERM: database closed (WAL checkpointed and removed)", !fs.existsSync(`${dbFile}-wal`));
    const integrity = database.sqlite.pragma("integrity_check", { simple: true });
    check("PRAGMA integrity_check = ok", integrity === "ok", integrity);
    const fkProblems = database.sqlite.pragma("foreign_key_check");
    check("PRAGMA foreign_key_check is empty", fkProblems.length === 0, `${fkProblems.length} rows`);
  } else {
    // PostgreSQL checks foreign keys on every write; what is left to see is that the shop's pool was closed.
    const open = await database.all(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'fashion-shop'`,
    );
    check("SIGTERM: every connection to PostgreSQL closed", open[0].n === 0, `${open[0].n} still open`);
  }

  const orders = new Map(
    (await database.all("select id, payment_status, order_status, stock_reserved, payment_id, capture_id, total_cents from orders")).map(
      (o) => [o.id, o],
    ),
  );
  const notPaid = [...confirmed].filter((id) => orders.get(id)?.payment_status !== "paid");
  check(
    `every confirmed order exists and is paid (${confirmed.size})`,
    notPaid.length === 0,
    notPaid
      .slice(0, 5)
      .map((id) => `${id}: ${orders.get(id)?.payment_status ?? "missing"}`)
      .join(", "),
  );

  const newOrders = [...orders.values()].filter((o) => !knownOrders.has(o.id));
  const holding = newOrders.filter((o) => o.payment_status !== "paid" && o.stock_reserved);
  check(
    "no unpaid order still holds stock",
    holding.length === 0,
    `${holding.length} orders: ${holding
      .slice(0, 3)
      .map((o) => `${o.id} ${o.payment_status}`)
      .join(", ")}`,
  );

  // Money: every PayPal capture belongs to a paid order with the same capture and amount, and
  // every paid order of this run has its capture.
  const sim = await database.all("select id, status, value, capture_id from paypal_sim_orders");
  const byPayment = new Map(newOrders.filter((o) => o.payment_id).map((o) => [o.payment_id, o]));
  const captured = sim.filter((s) => s.status === "COMPLETED");
  const unrecorded = captured.filter((s) => {
    const order = byPayment.get(s.id);
    return (
      !order || order.payment_status !== "paid" || order.capture_id !== s.capture_id || (order.total_cents / 100).toFixed(2) !== s.value
    );
  });
  check(
    `every PayPal capture is recorded on a paid order (${captured.length})`,
    unrecorded.length === 0,
    unrecorded
      .slice(0, 3)
      .map((s) => `${s.id} -> ${byPayment.get(s.id)?.payment_status ?? "no order"}`)
      .join(", "),
  );
  const simById = new Map(sim.map((s) => [s.id, s]));
  const paid = newOrders.filter((o) => o.payment_status === "paid");
  const unexplained = paid.filter((o) => !confirmed.has(o.id) && !cutOff.has(o.id));
  check(
    "every paid order was confirmed to its shopper or its capture answer was cut off",
    unexplained.length === 0,
    `${unexplained.length} paid orders nobody was told about`,
  );
  const settledIds = new Set(
    serverLog.filter((l) => l.includes("interrupted payment") && l.includes("recorded as paid")).map((l) => JSON.parse(l).orderId),
  );
  const unseen = paid.filter((o) => !confirmed.has(o.id));
  const paidUnseen = unseen.length;
  const settledPaid = unseen.filter((o) => settledIds.has(o.id)).length;
  const paidWithoutCapture = paid.filter((o) => simById.get(o.payment_id)?.status !== "COMPLETED");
  check(`every paid order has a PayPal capture (${paid.length})`, paidWithoutCapture.length === 0, `${paidWithoutCapture.length} without`);

  // Stock: now + sold (+ still held) = at the start, per product.
  const endStock = await readStock(database);
  const sold = new Map();
  const held = new Map();
  const items = await database.all(
    "select oi.order_id, oi.variant_id, oi.quantity, o.payment_status, o.stock_reserved from order_items oi join orders o on o.id = oi.order_id",
  );
  for (const item of items) {
    if (knownOrders.has(item.order_id) || !item.variant_id) continue;
    if (item.payment_status === "paid") sold.set(item.variant_id, (sold.get(item.variant_id) ?? 0) + item.quantity);
    else if (item.stock_reserved) held.set(item.variant_id, (held.get(item.variant_id) ?? 0) + item.quantity);
  }
  const mismatched = [];
  for (const [id, product] of startStock) {
    const now = endStock.get(id)?.stock ?? 0;
    if (now + (sold.get(id) ?? 0) + (held.get(id) ?? 0) !== product.stock)
      mismatched.push(`${product.title}: ${product.stock} at start, ${now} now, ${sold.get(id) ?? 0} sold, ${held.get(id) ?? 0} held`);
  }
  check(
    `stock + sold = starting stock for every size and colour (${startStock.size})`,
    mismatched.length === 0,
    mismatched.slice(0, 3).join("; "),
  );
  const unequal = await database.all(
    "select p.title from products p where p.stock != (select coalesce(sum(v.stock), 0) from product_variants v where v.product_id = p.id)",
  );
  check("every product's stock is the sum of its sizes'", unequal.length === 0, unequal.map((p) => p.title).join(", "));
  const negative = [...endStock.values()].filter((p) => p.stock < 0);
  check("no stock below zero", negative.length === 0);
  const finalStates = await orderStates(database, knownOrders);
  await database.close();

  const graceCut = capturesAtStop.filter((a) => orders.get(a.orderId)?.payment_status === "paid");
  check(
    "SIGTERM: no capture was carried out without its answer reaching the shopper",
    graceCut.length === 0,
    `${graceCut.length} of ${capturesAtStop.length} unanswered captures were paid`,
  );
  check("no unexpected answers (only successes and sold-out refusals)", unexpected.length === 0, unexpected.slice(0, 3).join("; "));

  const totalAfter = [...endStock.values()].reduce((s, p) => s + p.stock, 0);
  const totalSold = [...sold.values()].reduce((s, n) => s + n, 0);
  const totalHeld = [...held.values()].reduce((s, n) => s + n, 0);
  const errorLines = serverLog.filter((l) => l.includes('"level":"error"'));
  const recoveredLines = serverLog.filter((l) => l.includes("interrupted payment"));

  console.log(`
shoppers           ${shopperCount} (new accounts), 2 kills (SIGKILL) + 1 graceful stop (SIGTERM), ${((Date.now() - started) / 1000).toFixed(1)} s
requests           ${counts.requests} sent, ${counts.answered} answered (${counts.refusedWhileStopping} of them 503 while stopping), ${counts.networkErrors} cut off by the kills
answers            ${Object.entries(counts.byStatus)
    .map(([s, n]) => `${s}: ${n}`)
    .join(", ")}
sold-out refusals  ${refusals.soldOutCart} at cart/add, ${refusals.soldOutCheckout} at order/create, ${refusals.soldOutCapture} at capture
confirmed orders   ${confirmed.size} (capture answered success)
paid orders        ${paid.length}: ${confirmed.size} confirmed to the shopper, ${paidUnseen} whose capture answer was cut off (${paidUnseen - settledPaid} recorded before the kill, ${settledPaid} settled after the restart)
final orders       ${formatStates(finalStates)}
PayPal captures    ${captured.length} completed at the simulator, ${paid.length} paid orders
server log         ${serverLog.length} warn/error lines (${errorLines.length} errors)${recoveredLines.length ? `, ${recoveredLines.length} about interrupted payments` : ""}
stock              ${totalBefore} before, ${totalAfter} after, ${totalSold} sold${totalHeld ? `, ${totalHeld} held by unpaid orders` : ""} (${totalAfter} + ${totalSold}${totalHeld ? ` + ${totalHeld}` : ""} = ${totalAfter + totalSold + totalHeld})
`);
  for (const c of checks) console.log(`${c.ok ? "PASS" : "FAIL"}  ${c.name}${!c.ok && c.detail ? `  -- ${c.detail}` : ""}`);
  const failed = checks.filter((c) => !c.ok).length;
  console.log(failed ? `\n${failed} of ${checks.length} checks FAILED (seed ${seed})` : `\nall ${checks.length} checks passed`);
  if (failed && errorLines.length) console.log(`\nserver errors:\n${errorLines.slice(0, 5).join("\n")}`);
  exitCode = failed ? 1 : 0;
} catch (error) {
  console.error(`\ncrash test aborted: ${error.stack ?? error}`);
  if (serverLog.length) console.error(`last server log lines:\n${serverLog.slice(-5).join("\n")}`);
  exitCode = 1;
} finally {
  if (server && server.exitCode === null && server.signalCode === null) {
    process.kill(-server.pid, "SIGKILL");
    await server.exited;
  }
  if (databaseUrl) await onServer(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
}
process.exit(exitCode);
