// npm run bench: latency and throughput of the storefront at 1,000 and 100,000 products.
// For each size: a fresh DATA_DIR, the generated catalog (scripts/seed.ts --products N), the built
// server on 127.0.0.1, a signed-in shopper, then autocannon against each target. Prints figures;
// it asserts nothing (speed goals are read from the output, not enforced by timed tests).
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const sizes = (process.env.BENCH_SIZES ?? "1000,100000").split(",").map(Number);
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3310);
const base = `http://127.0.0.1:${port}`;

if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.log("building the app first...");
  spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], { cwd: root, stdio: "inherit" });
}

async function waitFor(url, child) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error("server exited");
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer ${url}`);
}

function run(url, cookie) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers: { cookie } }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const rows = [];
for (const size of sizes) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
  const env = { ...process.env, DATA_DIR: dataDir };
  const seeded = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/seed.ts", "--products", String(size)], {
    cwd: root,
    env,
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(seeded.stderr);
  console.log(`\n${size} products: ${seeded.stdout.trim().split("\n").pop()}`);

  const server = spawn(process.execPath, [path.join(root, "server.mjs")], {
    cwd: root,
    env: { ...env, NODE_ENV: "production", DEMO_MODE: "1", HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  try {
    await waitFor(`${base}/auth/login`, server);
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "shopper@example.com", password: "shopper-demo-123" }),
    });
    const cookie = login.headers.get("set-cookie").split(";")[0];
    const first = await (await fetch(`${base}/api/shop/products/get?limit=1`, { headers: { cookie } })).json();
    const targets = {
      "listing (filter + sort)": "/shop/listing?category=men,women&brand=nike,adidas,puma&sortBy=price-hightolow",
      "listing page 8": "/shop/listing?category=men&sortBy=title-atoz&page=8",
      "search page": "/shop/search?keyword=classic%20hoodie",
      "product JSON": `/api/shop/products/get/${first.data[0]._id}`,
      home: "/shop/home",
    };
    for (const [name, target] of Object.entries(targets)) {
      const check = await fetch(base + target, { headers: { cookie }, redirect: "manual" });
      if (check.status !== 200) throw new Error(`${target} answered ${check.status}`);
      const r = await run(base + target, cookie);
      rows.push({
        products: size,
        target: name,
        p50: r.latency.p50,
        p99: r.latency.p99,
        rps: Math.round(r.requests.average),
        errors: r.errors + r.non2xx,
      });
      console.log(
        `  ${name.padEnd(24)} median ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   ${String(Math.round(r.requests.average)).padStart(5)} req/s`,
      );
    }
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (sizes.length > 1) {
  const [small, large] = [sizes[0], sizes[sizes.length - 1]];
  console.log(`\nmedian latency at ${large} vs ${small} products (goal for listing and search: at most 2x)`);
  for (const target of new Set(rows.map((r) => r.target))) {
    const a = rows.find((r) => r.products === small && r.target === target);
    const b = rows.find((r) => r.products === large && r.target === target);
    console.log(`  ${target.padEnd(24)} ${a.p50} ms -> ${b.p50} ms  (${(b.p50 / Math.max(a.p50, 1)).toFixed(2)}x)`);
  }
}
console.log(`\n(${connections} connections, ${duration} s per target, on ${os.cpus().length} cores)`);
