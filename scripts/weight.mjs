// npm run weight: the JS and CSS a first visit downloads on the main pages, raw and gzip.
// Starts the built server on temporary demo data, visits each page with an empty cache in the
// system Chromium, and sums the script and stylesheet responses (scripts/lib/page-weight.mjs, which
// the budgets' spec tests/e2e/budgets.spec.ts uses too). Each script is split into the
// framework runtime (React, React DOM, React Router: the floor any page of this stack pays) and our
// own code, using build/client-chunks.json (which modules each chunk holds, written at build time
// by vite.config.ts). Prints figures; asserts nothing. `npm run weight -- --chunks` lists the files.
import { chromium } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { ensureBuild, root, signIn, startServer } from "./lib/built-app.mjs";
import { pageWeight } from "./lib/page-weight.mjs";

const GOAL_KB = 130;
const port = Number(process.env.WEIGHT_PORT ?? 3320);
const showChunks = process.argv.includes("--chunks");

ensureBuild();
const chunkModules = JSON.parse(fs.readFileSync(path.join(root, "build/client-chunks.json"), "utf8"));
const FRAMEWORK = /(^|\/)node_modules\/(react|react-dom|scheduler|react-router|@react-router\/[^/]+)\/|^commonjsHelpers\.js$/;

/**
 * Shares of a chunk that are framework code and other libraries (node_modules), by the rendered size
 * of its modules; the rest is our app code. Unmixed chunks give 1 or 0.
 */
function shares(file) {
  const modules = chunkModules[file];
  // Not a bundled chunk (none expected): counted as ours.
  if (!modules) return { framework: 0, library: 0 };
  let framework = 0;
  let library = 0;
  let total = 0;
  for (const [id, size] of Object.entries(modules)) {
    total += size;
    if (FRAMEWORK.test(id)) framework += size;
    else if (id.includes("node_modules/")) library += size;
  }
  return total ? { framework: framework / total, library: library / total } : { framework: 0, library: 0 };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const pages = [
  ["home", "/shop/home", "shopper"],
  ["listing", "/shop/listing?category=men,women&sortBy=price-hightolow", "shopper"],
  ["search", "/shop/search?keyword=jeans", "shopper"],
  ["checkout", "/shop/checkout", "shopper"],
  ["admin products", "/admin/products", "admin"],
  // The first page a visitor sees (the shop asks them to sign in), with its form.
  ["sign in", "/auth/login", null],
];

const { base, stop } = await startServer(port);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
try {
  const results = [];
  for (const [name, url, who] of pages) {
    const context = await browser.newContext(who ? { extraHTTPHeaders: { Cookie: await signIn(base, who) } } : {});
    const files = (await pageWeight(context, base + url)).map((f) => {
      const share = f.type === "script" ? shares(f.file) : { framework: 0, library: 0 };
      return { ...f, frameworkGzip: f.gzip * share.framework, libraryGzip: f.gzip * share.library };
    });
    await context.close();
    const sum = (list, key) => list.reduce((total, f) => total + f[key], 0);
    const scripts = files.filter((f) => f.type === "script");
    const styles = files.filter((f) => f.type === "stylesheet");
    results.push({
      name,
      files,
      jsRaw: sum(scripts, "raw"),
      jsGzip: sum(scripts, "gzip"),
      cssRaw: sum(styles, "raw"),
      cssGzip: sum(styles, "gzip"),
      floorGzip: sum(scripts, "frameworkGzip"),
      libraryGzip: sum(scripts, "libraryGzip"),
    });
  }

  const header = (cols) => cols.map(([text, width], i) => (i ? text.padStart(width) : text.padEnd(width))).join(" ");
  console.log(
    header([
      ["page", 16],
      ["JS raw", 10],
      ["JS gzip", 10],
      ["CSS raw", 10],
      ["CSS gzip", 10],
      ["JS+CSS gzip", 12],
    ]),
  );
  for (const r of results) {
    console.log(
      header([
        [r.name, 16],
        [kb(r.jsRaw), 10],
        [kb(r.jsGzip), 10],
        [kb(r.cssRaw), 10],
        [kb(r.cssGzip), 10],
        [kb(r.jsGzip + r.cssGzip), 12],
      ]),
    );
  }

  console.log(`\ngzip, split: framework runtime floor (react, react-dom, scheduler, react-router) vs our code`);
  console.log(`(our JS: the app's code plus the libraries it bundles, shown apart as "of it libs")`);
  console.log(
    header([
      ["page", 16],
      ["floor JS", 10],
      ["our JS", 10],
      ["of it libs", 11],
      ["CSS", 10],
      ["total", 10],
      [`goal ${GOAL_KB} KB`, 14],
    ]),
  );
  for (const r of results) {
    const total = r.jsGzip + r.cssGzip;
    const verdict = total <= GOAL_KB * 1024 ? "met" : `over ${kb(total - GOAL_KB * 1024)}`;
    console.log(
      header([
        [r.name, 16],
        [kb(r.floorGzip), 10],
        [kb(r.jsGzip - r.floorGzip), 10],
        [kb(r.libraryGzip), 11],
        [kb(r.cssGzip), 10],
        [kb(total), 10],
        [verdict, 14],
      ]),
    );
  }

  if (showChunks) {
    for (const r of results) {
      console.log(`\n${r.name}:`);
      for (const f of r.files.sort((a, b) => b.gzip - a.gzip)) {
        const kind =
          f.type === "stylesheet"
            ? "css"
            : f.frameworkGzip >= f.gzip
              ? "framework"
              : f.frameworkGzip > 0
                ? "mixed"
                : f.libraryGzip > 0
                  ? "ours+libs"
                  : "ours";
        console.log(`  ${kb(f.gzip).padStart(9)} gzip ${kb(f.raw).padStart(9)} raw  ${kind.padEnd(9)} ${f.file}`);
      }
    }
  }

  console.log(
    `\nReference: the legacy single-page client shipped about 150 KB of gzip JS+CSS before showing anything;` +
      `\nthe React 19 + React Router runtime alone is about 106 KB gzip ("floor JS"; KB here are 1,024 bytes).` +
      `\nGoal: the listing under ${GOAL_KB} KB gzip JS+CSS.` +
      `\nEvery page is rendered on the server, so its content shows before any of this JavaScript runs.`,
  );
} finally {
  await browser.close();
  await stop();
}
