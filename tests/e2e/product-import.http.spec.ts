import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import Database from "better-sqlite3";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { createTestDatabase, dropTestDatabase } from "#tests/postgres/databases";
import { shopifyCsv, shopifyRows } from "#tests/support/shopify-file";
import { expect, test } from "./fixtures";
import { ADMIN, SHOPPER, shopSql, unique } from "./helpers";
import { freePort, startOwnServer, type OwnServer } from "./own-server";

// Importing products over /api (issue 50, decision 0071): the dry run writes nothing, starting
// applies exactly its plan in the background, the same file again changes nothing, problems are
// reported on their lines, every refusal is a clear 4xx; and an import whose process is killed
// (SIGKILL) is finished by the next process on the same data, every product once.

// The imports add categories and brands: a shop of this file's own.
test.use({ ownShop: true });
test.describe.configure({ mode: "serial", timeout: 120_000 });

type Job = {
  id: string;
  state: string;
  itemsTotal: number;
  itemsDone: number;
  rowsTotal: number;
  rowsDone: number;
  summary: { products: Record<string, number>; problems: Array<{ line: number | null; column: string | null; message: string }> };
  applyProblems: Array<{ line: number | null; column: string | null; message: string; severity: string }>;
};

/** A generated file of `products` products whose handles and SKUs start with `prefix`. */
const fileOf = (prefix: string, products: number, variantsPerProduct = 2, imageBase?: string) =>
  shopifyCsv({ products, variantsPerProduct, imageBase })
    .replace(/\bproduct-(\d+)\b/g, `${prefix}-$1`)
    .replace(/\bP(\d+)-/g, `${prefix.toUpperCase()}$1-`);

const csvFile = (text: string, name = "products.csv") => ({ file: { name, mimeType: "text/csv", buffer: Buffer.from(text) } });

async function admin(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  expect((await (await api.post("/api/auth/login", { data: ADMIN })).json()).success).toBe(true);
  return api;
}

async function job(api: APIRequestContext, id: string): Promise<Job> {
  const answer = await api.get(`/api/admin/products/import/${id}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()).data as Job;
}

async function finished(api: APIRequestContext, id: string, timeout = 90_000): Promise<Job> {
  await expect.poll(async () => (await job(api, id)).state, { timeout }).toBe("done");
  return job(api, id);
}

const countOf = async (where: string, params: unknown[] = []) =>
  Number((await shopSql<{ n: number }>(`select count(*) as n from products where ${where}`, params)).rows[0]!.n);

test("a dry run writes nothing; starting applies exactly its plan, once; the same file again changes nothing", async ({ baseURL }) => {
  const api = await admin(baseURL!);
  const prefix = unique("dry").toLowerCase();
  const csv = fileOf(prefix, 3);
  const before = await countOf("1 = 1");

  const planned = await api.post("/api/admin/products/import?dryRun=1", { multipart: csvFile(csv) });
  expect(planned.status()).toBe(200);
  const plan = (await planned.json()).data as Job;
  expect(plan).toMatchObject({ state: "planned", itemsTotal: 3, itemsDone: 0, rowsTotal: 6, rowsDone: 0 });
  expect(plan.summary.products).toMatchObject({ create: 3, update: 0, unchanged: 0 });
  expect(await countOf("1 = 1")).toBe(before);

  const started = await api.post(`/api/admin/products/import/${plan.id}/start`);
  expect(started.status()).toBe(202);
  expect(["queued", "running", "done"]).toContain((await started.json()).data.state);
  const again = await api.post(`/api/admin/products/import/${plan.id}/start`);
  expect(again.status()).toBe(409);
  expect(await again.json()).toEqual({ success: false, message: expect.stringMatching(/already been (started|applied)/) });

  const done = await finished(api, plan.id);
  expect(done).toMatchObject({ itemsDone: 3, itemsTotal: 3, rowsDone: 6, rowsTotal: 6, applyProblems: [] });
  expect(await countOf("1 = 1")).toBe(before + 3);
  expect(await countOf("handle like ?", [`${prefix}-%`])).toBe(3);
  const variants = await shopSql<{ n: number }>(
    "select count(*) as n from product_variants v join products p on p.id = v.product_id where p.handle like ?",
    [`${prefix}-%`],
  );
  expect(Number(variants.rows[0]!.n)).toBe(6);
  const stamps = (await shopSql("select handle, updated_at from products where handle like ? order by handle", [`${prefix}-%`])).rows;

  // The same file again, started at once (no dry run): all unchanged, nothing written.
  const second = await api.post("/api/admin/products/import", { multipart: csvFile(csv) });
  expect(second.status()).toBe(202);
  const secondJob = (await second.json()).data as Job;
  expect(secondJob.summary.products).toMatchObject({ create: 0, update: 0, unchanged: 3 });
  await finished(api, secondJob.id);
  expect(await countOf("1 = 1")).toBe(before + 3);
  expect((await shopSql("select handle, updated_at from products where handle like ? order by handle", [`${prefix}-%`])).rows).toEqual(
    stamps,
  );

  // The latest imports, newest first.
  const list = (await (await api.get("/api/admin/products/import")).json()).data as Job[];
  expect(list.slice(0, 2).map((j) => j.id)).toEqual([secondJob.id, plan.id]);
});

test("rows with errors are skipped and reported; a photo that cannot be fetched is reported on its line, its product in", async ({
  baseURL,
}) => {
  const api = await admin(baseURL!);
  const prefix = unique("rows").toLowerCase();
  const csv = shopifyRows([
    {
      Handle: `${prefix}-good`,
      Title: "Good Tee",
      Vendor: "Importers",
      Type: "Imported",
      "Option1 Name": "Size",
      "Option1 Value": "M",
      "Variant Price": "20.00",
      "Variant Inventory Qty": "3",
      "Image Src": "http://127.0.0.1:9/nothing-here.jpg",
    },
    {
      Handle: `${prefix}-bad`,
      Title: "Bad Tee",
      Vendor: "Importers",
      Type: "Imported",
      "Option1 Name": "Size",
      "Option1 Value": "M",
      "Variant Price": "abc",
      "Variant Inventory Qty": "1",
    },
  ]);
  const answer = await api.post("/api/admin/products/import", { multipart: csvFile(csv) });
  expect(answer.status()).toBe(202);
  const started = (await answer.json()).data as Job;
  expect(started.summary.problems).toContainEqual(expect.objectContaining({ line: 3, column: "Variant Price" }));
  const done = await finished(api, started.id);
  expect(done.applyProblems).toEqual([
    expect.objectContaining({
      line: 2,
      column: "Image Src",
      severity: "warning",
      message: expect.stringContaining("could not fetch http://127.0.0.1:9/nothing-here.jpg"),
    }),
  ]);
  expect(await countOf("handle = ?", [`${prefix}-good`])).toBe(1);
  expect(await countOf("handle = ?", [`${prefix}-bad`])).toBe(0);
});

test("refusals: not a CSV, a file over 25 MB, no file, a visitor, a shopper, an unknown import", async ({ baseURL }) => {
  const api = await admin(baseURL!);
  const before = await countOf("1 = 1");
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123456" } })
    .png()
    .toBuffer();
  const notCsv = await api.post("/api/admin/products/import", {
    multipart: { file: { name: "products.csv", mimeType: "text/csv", buffer: png } },
  });
  expect(notCsv.status()).toBe(400);
  expect((await notCsv.json()).success).toBe(false);

  // Just over 25 MB: within what the route lets in at the door (which would close the connection
  // on a larger body before it is sent whole), refused by the import's own limit.
  const huge = await api.post("/api/admin/products/import", {
    multipart: { file: { name: "huge.csv", mimeType: "text/csv", buffer: Buffer.alloc(25 * 1024 * 1024 + 100 * 1024, "a") } },
  });
  expect(huge.status()).toBe(413);
  expect(await huge.json()).toEqual({ success: false, message: expect.stringContaining("at most 25 MB") });

  const none = await api.post("/api/admin/products/import", { multipart: { other: "x" } });
  expect(none.status()).toBe(400);

  const visitor = await playwrightRequest.newContext({ baseURL });
  const shopper = await playwrightRequest.newContext({ baseURL });
  await shopper.post("/api/auth/login", { data: SHOPPER });
  for (const [method, url] of [
    ["POST", "/api/admin/products/import"],
    ["GET", "/api/admin/products/import"],
    ["GET", "/api/admin/products/import/ffffffffffffffffffffffff"],
    ["POST", "/api/admin/products/import/ffffffffffffffffffffffff/start"],
    ["POST", "/api/admin/products/import/ffffffffffffffffffffffff/discard"],
  ] as const) {
    const options = method === "POST" ? { method, multipart: csvFile("Handle,Title\r\nx,X\r\n") } : { method };
    expect((await visitor.fetch(url, options)).status(), `${method} ${url}`).toBe(401);
    const refused = await shopper.fetch(url, options);
    expect(refused.status(), `${method} ${url}`).toBe(403);
    expect((await refused.json()).success).toBe(false);
  }
  for (const url of ["/api/admin/products/import/ffffffffffffffffffffffff", "/api/admin/products/import/not-an-id"]) {
    expect((await api.get(url)).status()).toBe(404);
    expect(await (await api.post(`${url}/start`)).json()).toEqual({ success: false, message: "Import not found" });
    expect((await api.post(`${url}/discard`)).status()).toBe(404);
  }
  expect(await countOf("1 = 1")).toBe(before);
});

test("the shop keeps serving while a large import runs", async ({ baseURL }) => {
  const api = await admin(baseURL!);
  const prefix = unique("big").toLowerCase();
  const answer = await api.post("/api/admin/products/import", { multipart: csvFile(fileOf(prefix, 600, 6)) });
  expect(answer.status()).toBe(202);
  const { id } = (await answer.json()).data as Job;
  const shopper = await playwrightRequest.newContext({ baseURL });
  await shopper.post("/api/auth/login", { data: SHOPPER });
  // A shopper's listing answered between two reads that both saw the import running.
  let servedMeanwhile = false;
  await expect
    .poll(
      async () => {
        const before = await job(api, id);
        if (before.state === "done") return "done";
        if (before.state !== "running" || before.itemsDone === 0) return "waiting";
        const listing = await shopper.get("/api/shop/products/get?page=1");
        const after = await job(api, id);
        if (listing.status() === 200 && after.state === "running" && after.itemsDone < after.itemsTotal) servedMeanwhile = true;
        return servedMeanwhile ? "served" : "waiting";
      },
      { timeout: 60_000, intervals: [50] },
    )
    .toBe("served");
  const done = await finished(api, id, 110_000);
  expect(done).toMatchObject({ itemsDone: 600, itemsTotal: 600, rowsDone: 3600 });
  expect(await countOf("handle like ?", [`${prefix}-%`])).toBe(600);
});

test.describe("an import whose process is killed", () => {
  const SESSION_SECRET = "1a2b3c4d".repeat(8);
  let postgresUrl: string | undefined;
  let dataDir: string;
  let port: number;
  let shop: OwnServer;
  let photos: http.Server;
  let photoPort: number;
  let jpeg: Buffer;

  const settings = () => ({
    NODE_ENV: "production",
    DEMO_MODE: "1",
    LOG_LEVEL: "warn",
    PAYPAL_MODE: "simulator",
    WEB_CONCURRENCY: "1",
    SESSION_SECRET,
    IMPORT_ALLOW_HOSTS: `127.0.0.1:${photoPort}`,
    ...(postgresUrl ? { DATABASE_URL: postgresUrl } : dataDir ? { DATA_DIR: dataDir } : {}),
  });

  /** One statement on the killed shop's database, whichever the engine. */
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
    if (test.info().project.name.endsWith("-pg")) postgresUrl = await createTestDatabase("product_import_kill");
    jpeg = await sharp({ create: { width: 120, height: 90, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    // A photo host that takes its time, so the import is still running when its process is killed.
    photos = http.createServer((_req, res) => setTimeout(() => res.writeHead(200, { "Content-Type": "image/jpeg" }).end(jpeg), 40));
    photoPort = await freePort();
    await new Promise<void>((resolve) => photos.listen(photoPort, "127.0.0.1", resolve));
    port = await freePort();
    shop = startOwnServer(port, settings());
    await shop.healthy();
    dataDir = shop.dataDir;
  });

  test.afterAll(async () => {
    await shop?.stop();
    await new Promise((resolve) => photos?.close(resolve));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (postgresUrl) await dropTestDatabase(postgresUrl);
  });

  test("is finished by the next process on the same data: every product and photo once, every item done", async () => {
    let api = await admin(shop.url);
    const products = 120;
    const answer = await api.post("/api/admin/products/import", {
      multipart: csvFile(fileOf("killed", products, 2, `http://127.0.0.1:${photoPort}/photos`)),
    });
    expect(answer.status()).toBe(202);
    const { id } = (await answer.json()).data as Job;
    // Killed while applying: some products in, not all.
    await expect
      .poll(async () => Number((await sql<{ n: number }>("select items_done as n from imports where id = ?", [id]))[0]!.n), {
        timeout: 60_000,
        intervals: [25],
      })
      .toBeGreaterThanOrEqual(5);
    shop.child.kill("SIGKILL");
    await shop.exited;
    const [left] = await sql<{ state: string; items_done: number }>("select state, items_done from imports where id = ?", [id]);
    expect(left!.state).toBe("running");
    expect(Number(left!.items_done)).toBeLessThan(products);
    // What the dead process left is whole: each done item's product is in with all its variants.
    const halfway = await sql<{ n: number }>("select count(*) as n from products where handle like 'killed-%'");
    expect(Number(halfway[0]!.n)).toBe(Number(left!.items_done));

    shop = startOwnServer(port, settings());
    await shop.healthy();
    api = await admin(shop.url);
    // The new process takes the import up once the dead one's lease has run out.
    const done = await finished(api, id, 100_000);
    expect(done).toMatchObject({ itemsDone: products, itemsTotal: products, rowsDone: products * 3, applyProblems: [] });
    const [counts] = await sql<{ products: number; variants: number; photos: number; sources: number }>(
      `select count(distinct p.id) as products,
              (select count(*) from product_variants v join products q on q.id = v.product_id where q.handle like 'killed-%') as variants,
              (select count(*) from product_photos f join products q on q.id = f.product_id where q.handle like 'killed-%') as photos,
              (select count(distinct f.product_id || f.source) from product_photos f join products q on q.id = f.product_id where q.handle like 'killed-%') as sources
         from products p where p.handle like 'killed-%'`,
    );
    expect(Object.fromEntries(Object.entries(counts!).map(([k, v]) => [k, Number(v)]))).toEqual({
      products,
      variants: products * 2,
      photos: products * 2,
      sources: products * 2,
    });
    expect(await sql("select count(*) as n from import_items where import_id = ? and state <> 'done'", [id])).toEqual([
      { n: postgresUrl ? "0" : 0 },
    ]);
  });
});
