// The write load of `npm run bench` on PostgreSQL (issue 32): what several instances do to each
// other when every shopper writes. Two shop instances (one worker each) on one fresh PostgreSQL
// database; N shoppers (BENCH_SHOPPERS, 12), each with a product of their own, add it to their own
// cart and set the line back to one, again and again, through both instances in turn. No two
// shoppers touch the same row, so any wait is the shop's own doing.
//
// Meanwhile pg_stat_activity is sampled every 20 ms: a sample "waits" when at least one of the
// shop's connections waits on a lock (wait_event_type 'Lock': a row, an advisory or a transaction
// lock). Prints req/s, latency and the share of samples that waited (goal: under 5 %).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const SAMPLE_MS = 20;

function startInstance(root, port, env) {
  const child = spawn(process.execPath, [path.join(root, "server.mjs")], {
    cwd: root,
    env: { ...process.env, ...env, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  return { child, url: `http://127.0.0.1:${port}`, stderr: () => stderr };
}

async function healthy(instance) {
  for (let i = 0; i < 600; i++) {
    if (instance.child.exitCode !== null) throw new Error(`a shop instance exited: ${instance.stderr()}`);
    try {
      if ((await fetch(`${instance.url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${instance.url} did not start: ${instance.stderr()}`);
}

async function stop(instance) {
  if (instance.child.exitCode !== null) return;
  instance.child.kill("SIGTERM");
  await new Promise((r) => instance.child.once("exit", r));
}

async function json(url, method, body, cookie) {
  const response = await fetch(url, {
    method,
    headers: { "Content-Type": "application/json", ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  return { status: response.status, answer, cookies: response.headers.getSetCookie().map((c) => c.split(";")[0]) };
}

/** One shopper, signed up and signed in: the cookie. */
async function signUp(instance, n) {
  const email = `bench-${n}-${randomBytes(3).toString("hex")}@example.com`;
  const password = "bench-password-123";
  const userName = `bench${n}${randomBytes(2).toString("hex")}`;
  const registered = await json(`${instance.url}/api/auth/register`, "POST", { userName, email, password });
  if (registered.status >= 300) throw new Error(`register answered ${registered.status}: ${registered.answer.message}`);
  const login = await json(`${instance.url}/api/auth/login`, "POST", { email, password });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${login.answer.message}`);
  return login.cookies.join("; ");
}

/** Samples the shop's connections: how many wait on a lock, and how many are there at all. */
function sampleLocks(databaseUrl, databaseName) {
  const client = new pg.Client({ connectionString: databaseUrl });
  const samples = [];
  let running = true;
  const done = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query(
        `select count(*) filter (where wait_event_type = 'Lock')::int as waiting, count(*)::int as shop
           from pg_stat_activity where datname = $1 and application_name = 'fashion-shop' and pid <> pg_backend_pid()`,
        [databaseName],
      );
      samples.push(rows[0]);
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await done;
      return samples;
    },
  };
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

/**
 * Runs the write load against a fresh database on `serverUrl` (a postgres:// URL of a server we
 * may create databases on) and prints the figures. `extraEnv` goes to both instances.
 */
export async function benchWrites({ root, serverUrl, seconds, warmupSeconds, shoppers = 12, basePort = 3320, extraEnv = {} }) {
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const name = `shop_bench_writes_${randomBytes(4).toString("hex")}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  await admin(`create database ${name}`);
  const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-writes-")));
  const env = (i) => ({
    NODE_ENV: "production",
    DEMO_MODE: "1",
    WEB_CONCURRENCY: "1",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDirs[i],
    SESSION_SECRET: "b3nchb3nch".repeat(4),
    AUTH_ATTEMPTS_PER_MINUTE: "100000",
    ...extraEnv,
  });
  // The first instance migrates and adds the demo data; the second starts on the ready database.
  const instances = [startInstance(root, basePort, env(0))];
  try {
    await healthy(instances[0]);
    instances.push(startInstance(root, basePort + 1, env(1)));
    await healthy(instances[1]);

    const cookies = [];
    for (let n = 0; n < shoppers; n++) cookies.push(await signUp(instances[n % 2], n));
    const listed = await json(`${instances[0].url}/api/shop/products/get?limit=100`, "GET", undefined, cookies[0]);
    // A variant with stock for each shopper, each of another product.
    const stocked = (listed.answer.data ?? []).flatMap((p) => {
      const variant = (p.variants ?? []).find((v) => v.stock >= 2);
      return variant ? [{ productId: p._id, variantId: variant._id }] : [];
    });
    if (stocked.length < shoppers) throw new Error(`only ${stocked.length} products in stock for ${shoppers} shoppers`);
    const people = cookies.map((cookie, n) => ({ cookie, ...stocked[n] }));

    // Each shopper: add one (the line becomes 2), then set it back to 1; each request through the
    // next instance in turn. Every request is a write transaction on the shopper's own rows.
    let measuring = false;
    let ending = false;
    const latencies = [];
    let errors = 0;
    const firstError = [];
    const loop = async (person, n) => {
      let turn = n;
      while (!ending) {
        for (const [method, route, quantity] of [
          ["POST", "/api/shop/cart/add", 1],
          ["PUT", "/api/shop/cart/update-cart", 1],
        ]) {
          const instance = instances[turn++ % 2];
          const started = performance.now();
          const r = await json(
            `${instance.url}${route}`,
            method,
            { productId: person.productId, variantId: person.variantId, quantity },
            person.cookie,
          );
          if (!measuring) continue;
          latencies.push(performance.now() - started);
          if (r.status !== 200) {
            errors++;
            if (firstError.length < 3) firstError.push(`${method} ${route}: ${r.status} ${r.answer.message}`);
          }
        }
      }
    };
    const running = people.map(loop);
    await new Promise((r) => setTimeout(r, warmupSeconds * 1000));
    const sampler = sampleLocks(databaseUrl, name);
    measuring = true;
    const started = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    measuring = false;
    const elapsed = (performance.now() - started) / 1000;
    const samples = await sampler.stop();
    ending = true;
    await Promise.all(running);

    const sorted = latencies.sort((x, y) => x - y);
    const waited = samples.filter((s) => s.waiting > 0).length;
    const meanWaiting = samples.reduce((sum, s) => sum + s.waiting, 0) / Math.max(1, samples.length);
    const result = {
      rps: Math.round(latencies.length / elapsed),
      p50: Math.round(percentile(sorted, 50)),
      p99: Math.round(percentile(sorted, 99)),
      errors,
      samples: samples.length,
      waitShare: (waited / Math.max(1, samples.length)) * 100,
      meanWaiting,
    };
    console.log(
      `  writes, 2 instances x 1 worker, ${shoppers} shoppers: ${String(result.rps).padStart(5)} req/s   median ${result.p50} ms   p99 ${result.p99} ms   ${errors} errors`,
    );
    console.log(
      `  lock waits: ${result.waitShare.toFixed(1)} % of ${samples.length} samples had a shop connection waiting on a lock (mean ${meanWaiting.toFixed(2)} waiting); goal under 5 %`,
    );
    if (firstError.length) console.log(`  first errors: ${firstError.join("; ")}`);
    return result;
  } finally {
    for (const instance of instances) await stop(instance);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    await admin(`drop database if exists ${name} with (force)`);
  }
}
