// How heavy a page is for a first visit: the scripts and stylesheets a browser with an empty cache
// downloads for it, each raw and gzipped (level 6, a server's usual). Shared by `npm run weight`
// (prints figures) and the budgets' browser spec (tests/e2e/budgets.spec.ts, fails a page over its
// budget), so both count the same bytes the same way.
import zlib from "node:zlib";

/**
 * Opens `url` in a new page of `context` (a fresh browser context: an empty cache) and waits until
 * the network is idle, so the modules started after the page's load (decision 0059) are in too.
 * Resolves with every script and stylesheet response: its path, type, raw and gzip bytes.
 */
export async function pageWeight(context, url) {
  const page = await context.newPage();
  const files = [];
  const pending = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    pending.push(
      response.body().then((body) => {
        const file = new URL(response.url()).pathname.replace(/^\//, "");
        files.push({ file, type, raw: body.length, gzip: zlib.gzipSync(body, { level: 6 }).length });
      }),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await Promise.all(pending);
  await page.close();
  return files;
}

/** The gzip bytes of JS and CSS together: what a page's budget counts. */
export const gzipBytes = (files) => files.reduce((total, f) => total + f.gzip, 0);
