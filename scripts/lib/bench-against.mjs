// `npm run bench -- --against <commit>` and `npm run bench -- --workers` (issue 52, items 1 and 5).
//
// --against: the shop at another commit and today's side by side on this machine, one worker each,
// with the raw baseline (scripts/bench-raw.mjs). The commit is unpacked into a temporary folder
// (`git archive`), gets its own packages (`npm ci`), is built and seeded with its own seed script
// (`--products N`, then the demo data as DEMO_MODE adds it at start, as today's bench does); the
// folder is removed afterwards, also on a failure or Ctrl-C. Each page is loaded on the two shops
// in turn (older, today's, older, ...; BENCH_ROUNDS rounds, the best kept) so that both meet the
// same load on the machine, and its body measured (bytes, uncompressed). Prints the table of issue
// 52 and each of its goals, met or not.
//
// --workers: today's shop with 1, 2 and 4 workers on the signed-in listing page. The load
// generator (autocannon's CLI, a child process) runs on cores of its own (`taskset`) when the
// machine has more cores than 4 workers and it need; otherwise it says so and measures unpinned.
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureBuild } from "./built-app.mjs";
import { ONE_WORKER_FLAGS, benchProduct, cannon, onInterrupt, signIn, startServer } from "./bench-common.mjs";

export const FILTER = "category=men,women&brand=nike,adidas,puma&sortBy=price-hightolow";
export const RAW_TARGET = `/listing?${FILTER}&limit=24`;
const WORKER_COUNTS = [1, 2, 4];

/** The bench's options: --against <commit>, --workers. Unknown options stop it with a message. */
export function parseBenchArgs(args) {
  try {
    return parseArgs({ args, options: { against: { type: "string" }, workers: { type: "boolean" } } }).values;
  } catch (error) {
    console.error(`${error.message}\nusage: npm run bench -- [--against <commit>] [--workers]`);
    process.exit(2);
  }
}

/** Runs a command to its end; a failure throws with the command and the end of its output. */
function run(command, args, { cwd, env = process.env, what }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    const forget = onInterrupt(() => child.exitCode === null && child.kill("SIGTERM"));
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", (error) => {
      forget();
      reject(new Error(`${what} could not start: ${error.message}`));
    });
    child.once("close", (code, signal) => {
      forget();
      if (code === 0) resolve(output);
      else
        reject(
          new Error(
            `${what} failed (${signal ?? `exit code ${code}`}): ${[command, ...args].join(" ")} in ${cwd}\n${output.trim().split("\n").slice(-25).join("\n")}`,
          ),
        );
    });
  });
}

/** A temporary folder, removed by `remove()` or when the bench is interrupted. */
function temporaryFolder(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // `rm -rf`: a checkout's node_modules is some 50,000 files, which fs.rmSync takes a minute over.
  const forget = onInterrupt(() => execFileSync("rm", ["-rf", dir]));
  return {
    dir,
    remove: async () => {
      forget();
      await run("rm", ["-rf", dir], { cwd: os.tmpdir(), what: `removing ${dir}` });
    },
  };
}

/**
 * The environment for the older checkout's npm and scripts: without what `npm run` put there for
 * this checkout (its package, its prefix), and without NODE_ENV (npm ci would leave out the
 * build's devDependencies).
 */
function olderEnv() {
  const keep = /^npm_config_(cache|registry|userconfig|globalconfig|proxy|https_proxy|noproxy|strict_ssl|cafile)$/;
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "NODE_ENV" && (!k.startsWith("npm_") || keep.test(k))));
}

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** The commit's files in a temporary folder, with its packages installed and built. */
async function checkOut(root, sha, label) {
  const folder = temporaryFolder(`shop-bench-${label}-`);
  try {
    const steps = [];
    let started = performance.now();
    await run("bash", ["-c", 'set -o pipefail; git -C "$1" archive --format=tar "$2" | tar -x -C "$3"', "archive", root, sha, folder.dir], {
      cwd: root,
      what: `unpacking ${label}`,
    });
    steps.push(`unpacked ${seconds(started)}`);
    started = performance.now();
    console.log(`  ${label}: npm ci in ${folder.dir}...`);
    await run("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"], {
      cwd: folder.dir,
      env: olderEnv(),
      what: `npm ci at ${label}`,
    });
    steps.push(`npm ci ${seconds(started)}`);
    started = performance.now();
    console.log(`  ${label}: react-router build...`);
    await run(path.join(folder.dir, "node_modules/.bin/react-router"), ["build"], {
      cwd: folder.dir,
      env: olderEnv(),
      what: `react-router build at ${label}`,
    });
    steps.push(`built ${seconds(started)}`);
    return { ...folder, steps };
  } catch (error) {
    await folder.remove();
    throw error;
  }
}

/**
 * A temporary DATA_DIR seeded by the checkout's own seed script with `--products N` (the bench's
 * generated catalogue; the demo data and accounts are added when the shop starts with DEMO_MODE=1).
 */
async function seeded(checkout, products, label) {
  const seed = fs.readFileSync(path.join(checkout, "scripts/seed.ts"), "utf8");
  if (!/products:\s*\{\s*type:/.test(seed)) throw new Error(`the seed script at ${label} (scripts/seed.ts) has no --products option`);
  const data = temporaryFolder("shop-bench-data-");
  try {
    const output = await run(path.join(checkout, "node_modules/.bin/tsx"), ["scripts/seed.ts", "--products", String(products)], {
      cwd: checkout,
      env: { ...olderEnv(), DATA_DIR: data.dir, DATABASE_URL: "" },
      what: `seeding ${label}`,
    });
    return { ...data, seeded: output.trim().split("\n").pop() };
  } catch (error) {
    await data.remove();
    throw error;
  }
}

const shopEnv = (dataDir, workers = 1) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  NODE_ENV: "production",
  DEMO_MODE: "1",
  PUBLIC_CATALOGUE: "1",
  WEB_CONCURRENCY: String(workers),
});

/** The body of a page as the bench loads it: bytes (uncompressed); anything but 200 stops the bench. */
async function bodyBytes(url, cookie) {
  const answer = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}${cookie ? " (signed in)" : " (no cookies)"}`);
  return (await answer.arrayBuffer()).byteLength;
}

/**
 * The same product on the older shop, by title (generated products are numbered in their title;
 * ids are random), and the address that shows it there: its own page when that commit has product
 * pages, otherwise the listing's product dialog (`/shop/listing?product=<id>`, as before issue 40).
 */
async function olderProductAddress(origin, cookie, title) {
  const answer = await fetch(`${origin}/api/shop/products/get?limit=100`, { headers: { cookie } });
  const { data } = await answer.json();
  const product = data.find((p) => p.title === title);
  if (!product) throw new Error(`the older shop's listing has no product "${title}" among its first 100`);
  if (product.handle) {
    const page = `/shop/products/${product.handle}`;
    if ((await fetch(origin + page, { headers: { cookie }, redirect: "manual" })).status === 200) return page;
  }
  // The JSON API named the id `_id` then (the legacy shape).
  const dialog = `/shop/listing?product=${encodeURIComponent(product.id ?? product._id)}`;
  const html = await (await fetch(origin + dialog, { headers: { cookie } })).text();
  const heading = html.indexOf('id="product-dialog-title"');
  if (heading < 0 || !html.slice(heading, heading + 300).includes(title))
    throw new Error(`neither /shop/products/<handle> nor the listing's dialog (${dialog}) shows "${title}" on the older shop`);
  return dialog;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const percent = (x) => `${x >= 0 ? "+" : ""}${Math.round(x * 100)} %`;

export async function benchAgainst(commit, { root, port, connections, duration, warmup, rounds, products }) {
  let sha;
  try {
    sha = execFileSync("git", ["rev-parse", "--verify", "--quiet", `${commit}^{commit}`], { cwd: root, encoding: "utf8" }).trim();
  } catch {
    throw new Error(`--against ${commit}: no such commit in this repository (git rev-parse found none; fetch it first?)`);
  }
  const label = sha.slice(0, 7);
  ensureBuild();

  console.log(`\nside by side: ${label} and today's checkout, ${products} generated products + the demo data, SQLite, 1 worker each`);
  const setupStarted = performance.now();
  const older = await checkOut(root, sha, label);
  const cleanup = [older.remove];
  try {
    let started = performance.now();
    const olderData = await seeded(older.dir, products, label);
    cleanup.push(olderData.remove);
    older.steps.push(`seeded ${seconds(started)}`);
    started = performance.now();
    const todayData = await seeded(root, products, "today's checkout");
    cleanup.push(todayData.remove);
    console.log(`  setup of ${label}: ${seconds(setupStarted)} in all (${older.steps.join(", ")}); today's seed ${seconds(started)}`);
    console.log(`  ${label}: ${olderData.seeded}\n  now: ${todayData.seeded}`);

    const origins = { raw: `http://127.0.0.1:${port}`, older: `http://127.0.0.1:${port + 1}`, now: `http://127.0.0.1:${port + 2}` };
    const servers = [];
    cleanup.push(async () => {
      for (const s of servers.reverse()) await s.stop();
    });
    servers.push(
      await startServer({
        cwd: root,
        script: path.join(root, "scripts/bench-raw.mjs"),
        env: { DATA_DIR: todayData.dir },
        port,
        ready: RAW_TARGET,
      }),
      await startServer({
        cwd: older.dir,
        script: path.join(older.dir, "server.mjs"),
        env: shopEnv(olderData.dir),
        port: port + 1,
        ready: "/auth/login",
        nodeFlags: ONE_WORKER_FLAGS,
      }),
      await startServer({
        cwd: root,
        script: path.join(root, "server.mjs"),
        env: shopEnv(todayData.dir),
        port: port + 2,
        ready: "/auth/login",
        nodeFlags: ONE_WORKER_FLAGS,
      }),
    );
    const cookies = { raw: "", older: await signIn(origins.older), now: await signIn(origins.now) };
    const product = await benchProduct(origins.now, cookies.now);
    const olderProduct = await olderProductAddress(origins.older, cookies.older, product.title);
    const nowProduct = `/shop/products/${product.handle}`;

    // [name, { side: address }, signed in]
    const targets = [
      ["raw server, the listing as JSON", { raw: RAW_TARGET }, false],
      ["listing page, signed in", { older: `/shop/listing?${FILTER}`, now: `/shop/listing?${FILTER}` }, true],
      [
        "listing JSON, signed in",
        { older: `/api/shop/products/get?${FILTER}&limit=24`, now: `/api/shop/products/get?${FILTER}&limit=24` },
        true,
      ],
      ["home page, signed in", { older: "/shop/home", now: "/shop/home" }, true],
      [`product page, signed in ("${product.title}")`, { older: olderProduct, now: nowProduct }, true],
      ["listing page, visitor (no cookies)", { now: `/shop/listing?${FILTER}` }, false],
      ["product page, visitor (no cookies)", { now: nowProduct }, false],
    ];
    const best = new Map(); // `${name}|${side}` -> { rps, p50, errors, bytes }
    for (const [name, sides, signedIn] of targets) {
      for (let round = 0; round < rounds; round++) {
        for (const [side, address] of Object.entries(sides)) {
          const cookie = signedIn ? cookies[side] : "";
          const url = origins[side] + address;
          const bytes = await bodyBytes(url, cookie);
          await cannon(url, { cookie, seconds: warmup, connections });
          const r = { ...(await cannon(url, { cookie, seconds: duration, connections })), bytes };
          if (r.errors) console.log(`  (${r.errors} errors or non-2xx answers on ${name}, ${side})`);
          const key = `${name}|${side}`;
          if (r.rps > (best.get(key)?.rps ?? -1)) best.set(key, r);
          const who = side === "older" ? label : side;
          console.log(
            `  ${who.padEnd(7)} ${name.padEnd(44)} median ${String(r.p50).padStart(4)} ms ${String(r.rps).padStart(6)} req/s ${kb(bytes).padStart(9)}`,
          );
        }
      }
    }

    const raw = best.get(`${targets[0][0]}|raw`).rps;
    const cell = (r) => (r ? `${r.rps} req/s, ${kb(r.bytes)}` : "-");
    console.log(
      `\n${label} and now side by side (${connections} connections, ${duration} s per page after ${warmup} s unmeasured, best of ${rounds}, 1 worker each, ${os.availableParallelism()} cores; KB of the body, uncompressed)\n`,
    );
    console.log(`| page | ${label} req/s, KB | now req/s, KB | change | now as % of raw |`);
    console.log("|---|---|---|---|---|");
    const share = (name) => best.get(`${name}|now`).rps / raw;
    for (const [name, sides] of targets) {
      const a = best.get(`${name}|older`);
      const b = best.get(`${name}|now`) ?? best.get(`${name}|raw`);
      const where =
        sides.older && sides.older !== sides.now ? `${label}: \`${sides.older}\`, now: \`${sides.now}\`` : `\`${sides.now ?? sides.raw}\``;
      const change = a ? `${percent(b.rps / a.rps - 1)}, ${percent(b.bytes / a.bytes - 1)}` : "-";
      console.log(`| ${name} (${where}) | ${cell(a)} | ${cell(b)} | ${change} | ${((b.rps / raw) * 100).toFixed(1)} % |`);
    }

    const [, listing, json, home, productPage, visitorListing, visitorProduct] = targets.map(([name]) => name);
    const ratio = (name) => best.get(`${name}|now`).rps / best.get(`${name}|older`).rps;
    const goals = [
      [`listing page >= 1.25x ${label}`, ratio(listing) >= 1.25, `${ratio(listing).toFixed(2)}x`],
      ["listing page >= 8 % of raw", share(listing) >= 0.08, `${(share(listing) * 100).toFixed(1)} %`],
      ["listing JSON >= 35 % of raw", share(json) >= 0.35, `${(share(json) * 100).toFixed(1)} %`],
      [`home page >= ${label}`, ratio(home) >= 1, `${ratio(home).toFixed(2)}x`],
      [`product page >= ${label}`, ratio(productPage) >= 1, `${ratio(productPage).toFixed(2)}x`],
      ["visitor's listing page >= 50 % of raw", share(visitorListing) >= 0.5, `${(share(visitorListing) * 100).toFixed(1)} %`],
      ["visitor's product page >= 50 % of raw", share(visitorProduct) >= 0.5, `${(share(visitorProduct) * 100).toFixed(1)} %`],
    ];
    console.log("\ngoals (issue 52):");
    for (const [goal, met, figure] of goals) console.log(`  ${goal.padEnd(40)} ${figure.padStart(8)}  ${met ? "met" : "not met"}`);
  } finally {
    console.log(`  stopping the servers, removing ${older.dir} and the data folders...`);
    for (const step of cleanup.reverse()) await step();
  }
}

/** The CPUs this process may run on (Linux `taskset -pc`), or null when that cannot be read. */
function allowedCpus() {
  try {
    const list = execFileSync("taskset", ["-pc", String(process.pid)], { encoding: "utf8" })
      .split(":")
      .pop()
      .trim();
    return list.split(",").flatMap((part) => {
      const [from, to = from] = part.split("-").map(Number);
      return Array.from({ length: to - from + 1 }, (_, i) => from + i);
    });
  } catch {
    return null;
  }
}

/** autocannon's CLI in a child process (under `prefix`, e.g. taskset): req/s (average), median, errors. */
async function cannonCli(root, url, { cookie, seconds, connections, prefix }) {
  const command = [...prefix, process.execPath, path.join(root, "node_modules/autocannon/autocannon.js")];
  const args = ["--connections", String(connections), "--duration", String(seconds), "--json"];
  if (cookie) args.push("--headers", `cookie=${cookie}`);
  const output = await run(command[0], [...command.slice(1), ...args, url], { cwd: root, what: "autocannon" });
  const r = JSON.parse(output.slice(output.indexOf("{")));
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, errors: r.errors + r.non2xx };
}

export async function benchWorkers({ root, port, connections, duration, warmup, rounds, products }) {
  ensureBuild();
  const cpus = allowedCpus();
  const most = Math.max(...WORKER_COUNTS);
  console.log(
    `\nworkers: today's shop with ${WORKER_COUNTS.join(", ")} workers, the signed-in listing page, ${products} generated products`,
  );
  const pinned = cpus && cpus.length > most;
  const generatorCpus = pinned ? cpus.slice(most) : null;
  if (pinned)
    console.log(
      `  pinned: the shop on cores ${cpus.slice(0, most).join(",")} (n workers on the first n), autocannon on ${generatorCpus.join(",")}`,
    );
  else
    console.log(
      `  not pinned: ${cpus ? `this machine lets the bench use ${cpus.length} cores` : "taskset cannot be used here"}, and ${most} workers plus the load generator need ${most + 1}; the load generator shares the shop's cores, so the ratios say less than they would with cores of its own`,
    );
  const data = await seeded(root, products, "today's checkout");
  const servers = [];
  try {
    const listing = `/shop/listing?${FILTER}`;
    for (const [i, workers] of WORKER_COUNTS.entries())
      servers.push({
        workers,
        origin: `http://127.0.0.1:${port + i}`,
        ...(await startServer({
          cwd: root,
          script: path.join(root, "server.mjs"),
          env: shopEnv(data.dir, workers),
          port: port + i,
          ready: "/auth/login",
          nodeFlags: workers === 1 ? ONE_WORKER_FLAGS : [],
          prefix: pinned ? ["taskset", "-c", cpus.slice(0, workers).join(",")] : [],
        })),
      });
    const best = new Map();
    for (let round = 0; round < rounds; round++)
      for (const s of servers) {
        const cookie = await signIn(s.origin);
        await bodyBytes(s.origin + listing, cookie);
        const load = { cookie, connections, prefix: pinned ? ["taskset", "-c", generatorCpus.join(",")] : [] };
        await cannonCli(root, s.origin + listing, { ...load, seconds: warmup });
        const r = await cannonCli(root, s.origin + listing, { ...load, seconds: duration });
        if (r.errors) console.log(`  (${r.errors} errors or non-2xx answers with ${s.workers} workers)`);
        if (r.rps > (best.get(s.workers)?.rps ?? -1)) best.set(s.workers, r);
        console.log(
          `  ${`${s.workers} worker${s.workers === 1 ? " " : "s"}`.padEnd(10)} median ${String(r.p50).padStart(4)} ms ${String(r.rps).padStart(6)} req/s`,
        );
      }
    const one = best.get(1).rps;
    console.log(
      `\nworkers on the listing page (${connections} connections, ${duration} s, best of ${rounds}${pinned ? ", load generator pinned" : ", not pinned"}):`,
    );
    for (const [workers, goal] of [
      [2, 1.8],
      [4, 3.4],
    ]) {
      const x = best.get(workers).rps / one;
      console.log(
        `  ${workers} workers / 1: ${x.toFixed(2)}x (${best.get(workers).rps} / ${one} req/s), goal ${goal}x: ${x >= goal ? "met" : "not met"}`,
      );
    }
  } finally {
    for (const s of servers.reverse()) await s.stop();
    await data.remove();
  }
}
