import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import Database from "better-sqlite3";
import path from "node:path";
import { expect, test } from "./fixtures";
import { ADMIN, approveInSimulator, unique } from "./helpers";
import { freePort, startOwnServer, type OwnServer } from "./own-server";

// Two real server processes on one data folder, as WEB_CONCURRENCY or two machines would run:
// payments, stock and sign-in limits must hold across them. Both trust one proxy hop, so each
// client can say which address it comes from.
test.describe.configure({ mode: "serial", timeout: 120_000 });

let a: OwnServer;
let b: OwnServer;
let dataDir: string;

test.beforeAll(async () => {
  const settings = {
    NODE_ENV: "production",
    DEMO_MODE: "1",
    LOG_LEVEL: "warn",
    TRUST_PROXY: "1",
    PAYPAL_MODE: "simulator",
    WEB_CONCURRENCY: "1",
  };
  const [portA, portB] = [await freePort(), await freePort()];
  a = startOwnServer(portA, { ...settings, PUBLIC_URL: `http://127.0.0.1:${portA}` });
  await a.healthy();
  dataDir = a.dataDir;
  // The second process opens the first one's database (already migrated and seeded).
  b = startOwnServer(portB, { ...settings, PUBLIC_URL: `http://127.0.0.1:${portB}`, DATA_DIR: dataDir });
  await b.healthy();
});

test.afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

/** A client from its own address; every call names the server it goes to (Origin included). */
function client(ip: string) {
  let context: APIRequestContext | undefined;
  const get = async () => (context ??= await playwrightRequest.newContext({ extraHTTPHeaders: { "X-Forwarded-For": ip } }));
  return {
    post: async (server: OwnServer, pathname: string, data: unknown) =>
      (await get()).post(`${server.url}${pathname}`, { data, headers: { Origin: server.url } }),
    context: get,
  };
}

type Shopper = ReturnType<typeof client> & { orderId: string; paymentId: string; payerId: string };

/** A new shopper who has checked out `quantity` of `productId` on `server` and approved at PayPal. */
async function approvedBuyer(server: OwnServer, ip: string, productId: string, quantity: number): Promise<Shopper> {
  const c = client(ip);
  const name = unique("two");
  const account = { userName: name, email: `${name}@example.com`, password: "a-good-password" };
  expect((await (await c.post(server, "/api/auth/register", account)).json()).success).toBe(true);
  expect((await (await c.post(server, "/api/auth/login", account)).json()).success).toBe(true);
  const address = await c.post(server, "/api/shop/address/add", {
    address: "1 Road",
    city: "Town",
    pincode: "1",
    phone: "555",
    notes: "n",
  });
  const addressId = (await address.json()).data._id;
  expect((await c.post(server, "/api/shop/cart/add", { productId, quantity })).status()).toBe(200);
  const created = await (await c.post(server, "/api/shop/order/create", { addressInfo: { addressId } })).json();
  expect(created.success, JSON.stringify(created)).toBe(true);
  const approval = new URL(created.approvalURL);
  const approved = await approveInSimulator(
    await playwrightRequest.newContext({ baseURL: approval.origin, extraHTTPHeaders: { Origin: approval.origin, "X-Forwarded-For": ip } }),
    created.approvalURL,
  );
  return { ...c, orderId: created.orderId, ...approved };
}

/** Runs `read` on the shared database file, opened for this call only. */
function withDatabase<T>(read: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, "shop.db"));
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const stockOf = (productId: string): number =>
  withDatabase((db) => (db.prepare("SELECT stock FROM products WHERE id = ?").get(productId) as { stock: number }).stock);

/** A product without sizes (one variant: its cart line needs no size) with at least `min` in stock. */
const productWithStock = (min: number): string =>
  withDatabase(
    (db) =>
      (
        db
          .prepare(
            "SELECT id FROM products p WHERE stock >= ? AND (SELECT count(*) FROM product_variants v WHERE v.product_id = p.id) = 1 ORDER BY title LIMIT 1",
          )
          .get(min) as { id: string }
      ).id,
  );

test("16 captures of one order at once, split across both processes, take the stock and the money once", async () => {
  const productId = productWithStock(5);
  const before = stockOf(productId);
  const buyer = await approvedBuyer(a, "192.0.2.10", productId, 2);
  // The session lives in the database: the same cookie works on either process.
  const answers = await Promise.all(
    Array.from({ length: 16 }, (_, i) =>
      buyer.post(i % 2 ? b : a, "/api/shop/order/capture", { paymentId: buyer.paymentId, payerId: buyer.payerId, orderId: buyer.orderId }),
    ),
  );
  expect(answers.map((r) => r.status())).toEqual(Array(16).fill(200));
  expect(stockOf(productId)).toBe(before - 2);
  expect(withDatabase((db) => db.prepare("SELECT payment_status, stock_reserved FROM orders WHERE id = ?").get(buyer.orderId))).toEqual({
    payment_status: "paid",
    stock_reserved: 1,
  });
  // PayPal (the simulator, shared by both) captured once.
  const sim = withDatabase(
    (db) =>
      db.prepare("SELECT status, capture_id FROM paypal_sim_orders WHERE id = ?").get(buyer.paymentId) as {
        status: string;
        capture_id: string;
      },
  );
  expect(sim.status).toBe("COMPLETED");
  expect(sim.capture_id).toBeTruthy();
});

test("30 buyers for the last 2 units, paying on both processes at once: exactly 2 are charged", async () => {
  const productId = productWithStock(2);
  const buyers: Shopper[] = [];
  for (let i = 0; i < 30; i++) buyers.push(await approvedBuyer(i % 2 ? b : a, `198.51.100.${i + 1}`, productId, 1));
  withDatabase((db) => db.prepare("UPDATE product_variants SET stock = 2 WHERE product_id = ?").run(productId));
  const answers = await Promise.all(
    buyers.map((buyer, i) =>
      buyer.post(i % 2 ? a : b, "/api/shop/order/capture", { paymentId: buyer.paymentId, payerId: buyer.payerId, orderId: buyer.orderId }),
    ),
  );
  const statuses = answers.map((r) => r.status());
  expect(statuses.filter((s) => s === 200)).toHaveLength(2);
  expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
  expect(stockOf(productId)).toBe(0);
  const among = buyers.map(() => "?").join(",");
  const paid = withDatabase((db) =>
    db.prepare(`SELECT count(*) AS n FROM orders WHERE id IN (${among}) AND payment_status = 'paid'`).get(...buyers.map((x) => x.orderId)),
  );
  expect(paid).toEqual({ n: 2 });
  const captured = withDatabase((db) =>
    db
      .prepare(`SELECT count(*) AS n FROM paypal_sim_orders WHERE status = 'COMPLETED' AND id IN (${among})`)
      .get(...buyers.map((x) => x.paymentId)),
  );
  expect(captured).toEqual({ n: 2 });
});

test("sign-in limits hold across both processes", async () => {
  const target = "shopper@example.com";
  // 10 wrong guesses at one account from ten addresses, alternating processes, then an 11th on each.
  // Each answer as "status body", so a failure shows what the shop said.
  const guess = async (ip: string, server: OwnServer) => {
    const answer = await client(ip).post(server, "/api/auth/login", { email: target, password: "guess" });
    return `${answer.status()} ${await answer.text()}`;
  };
  const guesses = [];
  for (let i = 0; i < 10; i++) guesses.push(await guess(`203.0.113.${i + 1}`, i % 2 ? b : a));
  expect(
    guesses.map((g) => g.slice(0, 3)),
    guesses.join("\n"),
  ).toEqual(Array(10).fill("200"));
  for (const server of [a, b]) {
    const answer = await guess("203.0.113.99", server);
    expect(answer.slice(0, 3), answer).toBe("429");
  }
});

test("ten refunds of the whole amount, split across both processes, and the shopper cancelling at once: one goes through", async () => {
  const productId = productWithStock(3);
  const before = stockOf(productId);
  const buyer = await approvedBuyer(a, "192.0.2.20", productId, 1);
  const paid = await buyer.post(b, "/api/shop/order/capture", {
    paymentId: buyer.paymentId,
    payerId: buyer.payerId,
    orderId: buyer.orderId,
  });
  expect(paid.status()).toBe(200);
  const { total_cents: total } = withDatabase(
    (db) => db.prepare("SELECT total_cents FROM orders WHERE id = ?").get(buyer.orderId) as { total_cents: number },
  );
  const { variant_id: variantId } = withDatabase(
    (db) => db.prepare("SELECT variant_id FROM order_items WHERE order_id = ?").get(buyer.orderId) as { variant_id: string },
  );
  const admin = client("192.0.2.21");
  expect((await (await admin.post(a, "/api/auth/login", ADMIN)).json()).success).toBe(true);
  const answers = await Promise.all([
    ...Array.from({ length: 10 }, (_, i) =>
      admin.post(i % 2 ? b : a, `/api/admin/orders/refund/${buyer.orderId}`, {
        items: [{ variantId, quantity: 1 }],
        restock: true,
        reason: "Twice?",
      }),
    ),
    buyer.post(a, `/api/shop/order/cancel/${buyer.orderId}`, {}),
  ]);
  const statuses = answers.map((r) => r.status());
  expect(
    statuses.filter((s) => s === 200 || s === 201),
    statuses.join(","),
  ).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(10);
  // PayPal (the simulator both processes share) refunded it once; the order counts it once.
  const refunds = withDatabase(
    (db) =>
      db
        .prepare(
          "SELECT count(*) AS n, sum(CAST(value AS REAL)) AS amount FROM paypal_sim_refunds WHERE capture_id = (SELECT capture_id FROM orders WHERE id = ?)",
        )
        .get(buyer.orderId) as { n: number; amount: number },
  );
  expect(refunds).toEqual({ n: 1, amount: total / 100 });
  expect(withDatabase((db) => db.prepare("SELECT refunded_cents FROM orders WHERE id = ?").get(buyer.orderId))).toEqual({
    refunded_cents: total,
  });
  expect(withDatabase((db) => db.prepare("SELECT count(*) AS n FROM refunds WHERE order_id = ?").get(buyer.orderId))).toEqual({ n: 1 });
  // The unit came back once.
  expect(stockOf(productId)).toBe(before);
});

test("a discount code with one use left, ten buyers checking out on both processes at once: exactly one holds it", async () => {
  const productId = productWithStock(10);
  const admin = client("192.0.2.30");
  expect((await (await admin.post(a, "/api/auth/login", ADMIN)).json()).success).toBe(true);
  const code = unique("last").toUpperCase();
  expect((await admin.post(b, "/api/admin/discounts/add", { code, type: "percent", value: 25, usageLimit: 1 })).status()).toBe(201);
  const buyers = await Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      const c = client(`203.0.113.${i + 31}`);
      const server = i % 2 ? a : b;
      const name = unique("code");
      const account = { userName: name, email: `${name}@example.com`, password: "a-good-password" };
      expect((await (await c.post(server, "/api/auth/register", account)).json()).success).toBe(true);
      expect((await (await c.post(server, "/api/auth/login", account)).json()).success).toBe(true);
      const address = await c.post(server, "/api/shop/address/add", {
        address: "1 Road",
        city: "Town",
        pincode: "1",
        phone: "555",
        notes: "n",
      });
      expect((await c.post(server, "/api/shop/cart/add", { productId, quantity: 1 })).status()).toBe(200);
      expect((await c.post(server, "/api/shop/cart/discount", { code })).status()).toBe(200);
      return { ...c, addressId: (await address.json()).data._id as string };
    }),
  );
  const paypalOrders = () => withDatabase((db) => (db.prepare("SELECT count(*) AS n FROM paypal_sim_orders").get() as { n: number }).n);
  const paypalBefore = paypalOrders();
  // All at once, each through the other process than the one it signed in on.
  const answers = await Promise.all(
    buyers.map((buyer, i) => buyer.post(i % 2 ? b : a, "/api/shop/order/create", { addressInfo: { addressId: buyer.addressId } })),
  );
  const statuses = answers.map((r) => r.status());
  expect(
    statuses.filter((s) => s === 201),
    statuses.join(","),
  ).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(9);
  for (const answer of answers.filter((r) => r.status() === 409)) {
    expect(await answer.json()).toEqual({ success: false, message: "This code has been used up." });
  }
  // One use held, one order, one PayPal order: the nine others never reached PayPal.
  expect(
    withDatabase((db) =>
      db.prepare("SELECT u.status FROM discount_uses u JOIN discounts d ON d.id = u.discount_id WHERE d.code = ?").all(code),
    ),
  ).toEqual([{ status: "held" }]);
  expect(withDatabase((db) => db.prepare("SELECT taken FROM discounts WHERE code = ?").get(code))).toEqual({ taken: 1 });
  const orders = withDatabase((db) => db.prepare("SELECT payment_id FROM orders WHERE discount_code = ?").all(code)) as Array<{
    payment_id: string;
  }>;
  expect(orders).toHaveLength(1);
  expect(paypalOrders()).toBe(paypalBefore + 1);
});

test("discount codes cannot be guessed: 10 refused codes a minute, counted across both processes, then 429 on the form and /api", async () => {
  const productId = productWithStock(1);
  const admin = client("192.0.2.40");
  expect((await (await admin.post(a, "/api/auth/login", ADMIN)).json()).success).toBe(true);
  const secret = unique("secret").toUpperCase();
  expect((await admin.post(a, "/api/admin/discounts/add", { code: secret, type: "percent", value: 10 })).status()).toBe(201);
  const guesser = client("203.0.113.60");
  const name = unique("guess");
  const account = { userName: name, email: `${name}@example.com`, password: "a-good-password" };
  expect((await (await guesser.post(a, "/api/auth/register", account)).json()).success).toBe(true);
  expect((await (await guesser.post(a, "/api/auth/login", account)).json()).success).toBe(true);
  expect((await guesser.post(a, "/api/shop/cart/add", { productId, quantity: 1 })).status()).toBe(200);
  // Ten wrong guesses, alternating processes: each told the code does not exist.
  const answers = [];
  for (let i = 0; i < 10; i++) {
    const answer = await guesser.post(i % 2 ? b : a, "/api/shop/cart/discount", { code: `GUESS${i}` });
    answers.push(`${answer.status()} ${await answer.text()}`);
  }
  expect(
    answers.map((x) => x.slice(0, 3)),
    answers.join("\n"),
  ).toEqual(Array(10).fill("404"));
  // The eleventh, on either process, is refused whatever the code: the real one is not found this way.
  for (const server of [a, b]) {
    const answer = await guesser.post(server, "/api/shop/cart/discount", { code: secret });
    expect(answer.status()).toBe(429);
    const retry = Number(answer.headers()["retry-after"]);
    expect(retry).toBeGreaterThan(0);
    expect(await answer.json()).toEqual({
      success: false,
      message: `Too many codes tried. Please wait ${retry} second${retry === 1 ? "" : "s"} and try again.`,
    });
  }
  // The checkout page's form (no JavaScript: a plain post) says the same beside the field.
  const form = await (
    await guesser.context()
  ).post(`${b.url}/shop/checkout`, {
    form: { intent: "discount-apply", code: secret },
    headers: { Origin: b.url },
  });
  expect(form.status()).toBe(429);
  expect(await form.text()).toContain("Too many codes tried. Please wait");
  // Nothing was applied.
  expect(
    withDatabase((db) =>
      db.prepare("SELECT discount_code FROM carts c JOIN users u ON u.id = c.user_id WHERE u.email = ?").get(account.email),
    ),
  ).toEqual({
    discount_code: null,
  });
});

test("registering with taken addresses is limited per client address across both processes; the answer stays the specification's", async () => {
  // Eleven accounts, each registered from an address of its own.
  const taken = [];
  for (let i = 0; i < 11; i++) {
    const name = unique("taken");
    const account = { userName: name, email: `${name}@example.com`, password: "a-good-password" };
    expect((await (await client(`198.51.100.${i + 101}`).post(i % 2 ? a : b, "/api/auth/register", account)).json()).success).toBe(true);
    taken.push(account.email);
  }
  // One client tries each address (a different one each time, so only the per-address limit can stop it).
  const prober = client("203.0.113.70");
  const probe = async (email: string, server: OwnServer) => {
    const name = unique("probe");
    const answer = await prober.post(server, "/api/auth/register", { userName: name, email, password: "a-good-password" });
    return { status: answer.status(), body: await answer.json() };
  };
  const answers = [];
  for (let i = 0; i < 10; i++) answers.push(await probe(taken[i]!, i % 2 ? b : a));
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: false, message: "An account with this email already exists. Please sign in instead." });
  }
  for (const server of [a, b]) {
    const answer = await probe(taken[10]!, server);
    expect(answer.status).toBe(429);
    expect(answer.body.success).toBe(false);
    expect(answer.body.message).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
  }
});
