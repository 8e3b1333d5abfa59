import { chromium } from "@playwright/test";
const B = "http://127.0.0.1:3100";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run"] });
const S = ["shopper@example.com", "shopper-demo-123"];
const list = process.argv.slice(2);
const defs = {
  "home": { path: "/shop/home", full: true },
  "home-mobile": { path: "/shop/home", width: 375, height: 800, full: true },
  "listing": { path: "/shop/listing?category=men,women&sortBy=price-hightolow", full: false },
  "listing-nojs": { path: "/shop/listing?brand=nike", js: false },
  "listing-mobile": { path: "/shop/listing", width: 375, height: 800, full: true },
  "listing-empty": { path: "/shop/listing?category=kids&brand=zara&page=1" },
  "dialog": { path: "/shop/listing", before: async (p) => { await p.locator("[data-product-link]").nth(2).click(); await p.waitForSelector("dialog[open]"); await p.waitForTimeout(300); } },
  "dialog-review": { path: "/shop/search?keyword=jeans", before: async (p) => { await p.getByRole("link", { name: /501 Original/ }).first().click(); await p.waitForSelector("dialog[open]"); await p.waitForTimeout(300); } },
  "dialog-nojs-mobile": { path: "/shop/search?keyword=air%20max", js: false, width: 375, height: 800, before: async (p) => { await p.locator("[data-product-link]").first().click(); } },
  "search": { path: "/shop/search?keyword=classic" },
  "search-none": { path: "/shop/search?keyword=zzzzzz" },
};
for (const name of list) {
  const d = defs[name];
  const ctx = await browser.newContext({ viewport: { width: d.width ?? 1280, height: d.height ?? 800 }, javaScriptEnabled: d.js ?? true });
  const page = await ctx.newPage();
  await page.goto(B + "/auth/login");
  await page.getByLabel("Email").fill(S[0]); await page.getByLabel("Password").fill(S[1]);
  await page.getByRole("button", { name: "Sign In" }).click(); await page.waitForURL(/shop/);
  await page.goto(B + d.path);
  if (d.before) await d.before(page);
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: !!d.full });
  await ctx.close();
}
await browser.close();
