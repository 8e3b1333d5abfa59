// npm run bench:import: importing a generated Shopify CSV of 5,000 products x 6 variants (issue 50)
// into a fresh demo shop over its /api, the way an owner's upload goes: the dry run (the POST's
// answer time: reading, planning, storing the plan) and then the apply in the background (start
// to "done", read from GET /api/admin/products/import/:id). On SQLite, and on PostgreSQL too when
// TEST_DATABASE_URL is set (a database of its own, dropped afterwards). Prints figures, asserts
// nothing. BENCH_IMPORT_PRODUCTS and BENCH_IMPORT_VARIANTS change the size. Needs a build
// (`npx react-router build`).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createTestDatabase, dropTestDatabase } from "#tests/postgres/databases";
import { shopifyCsv } from "#tests/support/shopify-file";
import { treeRssMb } from "./lib/process-tree.mjs";

const root = path.resolve(import.meta.dirname, "..");
const products = Number(process.env.BENCH_IMPORT_PRODUCTS) || 5000;
const variants = Number(process.env.BENCH_IMPORT_VARIANTS) || 6;
const ADMIN = { email: "admin@example.com", password: "admin-demo-123" };

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

type Figures = { engine: string; planMs: number; applyMs: number; perSecond: number; peakRssMb: number; state: string; problems: number };

async function measure(engine: "sqlite" | "postgres", csv: Buffer): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
  const databaseUrl = engine === "postgres" ? await createTestDatabase("bench_import") : undefined;
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, "server.mjs")], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      DEMO_MODE: "1",
      PAYPAL_MODE: "simulator",
      WEB_CONCURRENCY: "1",
      LOG_LEVEL: "warn",
      SESSION_SECRET: "be4c4be4c4".repeat(7),
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: "ignore",
  });
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(child.pid!))), 200);
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if ((await fetch(`${url}/healthz`).catch(() => null))?.status === 200) break;
      if (i > 600 || child.exitCode !== null) throw new Error("the shop did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = await fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const form = new FormData();
    form.set("file", new File([new Uint8Array(csv)], "bench.csv", { type: "text/csv" }));
    let started = performance.now();
    const planned = await fetch(`${url}/api/admin/products/import?dryRun=1`, { method: "POST", headers: { cookie }, body: form });
    const planMs = performance.now() - started;
    const { data } = (await planned.json()) as { data: { id: string } };
    started = performance.now();
    await fetch(`${url}/api/admin/products/import/${data.id}/start`, { method: "POST", headers: { cookie } });
    let job: { state: string; itemsDone: number; applyProblems: unknown[] };
    for (;;) {
      job = (await (await fetch(`${url}/api/admin/products/import/${data.id}`, { headers: { cookie } })).json()).data;
      if (job.state === "done" || job.state === "failed") break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const applyMs = performance.now() - started;
    return {
      engine,
      planMs: Math.round(planMs),
      applyMs: Math.round(applyMs),
      perSecond: Math.round((job.itemsDone / applyMs) * 1000),
      peakRssMb: Math.round(Math.max(peak, treeRssMb(child.pid!))),
      state: job.state,
      problems: job.applyProblems.length,
    };
  } finally {
    clearInterval(sampler);
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropTestDatabase(databaseUrl);
  }
}

const csv = Buffer.from(shopifyCsv({ products, variantsPerProduct: variants }));
console.log(`Importing ${products} products x ${variants} variants (${(csv.byteLength / 1024 / 1024).toFixed(1)} MB of CSV), one worker`);
const engines: Array<"sqlite" | "postgres"> = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
const rows: Figures[] = [];
for (const engine of engines) rows.push(await measure(engine, csv));
console.table(
  rows.map((r) => ({
    engine: r.engine,
    "dry run (ms)": r.planMs,
    "apply (ms)": r.applyMs,
    "products/s": r.perSecond,
    "peak RSS (MB)": r.peakRssMb,
    state: r.state,
    "apply problems": r.problems,
  })),
);
