import { request as playwrightRequest } from "@playwright/test";
import Database from "better-sqlite3";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { createTestDatabase, dropTestDatabase } from "#tests/postgres/databases";
import { expect, test } from "./fixtures";
import { approveInSimulator, unique } from "./helpers";
import { freePort, startOwnServer, type OwnServer } from "./own-server";

// A shop process killed in the middle of a refund, on either engine: after the refund's row is
// written and while PayPal is being asked. Two real processes share one database: "paypal"
// serves PayPal (the simulator) and "shop" is the one that dies. The shop reaches PayPal through a
// proxy of this test's own, which kills the shop at the chosen moment: before PayPal sees the
// request, or after PayPal has refunded but before its answer arrives. A new shop process on the
// same database must settle the refund exactly once: one refund at PayPal, the unit back once.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const SESSION_SECRET = "5eed5eed".repeat(8);
let postgresUrl: string | undefined;
let dataDir: string;
let paypal: OwnServer;
let shop: OwnServer;
let shopPort: number;
let proxy: http.Server;
let proxyUrl: string;
/** What the proxy does with the next refund request. */
let onRefund: "pass" | "kill-before" | "kill-after" = "pass";

function settings(port: number) {
  return {
    NODE_ENV: "production",
    DEMO_MODE: "1",
    LOG_LEVEL: "warn",
    PAYPAL_MODE: "simulator",
    WEB_CONCURRENCY: "1",
    SESSION_SECRET,
    // Both processes are the one shop at the shop's address: PayPal sends buyers back there.
    PUBLIC_URL: `http://127.0.0.1:${shopPort}`,
    // The first process gets a data folder of its own (startOwnServer's); the restarts share it.
    ...(postgresUrl ? { DATABASE_URL: postgresUrl } : dataDir ? { DATA_DIR: dataDir } : {}),
    PORT: String(port),
  };
}

const startShop = () => startOwnServer(shopPort, { ...settings(shopPort), PAYPAL_SIMULATOR_URL: `${proxyUrl}/paypal-sim` });

/** One statement on the shared database, whichever the engine (`?` placeholders). */
async function sql<Row>(text: string, params: unknown[] = []): Promise<Row[]> {
  if (postgresUrl) {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      let n = 0;
      return (
        await client.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as Row[];
    } finally {
      await client.end();
    }
  }
  const db = new Database(path.join(dataDir, "shop.db"));
  try {
    return db.prepare(text).all(...params) as Row[];
  } finally {
    db.close();
  }
}

test.beforeAll(async () => {
  if (test.info().project.name.endsWith("-pg")) postgresUrl = await createTestDatabase("refund_crash");
  shopPort = await freePort();
  const paypalPort = await freePort();
  paypal = startOwnServer(paypalPort, settings(paypalPort));
  await paypal.healthy();
  dataDir = paypal.dataDir;
  proxy = http.createServer((req, res) => {
    const refund = req.method === "POST" && /\/v2\/payments\/captures\/[^/]+\/refund$/.test(req.url ?? "");
    const action = refund ? onRefund : "pass";
    if (action === "kill-before") {
      shop.child.kill("SIGKILL");
      res.destroy();
      return;
    }
    const upstream = http.request(
      { host: "127.0.0.1", port: paypalPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (action === "kill-after") {
          // PayPal has refunded; the shop dies before it reads the answer.
          answer.resume();
          answer.on("end", () => {
            shop.child.kill("SIGKILL");
            res.destroy();
          });
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => proxy.listen(port, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${port}`;
  shop = startShop();
  await shop.healthy();
});

test.afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await shop?.stop();
  await paypal?.stop();
  if (postgresUrl) await dropTestDatabase(postgresUrl);
});

/** A new shopper on the shop with one paid order of a one-size product; its id and product. */
async function paidOrder() {
  const api = await playwrightRequest.newContext({ baseURL: shop.url, extraHTTPHeaders: { Origin: shop.url } });
  const name = unique("crash");
  const account = { userName: name, email: `${name}@example.com`, password: "a-good-password" };
  expect((await (await api.post("/api/auth/register", { data: account })).json()).success).toBe(true);
  expect((await (await api.post("/api/auth/login", { data: account })).json()).success).toBe(true);
  const [product] = await sql<{ id: string }>(
    "select id from products p where stock >= 3 and (select count(*) from product_variants v where v.product_id = p.id) = 1 order by title limit 1",
  );
  const address = await api.post("/api/shop/address/add", {
    data: { address: "1 Road", city: "Town", pincode: "1", phone: "555", notes: "n" },
  });
  const addressId = (await address.json()).data._id;
  expect((await api.post("/api/shop/cart/add", { data: { productId: product!.id, quantity: 1 } })).status()).toBe(200);
  const created = await (await api.post("/api/shop/order/create", { data: { addressInfo: { addressId } } })).json();
  const approved = await approveInSimulator(api, created.approvalURL);
  expect((await api.post("/api/shop/order/capture", { data: { ...approved, orderId: created.orderId } })).status()).toBe(200);
  return { api, orderId: created.orderId as string, productId: product!.id };
}

const stockOf = async (productId: string) =>
  Number((await sql<{ stock: number }>("select stock from products where id = ?", [productId]))[0]!.stock);
const refundsAtPayPal = async (orderId: string) =>
  Number(
    (
      await sql<{ n: number }>(
        "select count(*) as n from paypal_sim_refunds where capture_id = (select capture_id from orders where id = ?)",
        [orderId],
      )
    )[0]!.n,
  );

for (const moment of ["kill-before", "kill-after"] as const) {
  test(`a shop killed ${moment === "kill-before" ? "before PayPal saw the refund" : "after PayPal refunded, before its answer"}: settled once after a restart`, async () => {
    const { api, orderId, productId } = await paidOrder();
    const stock = await stockOf(productId);
    onRefund = moment;
    const cut = await api.post(`/api/shop/order/cancel/${orderId}`).catch((error: Error) => error);
    expect(cut instanceof Error, "the shop died while answering").toBe(true);
    await shop.exited;
    onRefund = "pass";
    // What the dead process left: the refund's row, its amount counted, nothing else yet.
    const [left] = await sql<{ status: string; refunded_cents: number; total_cents: number; order_status: string }>(
      "select r.status, o.refunded_cents, o.total_cents, o.order_status from refunds r join orders o on o.id = r.order_id where r.order_id = ?",
      [orderId],
    );
    expect(left).toMatchObject({ status: "requested", order_status: "confirmed" });
    expect(Number(left!.refunded_cents)).toBe(Number(left!.total_cents));
    expect(await refundsAtPayPal(orderId)).toBe(moment === "kill-after" ? 1 : 0);
    expect(await stockOf(productId)).toBe(stock);

    shop = startShop();
    await shop.healthy();
    // The restarted shop's recovery sweep settles it once the dead process's lease on the order ends.
    await expect
      .poll(async () => (await sql<{ status: string }>("select status from refunds where order_id = ?", [orderId]))[0]!.status, {
        timeout: 60_000,
      })
      .toBe("completed");
    expect(await refundsAtPayPal(orderId)).toBe(1);
    expect(await stockOf(productId)).toBe(stock + 1);
    expect(await sql("select order_status from orders where id = ?", [orderId])).toEqual([{ order_status: "cancelled" }]);
    const mails = await sql<{ kind: string }>("select kind from outbox where order_id = ? and kind = 'order-cancelled'", [orderId]);
    expect(mails).toHaveLength(1);
    // The shopper sees it settled.
    const relogin = await playwrightRequest.newContext({ baseURL: shop.url, storageState: await api.storageState() });
    expect((await (await relogin.get(`/api/shop/order/details/${orderId}`)).json()).data).toMatchObject({
      orderStatus: "cancelled",
      paymentStatus: "refunded",
    });
  });
}
