// npm run lighthouse: Lighthouse (the npm package, default mobile settings with simulated
// throttling) on the shop pages, in the system Chromium, against the built server on temporary demo
// data with the demo shopper signed in, and a product page as a visitor sees it. The shop is open
// to visitors (PUBLIC_CATALOGUE=1) on PUBLIC_URL = the address measured, so canonical addresses and
// robots.txt are what a search engine gets; SEO counts robots.txt, so the pages it keeps crawlers
// from (search, checkout, account) lose "Page isn't blocked from indexing", as they should. Prints
// the four category scores per page and, for a page below the goals, the audits that cost it. A
// measurement: it exits 0 either way (a page whose every attempt ended in a Lighthouse runtime
// error is listed as not measured). Offline: the browser runs without background networking and
// the pages load nothing from other hosts.
import * as chromeLauncher from "chrome-launcher";
import fs from "node:fs";
import path from "node:path";
import lighthouse from "lighthouse";
import { ensureBuild, signIn, startServer } from "./lib/built-app.mjs";

const port = Number(process.env.LIGHTHOUSE_PORT ?? 3330);
// LIGHTHOUSE_REPORTS=some/dir also writes each page's full report (<page>.report.json) there.
const reportDir = process.env.LIGHTHOUSE_REPORTS;
// Performance varies from run to run (more so on a busy machine): each page runs this many times
// and the run with the median performance score is reported.
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
// A run that ends in a Lighthouse runtime error (Debian's Chromium often gives NO_NAVSTART, "Something
// went wrong with recording the trace") is run again, up to this many attempts per run.
const attempts = Math.max(1, Number(process.env.LIGHTHOUSE_ATTEMPTS ?? 4));
const GOALS = { performance: 98, accessibility: 100 };
// The largest contentful paint, at most (issue 42).
const LCP_GOAL_MS = 1500;
const CATEGORIES = [
  ["performance", "perf"],
  ["accessibility", "a11y"],
  ["best-practices", "best pr."],
  ["seo", "SEO"],
];
// The product page's path is read once the shop runs (productPage). It is measured first, before
// any signed-in page could leave a cookie in the browser.
const PRODUCT = "/shop/products/:handle";
const ALL_PAGES = [
  ["product", PRODUCT],
  ["home", "/shop/home"],
  // Not sorted: robots.txt keeps crawlers from sorted listings (decision 0052).
  ["listing", "/shop/listing?category=men,women"],
  ["search", "/shop/search?keyword=jeans"],
  ["checkout", "/shop/checkout"],
  ["account", "/shop/account"],
];
// LIGHTHOUSE_PAGES=checkout,account measures only those.
const only = process.env.LIGHTHOUSE_PAGES?.split(",").map((name) => name.trim());
const pages = only ? ALL_PAGES.filter(([name]) => only.includes(name)) : ALL_PAGES;

ensureBuild();
const { base, stop } = await startServer(port, { PUBLIC_CATALOGUE: "1", PUBLIC_URL: `http://127.0.0.1:${port}` });
// A browser that cannot start (CHROMIUM_PATH wrong) stops the shop too, rather than leaving it running.
const chrome = await chromeLauncher
  .launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
    logLevel: "silent",
  })
  .catch(async (error) => {
    await stop();
    throw error;
  });

/** One Lighthouse run of `url`; a runtime error is retried. Returns the report, or the last error. */
async function measure(url, cookie) {
  let lastError = "";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    let lhr;
    lastError = "";
    try {
      const result = await lighthouse(
        url,
        { port: chrome.port, output: "json", logLevel: "error", extraHeaders: cookie ? { Cookie: cookie } : {} },
        // Lighthouse's default config: mobile form factor and screen, simulated throttling.
        undefined,
      );
      lhr = result?.lhr;
    } catch (error) {
      // Some runtime errors are thrown rather than reported in the result.
      lhr = undefined;
      lastError = `${error.code ?? error.name}: ${error.message}`;
    }
    if (!lhr) lastError ||= "Lighthouse returned no result";
    else if (lhr.runtimeError) lastError = `${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    else if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}: not signed in?`);
    } else return { lhr, retries: attempt - 1 };
    console.error(`${new URL(url).pathname}: attempt ${attempt} of ${attempts} ended in ${lastError}`);
  }
  return { error: lastError, retries: attempts };
}

/**
 * The page of a demo product as a visitor opens it: one with sizes or colours to choose and
 * reviews, where there is one (its JSON-LD is then a ProductGroup with a rating).
 */
async function productPage(cookie) {
  const { data } = await (await fetch(`${base}/api/shop/products/get?limit=100`, { headers: { Cookie: cookie } })).json();
  const product = data.find((p) => p.variants.length > 1 && p.averageReview > 0) ?? data.find((p) => p.variants.length > 1) ?? data[0];
  return `/shop/products/${product.handle}`;
}

const rows = [];
try {
  const cookie = await signIn(base, "shopper");
  for (const [name, page] of pages) {
    const visitor = page === PRODUCT;
    const pagePath = visitor ? await productPage(cookie) : page;
    const results = [];
    let retries = 0;
    let error = "";
    for (let run = 0; run < runs; run++) {
      const outcome = await measure(base + pagePath, visitor ? "" : cookie);
      retries += outcome.retries;
      if (outcome.lhr) results.push(outcome.lhr);
      else error = outcome.error;
    }
    if (!results.length) {
      rows.push({ name, path: pagePath, error, retries });
      continue;
    }
    results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = results[Math.floor((results.length - 1) / 2)];
    if (reportDir) {
      fs.mkdirSync(reportDir, { recursive: true });
      fs.writeFileSync(path.join(reportDir, `${name}.report.json`), JSON.stringify(lhr, null, 1));
    }
    const scores = Object.fromEntries(CATEGORIES.map(([id]) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
    const perfRange = results.map((r) => Math.round(r.categories.performance.score * 100));
    const benchmark = lhr.environment.benchmarkIndex;
    rows.push({ name, path: pagePath, scores, lhr, perfRange, benchmark, retries });
  }
} finally {
  await chrome.kill();
  await stop();
}
const measured = rows.filter((row) => row.lhr);

const cell = (text, width) => String(text).padStart(width);
console.log(
  `Lighthouse ${measured[0]?.lhr.lighthouseVersion ?? ""}, mobile, simulated throttling; ${base} with the demo shopper signed in (the product page as a visitor)`,
);
console.log(`Median of ${runs} run(s) per page by performance score ("perf runs" lists them all).`);
console.log(
  `${"page".padEnd(10)}${CATEGORIES.map(([, label]) => cell(label, 10)).join("")}${cell("perf runs", 14)}   goal (perf ${GOALS.performance}+, LCP ≤ ${LCP_GOAL_MS / 1000} s, a11y ${GOALS.accessibility})`,
);
for (const { name, scores, perfRange, error, retries, lhr } of rows) {
  const again = retries ? ` (${retries} run(s) repeated after a Lighthouse error)` : "";
  if (error) {
    console.log(`${name.padEnd(10)}not measured: every attempt ended in ${error}`);
    continue;
  }
  const below = Object.entries(GOALS)
    .filter(([id, goal]) => scores[id] < goal)
    .map(([id]) => id);
  if (lhr.audits["largest-contentful-paint"].numericValue > LCP_GOAL_MS) below.push("LCP");
  const verdict = below.length ? `below goal (${below.join(", ")})` : "met";
  console.log(
    `${name.padEnd(10)}${CATEGORIES.map(([id]) => cell(scores[id], 10)).join("")}${cell(perfRange.join(" "), 14)}   ${verdict}${again}`,
  );
}

// Metrics, so a performance score can be read against its causes.
console.log(`\n${"page".padEnd(10)}${["FCP", "LCP", "TBT", "CLS", "SI"].map((m) => cell(m, 9)).join("")}${cell("CPU index", 11)}`);
for (const { name, lhr, benchmark } of measured) {
  const value = (id) => lhr.audits[id]?.displayValue ?? "?";
  console.log(
    `${name.padEnd(10)}${[
      "first-contentful-paint",
      "largest-contentful-paint",
      "total-blocking-time",
      "cumulative-layout-shift",
      "speed-index",
    ]
      .map((id) => cell(value(id), 9))
      .join("")}${cell(Math.round(benchmark), 11)}`,
  );
}

console.log("(CPU index: Lighthouse's benchmarkIndex of this machine during the run; lower means busier or slower, and TBT grows.)");

// What costs points, for each page and category under 100 (goals or not): the failing audits that
// count (a weight in the category, or estimated savings on a performance metric), heaviest first.
const savesTime = (audit) => Object.values(audit.metricSavings ?? {}).some((value) => value > 0);
for (const { name, lhr, scores } of measured) {
  for (const [id] of CATEGORIES) {
    if (scores[id] >= 100) continue;
    const failing = lhr.categories[id].auditRefs
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(
        ({ audit }) =>
          audit &&
          audit.score !== null &&
          audit.score < 0.9 &&
          audit.scoreDisplayMode !== "informative" &&
          audit.scoreDisplayMode !== "notApplicable",
      )
      .filter(({ ref, audit }) => ref.weight > 0 || savesTime(audit))
      .sort((a, b) => b.ref.weight - a.ref.weight);
    if (!failing.length) continue;
    console.log(`\n${name}, ${id} ${scores[id]}:`);
    for (const { audit } of failing.slice(0, 8)) {
      console.log(
        `  - ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""} [${audit.id}, score ${Math.round(audit.score * 100)}]`,
      );
    }
  }
}
