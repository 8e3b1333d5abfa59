import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import http from "node:http";
import net from "node:net";
import pg from "pg";
import sharp from "sharp";
import { SMTPServer } from "smtp-server";
import { createTestDatabase, dropTestDatabase } from "#tests/postgres/databases";
import { expect, test } from "./fixtures";
import { approveInSimulator, unique } from "./helpers";
import { freePort, startOwnServer, type OwnServer } from "./own-server";

// Several instances over one PostgreSQL database, as a shop on several machines runs: two real
// shop processes (each with its own data folder, so nothing is shared but the database and the
// settings) behind a small round-robin proxy written for this test. A request may name the
// instance it wants with X-Instance: a or b; any other goes to the next in turn.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const SESSION_SECRET = "c0ffee11".repeat(8);
let databaseUrl: string;
let a: OwnServer;
let b: OwnServer;
let proxy: http.Server;
let shopUrl: string;
const served = { a: 0, b: 0 };
// Both instances send their mail here; each message as the SMTP server received it.
let smtp: SMTPServer;
let smtpPort: number;
const delivered: string[] = [];

function roundRobinProxy(port: number): Promise<http.Server> {
  let turn = 0;
  const server = http.createServer((req, res) => {
    const wanted = req.headers["x-instance"];
    const name = wanted === "a" || wanted === "b" ? wanted : turn++ % 2 ? "b" : "a";
    served[name]++;
    const target = new URL(name === "a" ? a.url : b.url);
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

function instance(port: number, extra: Record<string, string> = {}): OwnServer {
  return startOwnServer(port, {
    NODE_ENV: "production",
    DEMO_MODE: "1",
    LOG_LEVEL: "warn",
    TRUST_PROXY: "1",
    PAYPAL_MODE: "simulator",
    WEB_CONCURRENCY: "1",
    SESSION_SECRET,
    PUBLIC_URL: shopUrl,
    DATABASE_URL: databaseUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_INTERVAL_MS: "100",
    ...extra,
  });
}

/** The shared database, for what the test checks behind the shops' backs. */
async function query<Row = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  smtpPort = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        delivered.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
  databaseUrl = await createTestDatabase("instances");
  const proxyPort = await freePort();
  shopUrl = `http://127.0.0.1:${proxyPort}`;
  // Both start at once on the empty database: one migrates and adds the demo data, the other waits.
  a = instance(await freePort());
  b = instance(await freePort());
  await Promise.all([a.healthy(), b.healthy()]);
  proxy = await roundRobinProxy(proxyPort);
});

test.afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await Promise.all([a?.stop(), b?.stop()]);
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

/** A client of the shop through the proxy, from its own address; `on` pins a request to one instance. */
async function shopper(ip: string, on?: "a" | "b"): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL: shopUrl,
    extraHTTPHeaders: { "X-Forwarded-For": ip, Origin: shopUrl, ...(on ? { "X-Instance": on } : {}) },
  });
}

const pinned = (on: "a" | "b") => ({ headers: { "X-Instance": on } });

async function newAccount(api: APIRequestContext) {
  const name = unique("multi");
  const account = { userName: name, email: `${name}@example.com`, password: "a-good-password" };
  expect((await (await api.post("/api/auth/register", { data: account, ...pinned("a") })).json()).success).toBe(true);
  return account;
}

const onePieceProduct = async (min: number) =>
  (
    await query<{ id: string }>(
      "select id from products p where stock >= $1 and (select count(*) from product_variants v where v.product_id = p.id) = 1 order by title limit 1",
      [min],
    )
  )[0]!.id;

test("two instances starting at once migrate once and add the demo data once", async () => {
  const migrations = await query<{ n: number }>("select count(*)::int as n from kysely_migration");
  const products = await query<{ n: number; titles: number }>(
    "select count(*)::int as n, count(distinct title)::int as titles from products",
  );
  expect(migrations[0]!.n).toBeGreaterThanOrEqual(9);
  expect(products[0]!.n).toBe(products[0]!.titles);
  expect(products[0]!.n).toBeGreaterThan(0);
  const admins = await query<{ n: number }>("select count(*)::int as n from users where email = 'admin@example.com'");
  expect(admins[0]!.n).toBe(1);
});

test("a shopper signs in on one instance and carries on on the other; a whole checkout alternates between them", async () => {
  const api = await shopper("192.0.2.1");
  const account = await newAccount(api);
  expect((await api.post("/api/auth/login", { data: account, ...pinned("a") })).status()).toBe(200);
  const me = await (await api.get("/api/auth/check-auth", pinned("b"))).json();
  expect(me.user.email).toBe(account.email);

  // From here on every request goes to the next instance in turn.
  const before = { ...served };
  const productId = await onePieceProduct(3);
  const address = await api.post("/api/shop/address/add", {
    data: { address: "5 Both Lane", city: "Springfield", pincode: "12345", phone: "555-0100", notes: "n" },
  });
  expect(address.status()).toBe(201);
  const addressId = (await address.json()).data._id;
  expect((await api.post("/api/shop/cart/add", { data: { productId, quantity: 2 } })).status()).toBe(200);
  const cart = await (await api.get(`/api/shop/cart/get/${me.user.id}`)).json();
  expect(cart.data.items.map((i: { quantity: number }) => i.quantity)).toEqual([2]);
  const created = await (await api.post("/api/shop/order/create", { data: { addressInfo: { addressId } } })).json();
  expect(created.success, JSON.stringify(created)).toBe(true);
  const approved = await approveInSimulator(api, created.approvalURL);
  const captured = await api.post("/api/shop/order/capture", { data: { ...approved, orderId: created.orderId } });
  expect(captured.status()).toBe(200);
  const details = await (await api.get(`/api/shop/order/details/${created.orderId}`)).json();
  expect(details.data).toMatchObject({ orderStatus: "confirmed", paymentStatus: "paid" });
  // Both instances answered part of it.
  expect(served.a - before.a).toBeGreaterThanOrEqual(3);
  expect(served.b - before.b).toBeGreaterThanOrEqual(3);
});

test("30 buyers for the last 2 units, paying through both instances at once: exactly 2 are charged", async () => {
  const productId = await onePieceProduct(2);
  const buyers = await Promise.all(
    Array.from({ length: 30 }, async (_, i) => {
      const api = await shopper(`198.51.100.${i + 1}`);
      const account = await newAccount(api);
      expect((await api.post("/api/auth/login", { data: account })).status()).toBe(200);
      const address = await api.post("/api/shop/address/add", {
        data: { address: "1 Road", city: "Town", pincode: "1", phone: "555", notes: "n" },
      });
      const addressId = (await address.json()).data._id;
      expect((await api.post("/api/shop/cart/add", { data: { productId, quantity: 1 } })).status()).toBe(200);
      const created = await (await api.post("/api/shop/order/create", { data: { addressInfo: { addressId } } })).json();
      expect(created.success, JSON.stringify(created)).toBe(true);
      return { api, orderId: created.orderId as string, ...(await approveInSimulator(api, created.approvalURL)) };
    }),
  );
  await query("update product_variants set stock = 2 where product_id = $1", [productId]);
  const answers = await Promise.all(
    buyers.map((buyer, i) =>
      buyer.api.post("/api/shop/order/capture", {
        data: { paymentId: buyer.paymentId, payerId: buyer.payerId, orderId: buyer.orderId },
        ...pinned(i % 2 ? "a" : "b"),
      }),
    ),
  );
  const statuses = answers.map((r) => r.status());
  expect(statuses.filter((s) => s === 200)).toHaveLength(2);
  expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
  const ids = buyers.map((x) => x.orderId);
  expect((await query("select stock from products where id = $1", [productId]))[0]).toEqual({ stock: 0 });
  expect(await query("select count(*)::int as n from orders where id = any($1) and payment_status = 'paid'", [ids])).toEqual([{ n: 2 }]);
  const payments = buyers.map((x) => x.paymentId);
  expect(await query("select count(*)::int as n from paypal_sim_orders where status = 'COMPLETED' and id = any($1)", [payments])).toEqual([
    { n: 2 },
  ]);
});

test("a discount code with one use left, ten buyers checking out through both instances at once: exactly one holds it", async () => {
  const productId = await onePieceProduct(10);
  const owner = await shopper("198.51.100.200");
  expect((await owner.post("/api/auth/login", { data: { email: "admin@example.com", password: "admin-demo-123" } })).status()).toBe(200);
  const code = unique("last").toUpperCase();
  expect((await owner.post("/api/admin/discounts/add", { data: { code, type: "percent", value: 25, usageLimit: 1 } })).status()).toBe(201);
  const buyers = await Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      const api = await shopper(`198.51.100.${i + 101}`);
      const account = await newAccount(api);
      expect((await api.post("/api/auth/login", { data: account })).status()).toBe(200);
      const address = await api.post("/api/shop/address/add", {
        data: { address: "1 Road", city: "Town", pincode: "1", phone: "555", notes: "n" },
      });
      expect((await api.post("/api/shop/cart/add", { data: { productId, quantity: 1 } })).status()).toBe(200);
      expect((await api.post("/api/shop/cart/discount", { data: { code } })).status()).toBe(200);
      return { api, addressId: (await address.json()).data._id as string };
    }),
  );
  const answers = await Promise.all(
    buyers.map((buyer, i) =>
      buyer.api.post("/api/shop/order/create", { data: { addressInfo: { addressId: buyer.addressId } }, ...pinned(i % 2 ? "a" : "b") }),
    ),
  );
  const statuses = answers.map((r) => r.status());
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(9);
  for (const answer of answers.filter((r) => r.status() === 409)) {
    expect(await answer.json()).toEqual({ success: false, message: "This code has been used up." });
  }
  expect(await query("select status from discount_uses u join discounts d on d.id = u.discount_id where d.code = $1", [code])).toEqual([
    { status: "held" },
  ]);
  expect(await query("select taken from discounts where code = $1", [code])).toEqual([{ taken: 1 }]);
  expect(await query("select count(*)::int as n from orders where discount_code = $1", [code])).toEqual([{ n: 1 }]);
  await owner.dispose();
});

test("ten refunds of the whole amount through both instances and the shopper cancelling at once: one goes through", async () => {
  const api = await shopper("192.0.2.30");
  const account = await newAccount(api);
  expect((await api.post("/api/auth/login", { data: account })).status()).toBe(200);
  const productId = await onePieceProduct(3);
  const before = (await query<{ stock: number }>("select stock from products where id = $1", [productId]))[0]!.stock;
  const address = await api.post("/api/shop/address/add", {
    data: { address: "1 Road", city: "Town", pincode: "1", phone: "555", notes: "n" },
  });
  const addressId = (await address.json()).data._id;
  expect((await api.post("/api/shop/cart/add", { data: { productId, quantity: 1 } })).status()).toBe(200);
  const created = await (await api.post("/api/shop/order/create", { data: { addressInfo: { addressId } } })).json();
  const approved = await approveInSimulator(api, created.approvalURL);
  expect((await api.post("/api/shop/order/capture", { data: { ...approved, orderId: created.orderId } })).status()).toBe(200);
  const [{ total_cents: total }] = (await query<{ total_cents: number }>("select total_cents from orders where id = $1", [
    created.orderId,
  ])) as [{ total_cents: number }];
  const [{ variant_id: variantId }] = (await query<{ variant_id: string }>("select variant_id from order_items where order_id = $1", [
    created.orderId,
  ])) as [{ variant_id: string }];
  const admin = await shopper("192.0.2.31");
  expect((await admin.post("/api/auth/login", { data: { email: "admin@example.com", password: "admin-demo-123" } })).status()).toBe(200);
  const answers = await Promise.all([
    ...Array.from({ length: 10 }, (_, i) =>
      admin.post(`/api/admin/orders/refund/${created.orderId}`, {
        data: { items: [{ variantId, quantity: 1 }], restock: true, reason: "Twice?" },
        ...pinned(i % 2 ? "a" : "b"),
      }),
    ),
    api.post(`/api/shop/order/cancel/${created.orderId}`, pinned("a")),
  ]);
  const statuses = answers.map((r) => r.status());
  expect(
    statuses.filter((s) => s === 200 || s === 201),
    statuses.join(","),
  ).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(10);
  expect(
    await query("select count(*)::int as n from paypal_sim_refunds where capture_id = (select capture_id from orders where id = $1)", [
      created.orderId,
    ]),
  ).toEqual([{ n: 1 }]);
  expect(await query("select refunded_cents from orders where id = $1", [created.orderId])).toEqual([{ refunded_cents: total }]);
  expect(await query("select stock from products where id = $1", [productId])).toEqual([{ stock: before }]);
});

test("signing out on one instance ends the session on the other", async () => {
  const api = await shopper("192.0.2.2");
  const account = await newAccount(api);
  expect((await api.post("/api/auth/login", { data: account, ...pinned("b") })).status()).toBe(200);
  expect((await api.get("/api/auth/check-auth", pinned("a"))).status()).toBe(200);
  const { cookies } = await api.storageState();
  expect((await api.post("/api/auth/logout", pinned("a"))).status()).toBe(200);
  // The old cookie, replayed on the other instance, opens nothing.
  const replay = await fetch(`${shopUrl}/api/auth/check-auth`, {
    headers: { "X-Instance": "b", Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
  });
  expect(replay.status).toBe(401);
});

test("an image uploaded through one instance is served by the other, with its ETag and 304", async () => {
  const admin = await shopper("192.0.2.3");
  expect((await admin.post("/api/auth/login", { data: { email: "admin@example.com", password: "admin-demo-123" } })).status()).toBe(200);
  const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#aa3355" } })
    .png()
    .toBuffer();
  const uploaded = await admin.post("/api/admin/products/upload-image", {
    multipart: { my_file: { name: "red.png", mimeType: "image/png", buffer: picture } },
    ...pinned("a"),
  });
  expect(uploaded.status()).toBe(200);
  const pathname = new URL((await uploaded.json()).result.url).pathname;
  const fromB = await fetch(`${shopUrl}${pathname}`, { headers: { "X-Instance": "b" } });
  expect(fromB.status).toBe(200);
  // The fallback JPEG, as wide as the picture (never wider).
  expect(pathname).toMatch(/^\/uploads\/[0-9a-f]{32}-40\.jpg$/);
  expect(fromB.headers.get("content-type")).toBe("image/jpeg");
  expect(fromB.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  const etag = fromB.headers.get("etag")!;
  expect(etag).toBeTruthy();
  expect(await sharp(Buffer.from(await fromB.arrayBuffer())).metadata()).toMatchObject({ format: "jpeg", width: 40, height: 30 });
  const again = await fetch(`${shopUrl}${pathname}`, { headers: { "X-Instance": "a", "If-None-Match": etag } });
  expect(again.status).toBe(304);
});

test("sign-in limits are counted across both instances", async () => {
  const target = "shopper@example.com";
  // 10 wrong guesses at one account from ten addresses, alternating instances, then an 11th on each.
  for (let i = 0; i < 10; i++) {
    const api = await shopper(`203.0.113.${i + 1}`, i % 2 ? "b" : "a");
    expect((await api.post("/api/auth/login", { data: { email: target, password: "guess" } })).status()).toBe(200);
  }
  for (const on of ["a", "b"] as const) {
    const api = await shopper("203.0.113.99", on);
    const refused = await api.post("/api/auth/login", { data: { email: target, password: "guess" } });
    expect(refused.status()).toBe(429);
    expect((await refused.json()).success).toBe(false);
  }
});

test("a DATABASE_URL naming a database that does not exist refuses to start, in one line", async () => {
  const url = new URL(databaseUrl);
  url.pathname = "/shop_test_no_such_database";
  url.password = "hunter22-secret";
  const port = await freePort();
  const refused = startOwnServer(port, { NODE_ENV: "production", DEMO_MODE: "1", SESSION_SECRET, DATABASE_URL: url.toString() });
  expect(await refused.exited).toBe(1);
  expect(refused.output().trim().split("\n")).toEqual([
    `[shop] refusing to start: cannot open the database at 127.0.0.1:${url.port}/shop_test_no_such_database: database "shop_test_no_such_database" does not exist`,
  ]);
  await refused.stop();
});

/** A TCP relay to PostgreSQL that the test can cut and restore, as a network fault or a restart would. */
async function relay(port: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(5432, "127.0.0.1");
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => resolve());
    });
  await open();
  return {
    open,
    cut: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server!.close(() => resolve());
      }),
  };
}

test("a database lost while running: 503 on /healthz, clean 5xx JSON on /api, no crash, and back when it returns", async () => {
  const relayPort = await freePort();
  const link = await relay(relayPort);
  const url = new URL(databaseUrl);
  url.port = String(relayPort);
  const port = await freePort();
  const lone = startOwnServer(port, {
    NODE_ENV: "production",
    DEMO_MODE: "1",
    LOG_LEVEL: "error",
    WEB_CONCURRENCY: "1",
    SESSION_SECRET,
    DATABASE_URL: url.toString(),
  });
  try {
    await lone.healthy();
    // A new account (the demo shopper's sign-ins are used up by the limits test above).
    const name = unique("lone");
    const account = { userName: name, email: `${name}@example.com`, password: "a-good-password" };
    const post = (pathname: string) =>
      fetch(`${lone.url}${pathname}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(account) });
    expect((await post("/api/auth/register")).status).toBe(201);
    const login = await post("/api/auth/login");
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const listingOf = () => fetch(`${lone.url}/api/shop/products/get`, { headers: { Cookie: cookie } });
    expect((await listingOf()).status).toBe(200);
    await link.cut();
    const health = await fetch(`${lone.url}/healthz`).catch((error) => {
      throw new Error(`${error}: ${lone.output()}`);
    });
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "error", message: "database unavailable" });
    const listing = await listingOf().catch((error) => {
      throw new Error(`${error}: ${lone.output()}`);
    });
    expect(listing.status).toBeGreaterThanOrEqual(500);
    const body = await listing.json();
    expect(body.success).toBe(false);
    expect(JSON.stringify(body)).not.toMatch(/stack|ECONNREFUSED|at \//);
    expect(lone.child.exitCode).toBeNull();

    await link.open();
    await expect.poll(async () => (await fetch(`${lone.url}/healthz`)).status, { timeout: 15_000 }).toBe(200);
    expect((await listingOf()).status).toBe(200);
  } finally {
    await lone.stop();
    await link.cut();
  }
});

// Rules that read and then write, raced through both instances: each holds by its own locks
// (docs/decisions/0042-postgresql-without-a-global-lock.md).

/** One-piece products from the end of the title order, away from those the tests above take. */
const lastOnePieceProducts = async (n: number) =>
  (
    await query<{ id: string }>(
      "select id from products p where (select count(*) from product_variants v where v.product_id = p.id) = 1 order by title desc limit $1",
      [n],
    )
  ).map((r) => r.id);

async function signedIn(ip: string): Promise<{ api: APIRequestContext; userId: string }> {
  const api = await shopper(ip);
  const account = await newAccount(api);
  expect((await api.post("/api/auth/login", { data: account })).status()).toBe(200);
  const me = await (await api.get("/api/auth/check-auth")).json();
  return { api, userId: me.user.id as string };
}

const anAddress = (street: string) => ({ address: street, city: "Town", pincode: "1", phone: "555", notes: "n" });

test("a shopper with 2 addresses sends 4 address adds at once through both instances: exactly one is added", async () => {
  const { api, userId } = await signedIn("192.0.2.60");
  for (const street of ["1 Road", "2 Road"])
    expect((await api.post("/api/shop/address/add", { data: anAddress(street) })).status()).toBe(201);
  const answers = await Promise.all(
    ["3 Road", "4 Road", "5 Road", "6 Road"].map((street, i) =>
      api.post("/api/shop/address/add", { data: anAddress(street), ...pinned(i % 2 ? "a" : "b") }),
    ),
  );
  const statuses = answers.map((r) => r.status()).sort();
  expect(statuses).toEqual([201, 409, 409, 409]);
  expect(await query("select count(*)::int as n from addresses where user_id = $1", [userId])).toEqual([{ n: 3 }]);
});

test("20 adds of one variant at once by one shopper through both instances: one cart line, never above stock", async () => {
  const { api, userId } = await signedIn("192.0.2.61");
  const [productId] = await lastOnePieceProducts(1);
  await query("update product_variants set stock = 7 where product_id = $1", [productId]);
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      api.post("/api/shop/cart/add", { data: { productId, quantity: 1 }, ...pinned(i % 2 ? "a" : "b") }),
    ),
  );
  const statuses = answers.map((r) => r.status());
  expect(statuses.filter((s) => s === 200)).toHaveLength(7);
  expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
  expect(
    await query("select ci.quantity from cart_items ci join carts c on c.id = ci.cart_id where c.user_id = $1 and ci.product_id = $2", [
      userId,
      productId,
    ]),
  ).toEqual([{ quantity: 7 }]);
});

test("while another connection holds one variant's row lock, other products' carts and checkouts answer within a second, and the locked one answers 503", async () => {
  const [lockedId, freeId] = await lastOnePieceProducts(3).then((ids) => [ids[1]!, ids[2]!]);
  await query("update product_variants set stock = 50 where product_id = any($1)", [[lockedId, freeId]]);
  const { api } = await signedIn("192.0.2.62");
  const other = await signedIn("192.0.2.63");
  const addressId = (await (await api.post("/api/shop/address/add", { data: anAddress("7 Road") })).json()).data._id;
  const otherAddressId = (await (await other.api.post("/api/shop/address/add", { data: anAddress("8 Road") })).json()).data._id;
  expect((await other.api.post("/api/shop/cart/add", { data: { productId: lockedId, quantity: 1 } })).status()).toBe(200);

  const holder = new pg.Client({ connectionString: databaseUrl });
  await holder.connect();
  try {
    await holder.query("begin");
    await holder.query("select id from product_variants where product_id = $1 for update", [lockedId]);
    const timed = async <T>(work: () => Promise<T>) => {
      const started = Date.now();
      const result = await work();
      return { result, ms: Date.now() - started };
    };
    // A cart and a whole checkout of another product, on each instance.
    for (const on of ["a", "b"] as const) {
      const add = await timed(() => api.post("/api/shop/cart/add", { data: { productId: freeId, quantity: 1 }, ...pinned(on) }));
      expect(add.result.status()).toBe(200);
      expect(add.ms).toBeLessThan(1_000);
      const created = await timed(() => api.post("/api/shop/order/create", { data: { addressInfo: { addressId } }, ...pinned(on) }));
      const order = await created.result.json();
      expect(order.success, JSON.stringify(order)).toBe(true);
      expect(created.ms).toBeLessThan(1_000);
      const approved = await approveInSimulator(api, order.approvalURL);
      const captured = await timed(() =>
        api.post("/api/shop/order/capture", { data: { ...approved, orderId: order.orderId }, ...pinned(on) }),
      );
      expect(captured.result.status()).toBe(200);
      expect(captured.ms).toBeLessThan(1_000);
    }
    // A checkout of the locked variant waits lock_timeout (5 s by default), then says so.
    const locked = await timed(() => other.api.post("/api/shop/order/create", { data: { addressInfo: { addressId: otherAddressId } } }));
    expect(locked.result.status()).toBe(503);
    expect(await locked.result.json()).toEqual({ success: false, message: "The shop is busy, please try again" });
    expect(locked.ms).toBeLessThan(5_000 + 1_000);
  } finally {
    await holder.query("rollback");
    await holder.end();
  }
  // Both instances carry on: the same checkout goes through once the lock is gone.
  const again = await (await other.api.post("/api/shop/order/create", { data: { addressInfo: { addressId: otherAddressId } } })).json();
  expect(again.success, JSON.stringify(again)).toBe(true);
});

test("both instances' mail senders deliver 200 queued messages together, each exactly once", async () => {
  const batch = unique("bulk");
  const at = new Date(Date.now() - 1_000).toISOString();
  const ids = Array.from({ length: 200 }, (_, i) => `${batch}-${String(i).padStart(3, "0")}`);
  // Queued as the shop queues them (in the transaction of a change), all due now, in one statement.
  await query(
    `insert into outbox (id, kind, recipient, subject, text_body, html_body, next_attempt_at, created_at)
       select id, 'bulk-test', 'bulk@example.com', 'Bulk ' || id, 'Hello', '<p>Hello</p>', $2, $2 from unnest($1::text[]) as id`,
    [ids, at],
  );
  await expect
    .poll(
      async () =>
        (await query<{ n: number }>("select count(*)::int as n from outbox where id = any($1) and sent_at is not null", [ids]))[0]!.n,
      {
        timeout: 60_000,
      },
    )
    .toBe(200);
  // Each message reached the SMTP server once (its Message-ID is the outbox row's id).
  const received = delivered.flatMap((raw) => {
    const id = /^Message-ID: <([^@>]+)@fashion-shop>/im.exec(raw)?.[1];
    return id?.startsWith(batch) ? [id] : [];
  });
  expect(received.sort()).toEqual(ids);
  // Both instances took a share: each claim names its sender's process.
  const senders = await query<{ pid: string }>("select distinct split_part(claimed_by, '/', 2) as pid from outbox where id = any($1)", [
    ids,
  ]);
  expect(senders.map((r) => r.pid).sort()).toEqual([String(a.child.pid), String(b.child.pid)].sort());
});
