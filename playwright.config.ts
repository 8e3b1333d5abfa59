import { existsSync, readdirSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import type { Engine } from "./tests/e2e/fixtures";

type WorkerOptions = { engine: Engine };
const postgres: Engine = "postgres";

// Browser tests run against the built app (npm run build). Each worker starts its own demo shop on
// a fresh data folder (the `shop` fixture in tests/e2e/fixtures.ts), so tests run in parallel
// without sharing carts, products or banners.
//
// Three projects: "http" runs the *.http.spec.ts files once, with no browser (JSON, status codes,
// headers, servers started and refused); "js" and "no-js" run every other spec in Chromium with
// JavaScript on and off, except that tests tagged @needs-js (axe, the focus trap, timers) run in
// "js" only.
const HTTP_SPECS = /\.http\.spec\.ts$/;
// Specs about SQLite itself (its file, its lock, processes sharing it), and the one about several
// instances over one PostgreSQL database.
const SQLITE_ONLY = [/startup\.http\.spec\.ts$/, /two-processes\.http\.spec\.ts$/];
const POSTGRES_ONLY = /instances\.http\.spec\.ts$/;

// On PostgreSQL every browser spec runs once, alternately with JavaScript (js-pg) and without it
// (no-js-pg), and every @needs-js test with JavaScript: the engine is behind the server and the
// scripts are in the browser, and a form reaches the same action either way, so each assertion
// still runs on both engines and in both modes, and the suite stays within CI's time (decision
// 0077). E2E_PG_BOTH_MODES=1 runs every browser spec in both modes on PostgreSQL too.
const BROWSER_SPECS = readdirSync(new URL("tests/e2e/", import.meta.url))
  .filter((file) => file.endsWith(".spec.ts") && !HTTP_SPECS.test(file))
  .sort();
const escape = (file: string) => file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const bothModes = process.env.E2E_PG_BOTH_MODES === "1";
const half = (parity: number) =>
  BROWSER_SPECS.filter((_, i) => bothModes || i % 2 === parity)
    .map(escape)
    .join("|");
/** js-pg's specs, as `grep` sees a test: its project, file, describe and test titles and tags, with spaces between. */
const PG_WITH_JS = new RegExp(`(^| |/)(${half(0)}) `);
/** no-js-pg's spec files. */
const PG_WITHOUT_JS = new RegExp(`(^|/)(${half(1)})$`);

// Chromium's headless shell (Debian: chromium-headless-shell) when it is there: it draws no browser
// window behind the page and runs the suite in about half the time of the full browser.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export default defineConfig<object, WorkerOptions>({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // E2E_TIMINGS=<file> also writes every test's duration there (Playwright's JSON report), to find
  // what makes the suite slow.
  reporter: [
    [process.env.CI ? "line" : "list"],
    // Each failure's error again at the very end, where a truncated CI log still shows it.
    ["./tests/support/failures-reporter.ts"],
    ...(process.env.E2E_TIMINGS ? [["json", { outputFile: process.env.E2E_TIMINGS }] as const] : []),
  ],
  timeout: 30_000,
  use: {
    // A failed test keeps a trace of DOM snapshots and a screenshot of where it stopped. Tracing
    // without the screencast costs about a tenth of the suite's time; with it, about a third.
    // In CI (CI set) nobody can open a trace after the run, so none is recorded there: the error,
    // its screenshot and the page's snapshot (error-context.md) are what CI's log and files keep.
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: false },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "http", testMatch: HTTP_SPECS, testIgnore: POSTGRES_ONLY },
    { name: "js", testIgnore: HTTP_SPECS, use: { javaScriptEnabled: true } },
    { name: "no-js", testIgnore: HTTP_SPECS, grepInvert: /@needs-js/, use: { javaScriptEnabled: false } },
    // The same three again with every shop on a PostgreSQL database of its own (TEST_DATABASE_URL's
    // server), when it is set; specs about SQLite files stay on SQLite.
    ...(process.env.TEST_DATABASE_URL
      ? [
          { name: "http-pg", testMatch: HTTP_SPECS, testIgnore: SQLITE_ONLY, use: { engine: postgres } },
          {
            name: "js-pg",
            testIgnore: [HTTP_SPECS, ...SQLITE_ONLY],
            // Its half of the specs, and every test that needs JavaScript wherever it is.
            grep: [PG_WITH_JS, /@needs-js/],
            use: { javaScriptEnabled: true, engine: postgres },
          },
          {
            name: "no-js-pg",
            testMatch: PG_WITHOUT_JS,
            testIgnore: [HTTP_SPECS, ...SQLITE_ONLY],
            grepInvert: /@needs-js/,
            use: { javaScriptEnabled: false, engine: postgres },
          },
        ]
      : []),
  ],
});
