import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, unique } from "./helpers";
import { type OwnServer } from "./own-server";
import { rowsOf, startTwoShops } from "./two-shops";

// "E-mail me when it's back" (issue 51) over HTTP, on two real server processes sharing one
// database (a SQLite file, or PostgreSQL in the *-pg project): subscriptions on either process, a
// restock on one while the other's sweep runs every 100 ms, exactly one mail per subscriber; the
// API's refusals, the unsubscribe link, and the per-address limit shared by both processes.
test.describe.configure({ mode: "serial", timeout: 120_000 });

// Lowered from the default 20, so the flood below proves the shared limit with few requests.
const LIMIT = 10;
let a: OwnServer;
let b: OwnServer;
let databaseUrl: string | undefined;
let stop: () => Promise<void> = async () => {};

test.beforeAll(async ({ engine }) => {
  ({ a, b, databaseUrl, stop } = await startTwoShops(engine, "back_in_stock", {
    SESSION_SECRET: "b15b15b1".repeat(8),
    PUBLIC_CATALOGUE: "1",
    TRUST_PROXY: "1",
    AUTH_ATTEMPTS_PER_MINUTE: "100000",
    BACK_IN_STOCK_PER_HOUR: String(LIMIT),
    BACK_IN_STOCK_INTERVAL_MS: "100",
  }));
});

test.afterAll(() => stop());

/** Rows of the shops' one database, whichever the engine (`?` placeholders). */
const rows = <Row>(text: string, params: unknown[] = []) => rowsOf<Row>({ a, databaseUrl }, text, params);

/** A client from its own address (the shops trust one proxy hop), with its own cookies. */
async function client(ip: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ extraHTTPHeaders: { "X-Forwarded-For": ip } });
}
const post = (c: APIRequestContext, server: OwnServer, pathname: string, data: unknown) =>
  c.post(`${server.url}${pathname}`, { data, headers: { Origin: server.url } });
const subscribe = (c: APIRequestContext, server: OwnServer, body: Record<string, unknown>) =>
  post(c, server, "/api/shop/back-in-stock", body);

let admin: APIRequestContext;
let product: { id: string; handle: string; title: string; s: string; m: string; l: string };

test.beforeAll(async () => {
  admin = await client("192.0.2.100");
  expect((await (await post(admin, a, "/api/auth/login", ADMIN)).json()).success).toBe(true);
  const title = unique("Waited Tee");
  const added = await post(admin, a, "/api/admin/products/add", {
    title,
    description: "Sold out in two sizes",
    category: "men",
    brand: "levi",
    price: 30,
    image: "/demo/products/nike-dri-fit-running-tee.svg",
    variants: [
      { size: "S", color: "", colorHex: "", sku: null, stock: 0 },
      { size: "M", color: "", colorHex: "", sku: null, stock: 0 },
      { size: "L", color: "", colorHex: "", sku: null, stock: 4 },
    ],
  });
  expect(added.status()).toBe(201);
  const data = (await added.json()).data as { _id: string; handle: string; variants: Array<{ _id: string; size: string }> };
  const id = (size: string) => data.variants.find((v) => v.size === size)!._id;
  product = { id: data._id, handle: data.handle, title, s: id("S"), m: id("M"), l: id("L") };
});

/** The owner's form, sent to `server`: the sizes' stock as given. */
async function ownerSetsStock(server: OwnServer, stock: { S: number; M: number; L: number }) {
  const edited = await admin.put(`${server.url}/api/admin/products/edit/${product.id}`, {
    headers: { Origin: server.url },
    data: {
      title: product.title,
      description: "Sold out in two sizes",
      category: "men",
      brand: "levi",
      price: 30,
      variants: (["S", "M", "L"] as const).map((size) => ({ size, color: "", colorHex: "", sku: null, stock: stock[size] })),
    },
  });
  expect(edited.status()).toBe(200);
}

const mailsOf = (variantSubject: string) =>
  rows<{ recipient: string; text_body: string }>("select recipient, text_body from outbox where kind = 'back-in-stock' and subject = ?", [
    `Back in stock: ${variantSubject}`,
  ]);

test("subscribers on either process get one mail each when the owner restocks on one, while the other sweeps", async () => {
  const visitors = await Promise.all(["192.0.2.1", "192.0.2.2", "192.0.2.3"].map(client));
  const emails = visitors.map((_, i) => `${unique("waiting")}-${i}@example.com`);
  for (const [i, v] of visitors.entries()) {
    const answer = await subscribe(v, i % 2 ? b : a, { variantId: product.s, email: emails[i] });
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({
      success: true,
      message: `We'll e-mail ${emails[i]} when ${product.title} (S) is back in stock.`,
    });
  }
  // Said again, on the other process: still one subscription.
  expect((await subscribe(visitors[0]!, b, { variantId: product.s, email: emails[0]!.toUpperCase() })).status()).toBe(200);
  // A shopper's one click: their account's address, whatever else is sent.
  const shopper = await client("192.0.2.4");
  const name = unique("clicker");
  const account = { userName: name, email: `${name}@example.com`, password: "a-good-password" };
  expect((await (await post(shopper, b, "/api/auth/register", account)).json()).success).toBe(true);
  expect((await (await post(shopper, b, "/api/auth/login", account)).json()).success).toBe(true);
  const clicked = await subscribe(shopper, b, { variantId: product.s, email: "not-mine@example.com" });
  expect(await clicked.json()).toMatchObject({ success: true, message: expect.stringContaining(account.email) });
  // And one for M, which stays sold out.
  expect((await subscribe(visitors[1]!, a, { variantId: product.m, email: emails[1] })).status()).toBe(200);
  expect(await rows("select email from back_in_stock where notified_at is null and variant_id = ?", [product.s])).toHaveLength(4);

  // The owner's list says how many wait, per size.
  const listed = await admin.get(`${a.url}/api/admin/products/get?limit=100`);
  const mine = ((await listed.json()).data as Array<{ _id: string; backInStockWaiting: unknown[] }>).find((p) => p._id === product.id)!;
  expect(mine.backInStockWaiting).toEqual([
    { variantId: product.s, size: "S", color: "", waiting: 4 },
    { variantId: product.m, size: "M", color: "", waiting: 1 },
  ]);

  await ownerSetsStock(a, { S: 3, M: 0, L: 4 });
  // Written in the edit's own transaction: there as soon as it answers.
  const mails = await mailsOf(`${product.title} (S)`);
  expect(mails.map((m) => m.recipient).sort()).toEqual([...emails, account.email].map((e) => e.toLowerCase()).sort());
  // The other process sweeps every 100 ms; sold out and restocked again on B, still one each.
  await ownerSetsStock(b, { S: 0, M: 0, L: 4 });
  await ownerSetsStock(b, { S: 2, M: 0, L: 4 });
  expect(await mailsOf(`${product.title} (S)`)).toHaveLength(4);
  expect(await mailsOf(`${product.title} (M)`)).toEqual([]);

  // The mail's links: the product page on that size, and the unsubscribe page.
  const text = mails.find((m) => m.recipient === emails[0])!.text_body;
  const productLink = new RegExp(`${a.url}/shop/products/${product.handle}\\?size=S`).exec(text)?.[0];
  expect(productLink).toBeTruthy();
  const productPage = await fetch(productLink!);
  expect(productPage.status).toBe(200);
  const unsubscribeLink = /http:\S+\/back-in-stock\/unsubscribe\?token=[\w-]{43}/.exec(text)![0];
  const token = new URL(unsubscribeLink).searchParams.get("token")!;
  const confirm = await fetch(unsubscribeLink);
  expect(confirm.status).toBe(200);
  expect(await confirm.text()).toContain("Unsubscribe");

  // A tampered link: "not valid", 404, on the page and over /api; nothing removed.
  const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
  for (const bad of [tampered, token.slice(0, 20), "%00", ""]) {
    const page = await fetch(`${b.url}/back-in-stock/unsubscribe?token=${bad}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("This link is not valid");
  }
  const apiTampered = await post(visitors[0]!, b, "/api/shop/back-in-stock/unsubscribe", { token: tampered });
  expect(apiTampered.status()).toBe(404);
  expect(await apiTampered.json()).toEqual({ success: false, message: "This link is not valid." });

  // The button (a form post, as without JavaScript) on the other process; used once, then not valid.
  const form = (t: string) =>
    fetch(`${b.url}/back-in-stock/unsubscribe?token=${t}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: b.url },
      body: new URLSearchParams({ token: t }).toString(),
    });
  const done = await form(token);
  expect(done.status).toBe(200);
  expect(await done.text()).toMatch(/You(&#x27;|')re unsubscribed/);
  expect(await rows("select id from back_in_stock where email = ?", [emails[0]])).toEqual([]);
  expect((await form(token)).status).toBe(404);
});

test("the API refuses a bad address, an unknown or in-stock size, and a visitor of a closed shop; the form says so next to the field", async () => {
  const v = await client("192.0.2.20");
  const refusals: Array<[Record<string, unknown>, number, RegExp]> = [
    [{ variantId: product.m, email: "not-an-address" }, 400, /valid email/],
    [{ variantId: product.m }, 400, /e-mail address/],
    [{ variantId: product.m, email: 42 }, 400, /./],
    [{ variantId: "nope", email: "x@example.com" }, 400, /Invalid id/],
    [{ variantId: "0123456789abcdef01234567", email: "x@example.com" }, 404, /not in the shop/],
    [{ variantId: product.l, email: "x@example.com" }, 409, /in stock/],
  ];
  for (const [body, status, message] of refusals) {
    const answer = await subscribe(v, b, body);
    expect(answer.status(), JSON.stringify(body)).toBe(status);
    const json = await answer.json();
    expect(json.success).toBe(false);
    expect(json.message).toMatch(message);
  }
  expect(await rows("select id from back_in_stock where email = ?", ["x@example.com"])).toEqual([]);

  // The product page's form, posted as without JavaScript: a field error, the address kept.
  const page = await v.post(`${a.url}/shop/products/${product.handle}?size=M`, {
    form: { intent: "back-in-stock", variantId: product.m, email: "still wrong" },
    headers: { Origin: a.url },
    maxRedirects: 0,
  });
  expect(page.status()).toBe(400);
  const html = await page.text();
  expect(html).toContain("Please enter a valid email address");
  expect(html).toContain('value="still wrong"');

  // A good address: 303 back to the same page (a refresh does not post again), the promise in a toast.
  const posted = await v.post(`${a.url}/shop/products/${product.handle}?size=M`, {
    form: { intent: "back-in-stock", variantId: product.m, email: "form@example.com" },
    headers: { Origin: a.url },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(303);
  expect(posted.headers()["location"]).toBe(`/shop/products/${product.handle}?size=M#back-in-stock`);
  const after = await v.get(`${a.url}/shop/products/${product.handle}?size=M`);
  expect(await after.text()).toContain(`We&#x27;ll e-mail form@example.com when ${product.title} (M) is back in stock.`);
  expect(await rows("select id from back_in_stock where email = ? and notified_at is null", ["form@example.com"])).toHaveLength(1);

  // The owner closes the shop to visitors: a visitor's subscription is refused (401) on both.
  const closed = await admin.put(`${a.url}/api/admin/settings`, { headers: { Origin: a.url }, data: { publicCatalogue: false } });
  expect(closed.status()).toBe(200);
  try {
    for (const server of [a, b]) {
      // Each process sees the change within seconds (a short settings cache): once its shop sends visitors to sign in...
      await expect.poll(async () => (await fetch(`${server.url}/shop/home`, { redirect: "manual" })).status).toBe(302);
      const refused = await subscribe(v, server, { variantId: product.m, email: "late@example.com" });
      expect(refused.status()).toBe(401);
      expect((await refused.json()).success).toBe(false);
    }
    expect(await rows("select id from back_in_stock where email = ?", ["late@example.com"])).toEqual([]);
  } finally {
    await admin.put(`${a.url}/api/admin/settings`, { headers: { Origin: a.url }, data: { publicCatalogue: true } });
    // Open again on both before the next test.
    for (const server of [a, b])
      await expect.poll(async () => (await fetch(`${server.url}/shop/home`, { redirect: "manual" })).status).toBe(200);
  }
});

test("60 subscriptions from one address, spread over both processes: the limit (10) stored, the rest refused with 429", async () => {
  const flood = await client("192.0.2.66");
  const statuses: number[] = [];
  for (let round = 0; round < 3; round++) {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        subscribe(flood, i % 2 ? a : b, { variantId: product.m, email: `flood-${round}-${i}@example.com` }),
      ),
    );
    for (const answer of answers) {
      statuses.push(answer.status());
      if (answer.status() === 429) {
        expect(answer.headers()["retry-after"]).toMatch(/^\d+$/);
        expect((await answer.json()).success).toBe(false);
      }
    }
  }
  const counts = Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((t) => t === s).length]));
  expect(counts).toEqual({ 200: LIMIT, 429: 60 - LIMIT });
  const stored = await rows<{ n: number | string }>("select count(*) as n from back_in_stock where email like 'flood-%'");
  expect(Number(stored[0]!.n)).toBe(LIMIT);
  // Another address still may.
  expect((await subscribe(await client("192.0.2.67"), a, { variantId: product.m, email: "calm@example.com" })).status()).toBe(200);
});
