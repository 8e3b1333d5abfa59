// npm run weight: the JS and CSS a first visit downloads on the main pages, raw and gzip.
// Starts the built server on temporary demo data, visits each page with an empty cache in the
// system Chromium, and sums the script and stylesheet responses. Prints figures; asserts nothing.
import { chromium } from "@playwright/test";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.WEIGHT_PORT ?? 3320);
const base = `http://127.0.0.1:${port}`;
if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], { cwd: root, stdio: "inherit" });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-weight-"));
const server = spawn(process.execPath, [path.join(root, "server.mjs")], {
  cwd: root,
  env: { ...process.env, NODE_ENV: "production", DEMO_MODE: "1", DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn" },
  stdio: "ignore",
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
try {
  for (let i = 0; i < 100; i++) {
    if ((await fetch(`${base}/healthz`).catch(() => null))?.ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const pages = [
    ["home", "/shop/home", "shopper"],
    ["listing", "/shop/listing?category=men,women&sortBy=price-hightolow", "shopper"],
    ["search", "/shop/search?keyword=jeans", "shopper"],
    ["checkout", "/shop/checkout", "shopper"],
    ["admin products", "/admin/products", "admin"],
  ];
  const accounts = {
    shopper: { email: "shopper@example.com", password: "shopper-demo-123" },
    admin: { email: "admin@example.com", password: "admin-demo-123" },
  };
  console.log(`${"page".padEnd(16)} ${"JS raw".padStart(10)} ${"JS gzip".padStart(10)} ${"CSS raw".padStart(10)} ${"CSS gzip".padStart(10)} ${"JS+CSS gzip".padStart(12)}`);
  for (const [name, url, who] of pages) {
    const context = await browser.newContext();
    const login = await context.request.post(`${base}/api/auth/login`, { data: accounts[who] });
    if (!(await login.json()).success) throw new Error(`could not sign in as ${who}`);
    const page = await context.newPage();
    const sizes = { script: [0, 0], stylesheet: [0, 0] };
    const pending = [];
    page.on("response", (response) => {
      const type = response.request().resourceType();
      if (type !== "script" && type !== "stylesheet") return;
      pending.push(
        response.body().then((body) => {
          sizes[type][0] += body.length;
          sizes[type][1] += zlib.gzipSync(body, { level: 6 }).length;
        }),
      );
    });
    await page.goto(base + url, { waitUntil: "networkidle" });
    await Promise.all(pending);
    const [jsRaw, jsGzip] = sizes.script;
    const [cssRaw, cssGzip] = sizes.stylesheet;
    console.log(`${name.padEnd(16)} ${kb(jsRaw).padStart(10)} ${kb(jsGzip).padStart(10)} ${kb(cssRaw).padStart(10)} ${kb(cssGzip).padStart(10)} ${kb(jsGzip + cssGzip).padStart(12)}`);
    await context.close();
  }
  console.log("\nReference: the legacy single-page client shipped about 150 KB of gzip JS+CSS on first visit.");
} finally {
  await browser.close();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
