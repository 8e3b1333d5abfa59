import { gzipBytes, pageWeight } from "#scripts/lib/page-weight.mjs";
import { BUDGET_PAGES, JS_CSS_GZIP_BYTES, kb, type BudgetPage } from "#tests/budgets";
import { expect, test } from "./fixtures";
import { ADMIN, SHOPPER } from "./helpers";

// The JS and CSS budgets (tests/budgets.ts, issue 52): each main page opened as a first visit
// (a new browser context, so an empty cache) sums the gzip bytes of every script and stylesheet it
// downloads, as `npm run weight` counts them, and stays within its budget. The scripts are the
// same whatever the engine and are only downloaded with JavaScript on: the "js" project only.

const WHO: Record<BudgetPage, typeof SHOPPER | typeof ADMIN | null> = {
  listing: SHOPPER,
  home: SHOPPER,
  search: SHOPPER,
  product: SHOPPER,
  cart: SHOPPER,
  checkout: SHOPPER,
  orders: SHOPPER,
  signIn: null,
  adminProducts: ADMIN,
  adminDashboard: ADMIN,
};

test.describe("JS+CSS budgets", () => {
  test.skip(
    ({ javaScriptEnabled, engine }) => !javaScriptEnabled || engine !== "sqlite",
    "the same bytes in every project: counted once, in js",
  );

  for (const [name, path] of Object.entries(BUDGET_PAGES) as [BudgetPage, string][]) {
    test(`${name} (${path}): JS+CSS gzip within its budget`, async ({ browser, shop }) => {
      const context = await browser.newContext({ baseURL: shop.url });
      const who = WHO[name];
      if (who) {
        const login = await context.request.post("/api/auth/login", { data: { email: who.email, password: who.password } });
        expect((await login.json()).success, `sign in ${who.email}`).toBe(true);
      }
      const files = await pageWeight(context, shop.url + path);
      await context.close();
      expect(files.filter((f) => f.type === "script").length, "the page's scripts were downloaded").toBeGreaterThan(0);
      const bytes = gzipBytes(files);
      const budget = JS_CSS_GZIP_BYTES[name];
      // The figure, for the run's output: pages under budget say how far under.
      console.log(`JS+CSS gzip  ${name.padEnd(15)} ${kb(bytes).padStart(26)}   budget ${kb(budget)}`);
      expect(bytes, `${name} (${path}) downloads ${kb(bytes)} of JS+CSS gzip; its budget is ${kb(budget)}`).toBeLessThanOrEqual(budget);
    });
  }
});
