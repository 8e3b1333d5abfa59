// npm run bench: throughput, latency and memory of the storefront at 1,000 and 100,000 products.
// For each size: a fresh DATA_DIR with the generated catalog (scripts/seed.ts --products N), then
//   - the raw baseline (scripts/bench-raw.mjs: node:http + better-sqlite3, the listing's SQL),
//   - the shop with 1 worker and with WEB_CONCURRENCY workers (one per core by default),
// each loaded by autocannon; the shop's processes' RSS is sampled throughout (Linux: ps).
// Prints figures; it asserts nothing (goals are read from the output, not enforced by timed tests).
// With DATABASE_URL (postgres://…) every size is measured on SQLite and then on PostgreSQL (a
// fresh database created on that server for each size, dropped afterwards), and a table puts the
// two engines side by side. The raw baseline is SQLite's.
// Every shop it starts is open to visitors (PUBLIC_CATALOGUE=1), so a product page is measured
// both for the signed-in shopper and for a visitor without cookies (a search engine, a shared link).
// Then the owner's catalogue at scale (issue 49): 10,000 products in today's catalogue (5
// categories, 6 brands) and in a wide one (200 categories, 40 top ones of 4 subcategories, 500
// brands, tags, 50 automatic collections: `npm run seed -- --products N --wide`), one worker each,
// the listing, a top category with its subcategories, collection pages and the counts side by side
// in one table. A page that answers 404 is left out with a note (a route not built yet).
// BENCH_ONLY=catalogue runs that part alone; BENCH_CATALOGUE_PRODUCTS sets its size, BENCH_ROUNDS
// how many times each pair is measured (the best kept).
// On PostgreSQL it then runs a write load through two instances (scripts/lib/bench-writes.mjs):
// shoppers each writing to their own carts, with req/s and the share of time a shop connection
// waited on a lock. BENCH_ONLY=writes runs that part alone.
//   BENCH_SIZES=1000,100000 BENCH_SECONDS=5 BENCH_WARMUP_SECONDS=2 BENCH_CONNECTIONS=20 BENCH_WORKERS=2 npm run bench
// Options (issue 52; each runs its part alone, both together run both; scripts/lib/bench-against.mjs):
//   --against <commit>  that commit's shop and today's side by side, one worker each, with the raw
//                       baseline: the commit is unpacked into a temporary folder (git archive), gets
//                       its packages (npm ci), is built and seeded by its own seed script
//                       (--products BENCH_AGAINST_PRODUCTS, 1000, plus the demo data), and the folder
//                       is removed afterwards (also on a failure or Ctrl-C). The listing page, the
//                       listing JSON, home and a product page signed in are loaded on both shops in
//                       turn (BENCH_ROUNDS rounds, the best kept), the listing and product page as a
//                       visitor on today's; prints req/s and body size (KB, uncompressed) in issue
//                       52's table and each of its goals, met or not.
//   --workers           today's shop with 1, 2 and 4 workers on the signed-in listing page, the load
//                       generator (autocannon's CLI) pinned to cores of its own with taskset when the
//                       machine has more than 4 (it says when it cannot); prints 2/1 and 4/1.
//   BENCH_PORT=3400 BENCH_SECONDS=5 BENCH_ROUNDS=3 npm run bench -- --against 855c7b8 --workers
// Their servers listen on BENCH_PORT and the two ports after it.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { FILTER, RAW_TARGET, benchAgainst, benchWorkers, parseBenchArgs } from "./lib/bench-against.mjs";
import { ONE_WORKER_FLAGS, benchProduct, cannon, signIn as signInAt, startServer } from "./lib/bench-common.mjs";
import { benchWrites } from "./lib/bench-writes.mjs";
import { treeRssMb } from "./lib/process-tree.mjs";

const root = path.resolve(import.meta.dirname, "..");
const only = process.env.BENCH_ONLY ?? "";
const sizes = only ? [] : (process.env.BENCH_SIZES ?? "1000,100000").split(",").map(Number);
const catalogueSize = only === "" || only === "catalogue" ? Number(process.env.BENCH_CATALOGUE_PRODUCTS ?? 10000) : 0;
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const manyWorkers = Number(process.env.BENCH_WORKERS ?? os.availableParallelism());
const port = Number(process.env.BENCH_PORT ?? 3310);
const base = `http://127.0.0.1:${port}`;

// --against <commit> and --workers run those parts alone (scripts/lib/bench-against.mjs).
const options = parseBenchArgs(process.argv.slice(2));
if (options.against || options.workers) {
  const settings = {
    root,
    port,
    connections,
    duration,
    warmup,
    rounds,
    products: Number(process.env.BENCH_AGAINST_PRODUCTS ?? 1000),
  };
  try {
    if (options.against) await benchAgainst(options.against, settings);
    if (options.workers) await benchWorkers(settings);
  } catch (error) {
    console.error(`\nnpm run bench stopped: ${error.message}`);
    process.exit(1);
  }
  process.exit(0);
}

if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.log("building the app first...");
  spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], { cwd: root, stdio: "inherit" });
}

const TARGETS = {
  "listing page": `/shop/listing?${FILTER}`,
  "listing JSON": `/api/shop/products/get?${FILTER}&limit=24`,
};
const EXTRA_TARGETS = {
  "listing page 8": "/shop/listing?category=men&sortBy=title-atoz&page=8",
  // Sizes and colours: "has stock in one of these", checked per product through the variants' index.
  "listing, size M": "/shop/listing?size=m&sortBy=price-hightolow",
  "listing JSON, size+colour": "/api/shop/products/get?category=men,women&size=xl&color=black&limit=24",
  // About 1,700 matches at 100,000 products: ranked, then one page.
  "search page": "/shop/search?keyword=classic%20jacket",
  home: "/shop/home",
};
// A product page (issue 40), of the first product of the listing with sizes or colours to choose:
// its handle is read from the API once the shop runs. Measured signed in and as a visitor.
const PRODUCT_TARGETS = ["product page", "product page, visitor", "sitemap, last page"];

/** The handle of the first product of the listing that has more than one variant (its page lists them all). */
async function productHandle(cookie) {
  return (await benchProduct(base, cookie)).handle;
}

/** The last page of the sitemap's products (the deepest into the catalogue), as the sitemap's index names it. */
async function lastSitemapPage() {
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  const last = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].at(-1)?.[1];
  return last ? new URL(last).pathname : "/sitemap.xml";
}

/** Loads one URL: first unmeasured (every process compiles its hot code), then measured. */
async function load(url, cookie) {
  await cannon(url, { cookie, seconds: warmup, connections });
  return cannon(url, { cookie, seconds: duration, connections });
}

async function withServer(script, env, ready, work, nodeFlags = [], at = port) {
  let peak = 0;
  let sampler;
  const { child, stop } = await startServer({
    cwd: root,
    script: path.join(root, script),
    env,
    port: at,
    ready,
    nodeFlags,
    spawned: (started) => (sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(started.pid))), 250)),
  }).catch((error) => {
    clearInterval(sampler);
    throw error;
  });
  try {
    const result = await work();
    return { ...result, peakRssMb: Math.round(Math.max(peak, treeRssMb(child.pid))) };
  } finally {
    clearInterval(sampler);
    await stop();
  }
}

/** PostgreSQL: runs one statement on DATABASE_URL's server (creating or dropping a bench database). */
const postgresServer = process.env.DATABASE_URL;
async function onPostgres(statement) {
  const client = new pg.Client({ connectionString: postgresServer });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
const engines = postgresServer ? ["sqlite", "postgres"] : ["sqlite"];

/**
 * A fresh database of the engine, filled by `npm run seed` with `seedArgs`; `work` gets the
 * shop's environment for it and the seed's last line. Removed afterwards.
 */
async function withSeededShop(engine, seedArgs, work) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
  let databaseUrl = null;
  if (engine === "postgres") {
    const url = new URL(postgresServer);
    url.pathname = `/shop_bench_${randomBytes(4).toString("hex")}`;
    databaseUrl = url.toString();
    await onPostgres(`create database ${url.pathname.slice(1)}`);
  }
  // Without DATABASE_URL the shop is on SQLite in DATA_DIR.
  const database = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "" };
  try {
    const seeded = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/seed.ts", ...seedArgs], {
      cwd: root,
      env: { ...process.env, ...database },
      encoding: "utf8",
    });
    if (seeded.status !== 0) throw new Error(seeded.stderr);
    return await work(database, seeded.stdout.trim().split("\n").pop());
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await onPostgres(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
  }
}

/** The demo shopper signed in through the API: the cookie header. */
const signIn = (origin = base) => signInAt(origin);

const results = []; // { engine, size, server, target, rps, p50 }
const memory = []; // { engine, size, workers, peakRssMb }
for (const engine of engines)
  for (const size of sizes) {
    await withSeededShop(engine, ["--products", String(size)], async (database, seeded) => {
      console.log(`\n${engine}, ${size} products: ${seeded}`);

      if (engine === "sqlite") {
        const raw = await withServer("scripts/bench-raw.mjs", { DATA_DIR: database.DATA_DIR }, RAW_TARGET, () => load(base + RAW_TARGET));
        results.push({ engine, size, server: "raw", target: "listing", ...raw });
        console.log(
          `  raw baseline   listing                median ${String(raw.p50).padStart(4)} ms   ${String(raw.rps).padStart(6)} req/s`,
        );
      }

      for (const workers of [...new Set([1, manyWorkers])]) {
        const env = { ...database, NODE_ENV: "production", DEMO_MODE: "1", PUBLIC_CATALOGUE: "1", WEB_CONCURRENCY: String(workers) };
        const run = await withServer(
          "server.mjs",
          env,
          "/auth/login",
          async () => {
            const cookie = await signIn();
            // [name, path, cookie of the request, whether a page that does not answer 200 stops the run]
            const targets = Object.entries(workers === 1 ? { ...TARGETS, ...EXTRA_TARGETS } : TARGETS).map(([name, target]) => [
              name,
              target,
              cookie,
              true,
            ]);
            if (workers === 1) {
              const product = `/shop/products/${await productHandle(cookie)}`;
              targets.push(
                [PRODUCT_TARGETS[0], product, cookie, false],
                [PRODUCT_TARGETS[1], product, "", false],
                // What a crawler reads: 5,000 addresses, the last of them.
                [PRODUCT_TARGETS[2], await lastSitemapPage(), "", false],
              );
            }
            for (const [name, target, as, required] of targets) {
              const check = await fetch(base + target, { headers: as ? { cookie: as } : {}, redirect: "manual" });
              if (check.status !== 200 && required) throw new Error(`${target} answered ${check.status}`);
              if (check.status !== 200) {
                console.log(`  ${"1 worker".padEnd(14)} ${name.padEnd(22)} not measured: ${target} answered ${check.status}`);
                continue;
              }
              const r = await load(base + target, as);
              if (r.errors) console.log(`  (${r.errors} errors or non-2xx answers on ${name})`);
              results.push({ engine, size, server: workers, target: name, ...r });
              console.log(
                `  ${`${workers} worker${workers === 1 ? " " : "s"}`.padEnd(14)} ${name.padEnd(22)} median ${String(r.p50).padStart(4)} ms   ${String(r.rps).padStart(6)} req/s`,
              );
            }
            return {};
          },
          workers === 1 ? ONE_WORKER_FLAGS : [],
        );
        memory.push({ engine, size, workers, peakRssMb: run.peakRssMb });
        console.log(`  ${workers} worker(s): peak RSS of all the shop's processes ${run.peakRssMb} MB`);
      }
    });
  }

function printReadSummary() {
  const find = (size, server, target, engine = "sqlite") =>
    results.find((r) => r.engine === engine && r.size === size && r.server === server && r.target === target);
  console.log(`\nsummary (${connections} connections, ${duration} s per target, ${os.availableParallelism()} cores; SQLite)`);
  for (const size of sizes) {
    const raw = find(size, "raw", "listing");
    for (const target of Object.keys(TARGETS)) {
      const one = find(size, 1, target);
      const many = find(size, manyWorkers, target);
      const share = ((one.rps / raw.rps) * 100).toFixed(1);
      const scaling = many && manyWorkers > 1 ? `, ${manyWorkers} workers ${(many.rps / one.rps).toFixed(2)}x one` : "";
      console.log(`  ${String(size).padStart(6)} products  ${target.padEnd(13)} 1 worker = ${share}% of raw${scaling}`);
    }
    for (const m of memory.filter((m) => m.size === size && m.engine === "sqlite"))
      console.log(`  ${String(size).padStart(6)} products  peak RSS, ${m.workers} worker(s): ${m.peakRssMb} MB`);
  }
  if (sizes.length > 1) {
    const [small, large] = [sizes[0], sizes[sizes.length - 1]];
    for (const target of Object.keys(TARGETS)) {
      const a = find(small, 1, target);
      const b = find(large, 1, target);
      console.log(
        `  median at ${large} vs ${small} products, ${target}: ${a.p50} ms -> ${b.p50} ms (${(b.p50 / Math.max(a.p50, 1)).toFixed(2)}x)`,
      );
    }
  }
  console.log(
    "goals: 2 workers >= 1.7x one on the listing page; all processes < 400 MB; listing JSON >= 25% and page >= 5% of raw; JSON at 100,000 <= 1.3x at 1,000",
  );

  if (engines.length > 1) {
    console.log("\nSQLite and PostgreSQL side by side (1 worker: median ms, req/s)");
    for (const size of sizes) {
      for (const target of [...Object.keys(TARGETS), ...Object.keys(EXTRA_TARGETS), ...PRODUCT_TARGETS]) {
        const cells = engines.map((engine) => {
          const r = find(size, 1, target, engine);
          return r ? `${String(r.p50).padStart(5)} ms ${String(r.rps).padStart(6)} req/s` : "not measured".padStart(22);
        });
        console.log(`  ${String(size).padStart(6)} products  ${target.padEnd(26)} sqlite ${cells[0]}   postgres ${cells[1]}`);
      }
      for (const m of memory.filter((m) => m.size === size && m.engine === "postgres"))
        console.log(
          `  ${String(size).padStart(6)} products  peak RSS on PostgreSQL, ${m.workers} worker(s): ${m.peakRssMb} MB (the shop's processes)`,
        );
    }
  }
}
if (sizes.length) printReadSummary();

// --- Issue 49: the owner's catalogue at scale -----------------------------------------------
// Each target: [name, address in today's catalogue or null, address in the wide one or null].
// The wide seed's collections are edit-1 (a top category: the first, with the most products),
// edit-3 (a tag), edit-5 (on sale and a top category), edit-6 (in stock and a tag).
const CATALOGUE_TARGETS = [
  ["listing page (today's bench URL)", `/shop/listing?${FILTER}`, `/shop/listing?${FILTER}`],
  ["listing JSON (today's bench URL)", TARGETS["listing JSON"], TARGETS["listing JSON"]],
  // Men: 20% of today's products; in the wide one a top category with 4 subcategories, about 29%.
  ["listing, top category (men)", "/shop/listing?category=men", "/shop/listing?category=men"],
  [
    "listing, top category (men), page 8",
    "/shop/listing?category=men&sortBy=title-atoz&page=8",
    "/shop/listing?category=men&sortBy=title-atoz&page=8",
  ],
  // The last department of 40 and its subcategories: about 80 products, found by the filter and sorted.
  ["listing, small top category", null, "/shop/listing?category=department-40"],
  ["listing JSON, top category (men)", "/api/shop/products/get?category=men&limit=24", "/api/shop/products/get?category=men&limit=24"],
  // What the listing counts: its total and the filter options' counts (category_counts,
  // brand_counts, product_counts), a tag's products. The generated products of today's catalogue
  // are Nike's and Levi's only ((i * 3) % 6): a brand of them; in the wide one, one of 500.
  ["counts: one brand", "/shop/listing?brand=nike", "/shop/listing?brand=label-11"],
  [
    "counts: top category x 3 brands",
    "/shop/listing?category=men&brand=nike,adidas,puma",
    "/shop/listing?category=men&brand=nike,adidas,label-11",
  ],
  ["counts: a tag", null, "/shop/listing?tag=linen"],
  ["counts: a tag in a top category", null, "/shop/listing?category=men&tag=linen"],
  ["collection: top category rule", null, "/shop/collections/edit-1"],
  ["collection: tag rule", null, "/shop/collections/edit-3"],
  ["collection: on sale + category", null, "/shop/collections/edit-5"],
  ["collection: in stock + tag", null, "/shop/collections/edit-6"],
  ["home", "/shop/home", "/shop/home"],
];

/**
 * Loads each target on the two running shops (one worker each), today's and then the wide one's
 * in turn, so that both meet the same load on the machine; a page that answers 404 is noted and
 * left out. With BENCH_ROUNDS=n every pair is measured n times in turn and the best kept, so that
 * a burst of other work on a shared machine weighs less. Returns [today's figures, the wide one's].
 */
async function measureCatalogue(shops) {
  const cookies = await Promise.all(shops.map((origin) => signIn(origin)));
  const figures = [new Map(), new Map()];
  for (const [name, ...targets] of CATALOGUE_TARGETS) {
    for (let round = 0; round < rounds; round++) {
      for (const [i, origin] of shops.entries()) {
        const target = targets[i];
        if (target === null || figures[i].get(name)?.missing) continue;
        const shape = i === 0 ? "today" : "wide";
        const check = await fetch(origin + target, { headers: { cookie: cookies[i] }, redirect: "manual" });
        if (check.status === 404) {
          console.log(`  ${shape.padEnd(6)} ${name.padEnd(38)} not measured: ${target} answered 404 (no such page yet)`);
          figures[i].set(name, { missing: true });
          continue;
        }
        if (check.status !== 200) throw new Error(`${target} answered ${check.status}`);
        // The page's size too: a page that grows with the catalogue costs in rendering, not in SQL.
        const kb = Math.round((await check.arrayBuffer()).byteLength / 1024);
        const r = { ...(await load(origin + target, cookies[i])), kb };
        if (r.errors) console.log(`  (${r.errors} errors or non-2xx answers on ${name})`);
        if (r.rps > (figures[i].get(name)?.rps ?? -1)) figures[i].set(name, r);
        console.log(
          `  ${shape.padEnd(6)} ${name.padEnd(38)} median ${String(r.p50).padStart(4)} ms   ${String(r.rps).padStart(6)} req/s   ${String(kb).padStart(4)} KB`,
        );
      }
    }
  }
  return figures;
}

if (catalogueSize) {
  const columns = []; // { label, figures }
  const shopEnv = (database) => ({ ...database, NODE_ENV: "production", DEMO_MODE: "1", PUBLIC_CATALOGUE: "1", WEB_CONCURRENCY: "1" });
  for (const engine of engines) {
    const products = ["--products", String(catalogueSize)];
    await withSeededShop(engine, products, (today, seededToday) =>
      withSeededShop(engine, [...products, "--wide"], async (wide, seededWide) => {
        console.log(`\n${engine}, ${catalogueSize} products`);
        console.log(`  today's catalogue (5 categories, 6 brands): ${seededToday}`);
        console.log(`  wide catalogue (200 categories, 500 brands, tags, 50 collections): ${seededWide}`);
        const shops = [`http://127.0.0.1:${port}`, `http://127.0.0.1:${port + 1}`];
        const run = (database, at, work) => withServer("server.mjs", shopEnv(database), "/auth/login", work, ONE_WORKER_FLAGS, at);
        await run(today, port, () =>
          run(wide, port + 1, async () => {
            const [a, b] = await measureCatalogue(shops);
            columns.push({ label: `${engine} today`, figures: a }, { label: `${engine} wide`, figures: b });
            return {};
          }),
        );
      }),
    );
  }
  const cell = (r) => (!r ? "-" : r.missing ? "404" : `${r.rps} req/s ${String(r.p50).padStart(3)} ms ${String(r.kb).padStart(3)} KB`);
  const width = 27;
  console.log(
    `\nthe owner's catalogue at ${catalogueSize} products (1 worker, ${connections} connections, ${duration} s per target, best of ${rounds}; req/s, median, page size)`,
  );
  console.log(`  ${"".padEnd(38)} ${columns.map((c) => c.label.padStart(width)).join(" ")}`);
  for (const [name] of CATALOGUE_TARGETS) {
    console.log(`  ${name.padEnd(38)} ${columns.map((c) => cell(c.figures.get(name)).padStart(width)).join(" ")}`);
  }
  console.log("goal (issue 49): in the wide catalogue, a top category, a collection page and the counts as fast as today's listing page");
}

if (postgresServer && (only === "" || only === "writes")) {
  console.log(`\nwrite load on PostgreSQL (${duration * 2} s, after ${warmup} s unmeasured)`);
  await benchWrites({
    root,
    serverUrl: postgresServer,
    seconds: duration * 2,
    warmupSeconds: warmup,
    shoppers: Number(process.env.BENCH_SHOPPERS ?? 12),
    basePort: port + 10,
  });
}
