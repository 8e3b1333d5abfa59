import { expect, test } from "./fixtures";
import { ADMIN, unique } from "./helpers";
import { type OwnServer } from "./own-server";
import { rowsOf, startTwoShops } from "./two-shops";

// A guest's order page and the look-up that e-mails its link (issue 51), over HTTP, on two real
// server processes sharing one database (a SQLite file, or PostgreSQL in the http-pg project):
// links that open no order are a 404 that gives nothing away, the look-up answers the same whether
// or not the order exists and mails only when it does, and its limit holds across both processes.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const ANSWER = "If an order with that number was placed with that address, we have e-mailed a link to it.";
const NO_ORDER = "This link does not open an order";
let a: OwnServer;
let b: OwnServer;
let databaseUrl: string | undefined;
let stop: () => Promise<void> = async () => {};

test.beforeAll(async ({ engine }) => {
  ({ a, b, databaseUrl, stop } = await startTwoShops(engine, "guest_order", {
    SESSION_SECRET: "9e579e57".repeat(8),
    PUBLIC_CATALOGUE: "1",
    TRUST_PROXY: "1",
    AUTH_ATTEMPTS_PER_MINUTE: "100000",
    VISITOR_CARTS_PER_MINUTE: "100000",
  }));
});

test.afterAll(() => stop());

/** Rows of the shops' one database, whichever the engine (`?` placeholders). */
const rows = <Row>(text: string, params: unknown[] = []) => rowsOf<Row>({ a, databaseUrl }, text, params);

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");

/** A request from client address `ip` (the shops trust one proxy hop), unfollowed. */
function send(
  server: OwnServer,
  pathname: string,
  ip: string,
  init: { json?: unknown; form?: Record<string, string>; cookie?: string } = {},
) {
  const headers: Record<string, string> = { "X-Forwarded-For": ip, Origin: server.url };
  if (init.cookie) headers["Cookie"] = init.cookie;
  let body: string | undefined;
  if (init.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(init.form).toString();
  }
  return fetch(`${server.url}${pathname}`, { method: body === undefined ? "GET" : "POST", headers, body, redirect: "manual" });
}
const lookupApi = (server: OwnServer, ip: string, json: unknown) => send(server, "/api/shop/orders/lookup", ip, { json });
const lookupForm = (server: OwnServer, ip: string, form: Record<string, string>) => send(server, "/shop/orders/lookup", ip, { form });
const linkMails = (to: string) =>
  rows<{ text_body: string; order_id: string }>("select text_body, order_id from outbox where kind = 'order-link' and recipient = ?", [to]);

let order: { id: string; number: number; email: string; title: string };

test.beforeAll(async () => {
  // The owner lets visitors check out without an account.
  const login = await send(a, "/api/auth/login", "192.0.2.200", { json: ADMIN });
  expect(login.status).toBe(200);
  const admin = cookiesOf(login);
  const saved = await fetch(`${a.url}/api/admin/settings`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Origin: a.url, Cookie: admin },
    body: JSON.stringify({ publicCatalogue: true, guestCheckout: true }),
  });
  expect(saved.status).toBe(200);
  // A visitor fills a cart on the shop's pages and starts a guest checkout (its number is given then).
  const products: Array<{ _id: string; title: string; totalStock: number; variants: Array<{ _id: string; stock: number }> }> = (
    await (await fetch(`${a.url}/api/shop/products/get?limit=100`)).json()
  ).data;
  const product = products.find((p) => p.totalStock > 2 && /^[\w -]+$/.test(p.title))!;
  const variant = product.variants.find((v) => v.stock > 0)!;
  const added = await send(a, "/shop/cart", "192.0.2.201", {
    form: { intent: "add", productId: product._id, variantId: variant._id, quantity: "1", returnTo: "/shop/home" },
  });
  expect(added.status).toBe(302);
  const email = `${unique("Guest")}@Example.com`;
  const started = await send(a, "/api/shop/checkout/guest", "192.0.2.201", {
    cookie: cookiesOf(added),
    json: {
      email,
      name: unique("Ada Guest"),
      address: { address: "1 Link Lane", city: "Town", pincode: "12345", phone: "555-0199", notes: "Porch" },
    },
  });
  expect(started.status, await started.clone().text()).toBe(201);
  const { orderId, number } = await started.json();
  order = { id: orderId, number, email: email.toLowerCase(), title: product.title };
});

test("the look-up answers the same whether or not the order exists, and e-mails a link only for a guest's order of that number and address", async () => {
  const existing = await lookupApi(a, "192.0.2.1", { number: `#${order.number}`, email: order.email.toUpperCase() });
  const answers = [
    existing,
    await lookupApi(b, "192.0.2.2", { number: order.number + 100_000, email: order.email }),
    await lookupApi(b, "192.0.2.3", { number: order.number, email: "someone-else@example.com" }),
  ];
  for (const answer of answers) {
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ success: true, message: ANSWER });
  }
  // (The e-mail is written after the answer, so the answer's time tells nothing either.)
  await expect.poll(async () => (await linkMails(order.email)).length).toBe(1);
  const mails = await linkMails(order.email);
  expect(mails[0]!.order_id).toBe(order.id);
  expect(await rows("select id from outbox where kind = 'order-link' and recipient = ?", ["someone-else@example.com"])).toEqual([]);

  // The page's form, as without JavaScript: the same redirect, with its toast, either way.
  const formAnswers = [
    await lookupForm(b, "192.0.2.4", { number: String(order.number), email: order.email }),
    await lookupForm(b, "192.0.2.5", { number: String(order.number + 100_000), email: order.email }),
  ];
  for (const answer of formAnswers) {
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/shop/orders/lookup");
  }
  const after = await send(b, "/shop/orders/lookup", "192.0.2.5", { cookie: cookiesOf(formAnswers[1]!) });
  expect(await after.text()).toContain(ANSWER);
  await expect.poll(async () => (await linkMails(order.email)).length).toBe(2);

  // Bad input: a clear refusal, nothing mailed.
  for (const [body, message] of [
    [{ number: "my order", email: order.email }, /order number, such as #1001/],
    [{ number: order.number, email: "not-an-address" }, /valid email/],
    [{ number: order.number }, /Email is required/],
    ["just text", /./],
  ] as const) {
    const refused = await lookupApi(a, "192.0.2.6", body);
    expect(refused.status, JSON.stringify(body)).toBe(400);
    const json = await refused.json();
    expect(json.success).toBe(false);
    expect(json.message).toMatch(message);
  }
  const page = await lookupForm(a, "192.0.2.6", { number: "my order", email: order.email });
  expect(page.status).toBe(400);
  const html = await page.text();
  expect(html).toContain("Please enter the order number, such as #1001");
  expect(html).toContain(`value="${order.email}"`);
  expect(await linkMails(order.email)).toHaveLength(2);
  expect((await fetch(`${a.url}/api/shop/orders/lookup`)).status).toBe(405);
});

test("the mailed link opens the order on either process, privately; tampered, unknown, short and claimed links are a 404 that tells nothing", async () => {
  const mail = (await linkMails(order.email))[0]!.text_body;
  const link = /http:\S+\/shop\/orders\/([\w-]{43})/.exec(mail)!;
  const token = link[1]!;
  for (const server of [a, b]) {
    const opened = await send(server, `/shop/orders/${token}`, "192.0.2.30");
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toMatch(/no-store/);
    const html = await opened.text();
    expect(html).toContain(`Your order #${order.number}`);
    expect(html).toContain(order.title);
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
  }

  const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
  const bad = [tampered, "A".repeat(43), token.slice(0, 20), `${token}A`, "%00", "..%2F..%2Fetc", "%3Cscript%3E", "lookup-x"];
  const check = async (value: string) => {
    const answer = await send(b, `/shop/orders/${value}`, "192.0.2.31");
    expect(answer.status, value).toBe(404);
    expect(answer.headers.get("cache-control")).toMatch(/no-store/);
    const html = await answer.text();
    expect(html).toContain(NO_ORDER);
    expect(html).toContain('href="/shop/orders/lookup"');
    expect(html).not.toContain(order.email);
    expect(html).not.toContain(order.id);
    expect(html).not.toContain(`#${order.number}`);
  };
  for (const value of bad) await check(value);

  // A cancellation posted with a bad link: the same 404, the order untouched.
  const posted = await send(a, `/shop/orders/${tampered}`, "192.0.2.31", { form: { intent: "cancel-order", orderId: order.id } });
  expect(posted.status).toBe(404);
  expect(await posted.text()).toContain(NO_ORDER);
  expect(await rows("select order_status from orders where id = ?", [order.id])).toEqual([{ order_status: "pending" }]);

  // The order joins an account (as a claim does): its links open nothing any more.
  const account = await rows<{ id: string }>("select id from users where email = ?", [ADMIN.email]);
  await rows("update orders set user_id = ? where id = ?", [account[0]!.id, order.id]);
  await check(token);
});

test("the look-up's limit per client address and per order number holds across both processes: 429 beside the form", async () => {
  const ip = "192.0.2.66";
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) {
    const answer = await lookupApi(i % 2 ? a : b, ip, { number: 800_000 + i, email: "flood@example.com" });
    statuses.push(answer.status);
    if (answer.status === 429) {
      expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await answer.json()).toEqual({
        success: false,
        message: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds?/),
      });
    }
  }
  expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429, 429]);
  // The page's form on the other process: refused beside the form, the values kept.
  const page = await lookupForm(a, ip, { number: "800100", email: "flood@example.com" });
  expect(page.status).toBe(429);
  expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
  const html = await page.text();
  expect(html).toMatch(/Too many attempts\. Please wait \d+ seconds?/);
  expect(html).toContain('value="flood@example.com"');
  // Another address still may; one number and e-mail asked for from many addresses is limited too.
  const many = [];
  for (let i = 0; i < 6; i++)
    many.push((await lookupApi(i % 2 ? a : b, `192.0.2.${100 + i}`, { number: 800_500, email: "x@example.com" })).status);
  expect(many).toEqual([202, 202, 202, 202, 202, 429]);
});
