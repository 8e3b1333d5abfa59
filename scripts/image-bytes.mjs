// npm run image-bytes: the bytes of images a first view downloads (issue 42's "before" and "after").
// Starts the built server on temporary demo data, signs the demo shopper in, and opens the listing
// and home in the system Chromium with an empty cache, on a phone (390x844, 3 device pixels per CSS
// pixel) and a laptop (1280x800, 1 device pixel), waits until the network is idle without scrolling
// (what loads before the shopper moves), and prints the images' count and bytes by type. The bytes
// are the response bodies as sent (after any compression). Prints figures; asserts nothing.
import { chromium } from "@playwright/test";
import { ensureBuild, signIn, startServer } from "./lib/built-app.mjs";

const port = Number(process.env.IMAGE_BYTES_PORT ?? 3340);
const PAGES = [
  ["listing", "/shop/listing"],
  ["home", "/shop/home"],
];
const SCREENS = [
  ["390 px", { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }],
  ["1280 px", { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 }],
];

/** "image/svg+xml; charset=utf-8" -> "svg", by the response's type (or the address's extension). */
function kindOf(response) {
  const type = (response.headers()["content-type"] ?? "").split(";")[0].trim();
  if (type.startsWith("image/")) return type.slice(6).replace("+xml", "");
  const ext = new URL(response.url()).pathname.match(/\.(\w+)$/)?.[1];
  return ext ?? (type || "unknown");
}

/** Opens `url` in a fresh context and returns the images it downloaded until the network was idle. */
async function imagesOf(browser, options, cookies, url) {
  const context = await browser.newContext(options);
  await context.addCookies(cookies);
  const page = await context.newPage();
  const pending = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "image" || request.url().startsWith("data:")) return;
    pending.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        return { url: request.url(), kind: response ? kindOf(response) : "unknown", bytes: sizes.responseBodySize };
      })(),
    );
  });
  const response = await page.goto(url, { waitUntil: "networkidle" });
  if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`${url} ended on ${page.url()}: not signed in?`);
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
  const images = await Promise.all(pending);
  await context.close();
  return images;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

ensureBuild();
const { base, stop } = await startServer(port);
let browser;
try {
  const cookie = await signIn(base, "shopper");
  const cookies = cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--disable-background-networking", "--disable-component-update"],
  });
  console.log(`Images downloaded by a first view (empty cache, no scrolling, until the network is idle), ${base}, demo shopper signed in`);
  console.log(`${"page".padEnd(10)}${"screen".padEnd(10)}${"images".padStart(7)}${"KB".padStart(10)}   by type`);
  for (const [name, pagePath] of PAGES) {
    for (const [screen, options] of SCREENS) {
      const images = await imagesOf(browser, options, cookies, base + pagePath);
      const byKind = new Map();
      for (const { kind, bytes } of images) {
        const entry = byKind.get(kind) ?? { count: 0, bytes: 0 };
        entry.count += 1;
        entry.bytes += bytes;
        byKind.set(kind, entry);
      }
      const total = images.reduce((sum, image) => sum + image.bytes, 0);
      const detail = [...byKind].map(([kind, { count, bytes }]) => `${kind} ${count} (${kb(bytes)} KB)`).join(", ") || "none";
      console.log(`${name.padEnd(10)}${screen.padEnd(10)}${String(images.length).padStart(7)}${kb(total).padStart(10)}   ${detail}`);
      if (process.argv.includes("--list")) for (const image of images) console.log(`    ${kb(image.bytes).padStart(8)} KB  ${image.url}`);
    }
  }
} finally {
  await browser?.close();
  await stop();
}
