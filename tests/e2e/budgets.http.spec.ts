import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { BUDGET_PAGES, kb, LISTING_JSON, QUERIES, RESPONSE_BYTES } from "#tests/budgets";
import { expect, test } from "./fixtures";
import { SHOPPER } from "./helpers";
import { startDemoShop, type OwnServer } from "./own-server";

// The budgets of bytes and database queries (tests/budgets.ts, issue 52), on a shop of its own as
// `npm run bench` runs it: the demo data, open to visitors, one process; and COUNT_QUERIES=1, so
// each answer says in X-Database-Queries how many queries it made.

let server: OwnServer;
let shopper: APIRequestContext;
let visitor: APIRequestContext;

test.beforeAll(async ({ engine }) => {
  server = await startDemoShop(engine, "budgets", { COUNT_QUERIES: "1" });
  await server.healthy();
  shopper = await playwrightRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url }, maxRedirects: 0 });
  expect((await (await shopper.post("/api/auth/login", { data: SHOPPER })).json()).success).toBe(true);
  // A visitor with no session and no cart. The cookie is nobody's: the in-process page cache only
  // answers requests without cookies, and these budgets are about the page being made.
  visitor = await playwrightRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { Cookie: "budget=visitor" }, maxRedirects: 0 });
});

test.afterAll(async () => {
  await shopper?.dispose();
  await visitor?.dispose();
  await server?.stop();
});

/** The whole answer (uncompressed), which must be the page itself, not a redirect or an error. */
async function body(client: APIRequestContext, path: string): Promise<Buffer> {
  const response = await client.get(path);
  expect(response.status(), path).toBe(200);
  return response.body();
}

test.describe("bytes of the demo data's answers, the demo shopper signed in", () => {
  const cases = [
    ["listing HTML", BUDGET_PAGES.listing, RESPONSE_BYTES.listingHtml],
    ["home HTML", BUDGET_PAGES.home, RESPONSE_BYTES.homeHtml],
    ["listing JSON (24 products)", LISTING_JSON, RESPONSE_BYTES.listingJson],
  ] as const;
  for (const [name, path, budget] of cases) {
    test(`${name} within its budget`, async () => {
      const bytes = (await body(shopper, path)).length;
      console.log(`bytes    ${name.padEnd(28)} ${kb(bytes).padStart(26)}   budget ${kb(budget)}`);
      expect(bytes, `${name} (${path}) is ${kb(bytes)}; its budget is ${kb(budget)}`).toBeLessThanOrEqual(budget);
    });
  }
});

/**
 * The queries of one request for `path`, the page made again: the first request loads what the
 * shop keeps in memory (its settings, its catalogue), the second is what every later one costs.
 */
async function queriesOf(client: APIRequestContext, path: string): Promise<number> {
  await body(client, path);
  const response = await client.get(path);
  expect(response.status(), path).toBe(200);
  const count = response.headers()["x-database-queries"];
  expect(count, "the server counts queries (COUNT_QUERIES=1)").toMatch(/^\d+$/);
  return Number(count);
}

test.describe("database queries of a page", () => {
  const cases = [
    ["listing, signed in", "listingSignedIn", BUDGET_PAGES.listing, () => shopper],
    ["listing, a visitor", "listingVisitor", BUDGET_PAGES.listing, () => visitor],
    ["product page, signed in", "productSignedIn", BUDGET_PAGES.product, () => shopper],
    ["product page, a visitor", "productVisitor", BUDGET_PAGES.product, () => visitor],
  ] as const;
  for (const [name, key, path, client] of cases) {
    test(`${name}: within its budget`, async ({ engine }) => {
      const queries = await queriesOf(client(), path);
      const budget = QUERIES[key];
      console.log(`queries  ${`${name} (${engine})`.padEnd(36)} ${String(queries).padStart(3)}   budget ${budget}`);
      expect(queries, `the ${name} (${path}) made ${queries} database queries on ${engine}; its budget is ${budget}`).toBeLessThanOrEqual(
        budget,
      );
    });
  }
});
