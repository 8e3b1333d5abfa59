import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { createHash, createHmac } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const SHOPPER = { email: "shopper@example.com", password: "shopper-demo-123", userName: "Demo Shopper" };
export const ADMIN = { email: "admin@example.com", password: "admin-demo-123", userName: "Demo Admin" };

export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export async function login(page: Page, account: { email: string; password: string }, path = "/auth/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/**
 * Waits until React has hydrated the page (it has claimed the <body> it renders): from then on the
 * page's own handlers and effects run, such as timers a test drives with page.clock.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber")));
}

/**
 * Waits until React has hydrated the page and every dialog on it (a dialog opened by the URL
 * hydrates after the page, once its code arrives); at once for a page that is not the shop's (an
 * image, JSON). The JavaScript projects' page.goto and reload end with it (fixtures.ts).
 */
export async function settled(page: Page) {
  await page.waitForFunction(
    () => {
      const hydrated = (el: Element) => Object.keys(el).some((key) => key.startsWith("__reactFiber"));
      // React Router's module script, renamed until the page has loaded; gone once React re-renders.
      if (!document.querySelector('script[type="module-after-load"], script[type="module"]')) return true;
      return hydrated(document.body) && [...document.querySelectorAll('dialog, [role="dialog"], [role="alertdialog"]')].every(hydrated);
    },
    undefined,
    { timeout: 15_000 },
  );
}

/**
 * Waits until React has hydrated `element`: a part of the page that loads its code on demand (a
 * sheet or dialog opened by the URL) hydrates after the page itself, once its chunk arrives.
 */
export async function hydratedElement(element: Locator) {
  await expect.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber")))).toBe(true);
}

/**
 * Where a test's screenshot of a page goes, for a person to look at (they assert nothing):
 * `SHOTS_DIR/<name>` (the system's temporary folder's `shop-screenshots` unless set), its folders
 * made.
 */
export function shotPath(name: string): string {
  const file = path.join(process.env.SHOTS_DIR ?? path.join(os.tmpdir(), "shop-screenshots"), name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return file;
}

export async function expectToast(page: Page, text: string | RegExp, options?: { timeout?: number }) {
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText(text, options);
  // Seen, not only present: nothing covers it (such as an open modal dialog's top layer).
  await expect
    .poll(() =>
      toast.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return !!hit && element.contains(hit);
      }),
    )
    .toBe(true);
}

export type Account = { userName: string; email: string; password: string };

/** Registers a new shopper over /api: an empty cart, no addresses, no orders. */
export async function registerShopper(request: APIRequestContext, prefix = "shopper"): Promise<Account> {
  const name = unique(prefix);
  const account = { userName: name, email: `${name}@example.com`, password: "a-good-password" };
  const response = await request.post("/api/auth/register", { data: account });
  expect((await response.json()).success, `register ${name}`).toBe(true);
  return account;
}

/**
 * Signs the page's browser in by cookie: /api/auth/login through the context's own request, which
 * shares the browser's cookie jar. Much faster than the login form (auth.spec.ts tests that); the
 * page stays where it is.
 */
export async function signIn(page: Page, account: { email: string; password: string }) {
  const response = await page.context().request.post("/api/auth/login", { data: { email: account.email, password: account.password } });
  expect((await response.json()).success, `sign in ${account.email}`).toBe(true);
}

/** The data folder of this worker's shop (set by the `shop` fixture in fixtures.ts). */
export function dataDir(): string {
  const dir = process.env.SHOP_E2E_DATA_DIR;
  if (!dir) throw new Error("no shop in this worker yet: use the baseURL, page or request fixture first");
  return dir;
}

/**
 * Runs SQL on this worker's shop database, whichever the engine: `?` placeholders, the rows read
 * and the number of rows changed. For what a test must arrange or check behind the shop's back.
 */
export async function shopSql<Row = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
): Promise<{ rows: Row[]; changes: number }> {
  const databaseUrl = process.env.SHOP_E2E_DATABASE_URL;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      let n = 0;
      const result = await client.query(
        text.replace(/\?/g, () => `$${++n}`),
        params,
      );
      return { rows: result.rows as Row[], changes: result.rowCount ?? 0 };
    } finally {
      await client.end();
    }
  }
  const db = new Database(path.join(dataDir(), "shop.db"));
  try {
    const statement = db.prepare(text);
    if (statement.reader) return { rows: statement.all(...params) as Row[], changes: 0 };
    return { rows: [], changes: statement.run(...params).changes };
  } finally {
    db.close();
  }
}

/** Tables whose rows change without a request changing data: sign-in attempt counters (every attempt counts, refused or not) and the payment-recovery sweep's lease (taken and dropped by the server's timer). */
const VOLATILE_TABLES = ["rate_limits", "leases"];
/**
 * The outbox's messages count, but not how the background sender is getting on with them (it
 * sends whenever it runs): only these columns of it are compared.
 */
const OUTBOX_COLUMNS = "id, kind, recipient, subject, text_body, html_body, order_id, created_at";
const rowsOf = (table: string) => (table === "outbox" ? `select ${OUTBOX_COLUMNS} from outbox` : `select * from "${table}"`);

/**
 * A hash of every row of every table (the FTS index left out: it is derived): equal before and
 * after a request proves the request changed no data.
 */
export async function dataFingerprint(): Promise<string> {
  const hash = createHash("sha256");
  const databaseUrl = process.env.SHOP_E2E_DATABASE_URL;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = 'public' order by table_name",
      );
      // Each table's rows hashed where they are (md5 of its rows' text, in order), in one query:
      // fetching every row to hash it here cost the hostile-input suite about a sixth of its time.
      const perTable = rows
        .filter((r) => !VOLATILE_TABLES.includes(r.name))
        .map(
          ({ name }) =>
            `select '${name}' as name, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as rows, count(*) as n from (${rowsOf(name)}) as t`,
        );
      const hashed = await client.query<{ name: string; rows: string; n: string }>(perTable.join(" union all "));
      for (const row of hashed.rows.sort((a, b) => a.name.localeCompare(b.name))) hash.update(`${row.name}:${row.n}:${row.rows}`);
    } finally {
      await client.end();
    }
    return hash.digest("hex");
  }
  const db = new Database(path.join(dataDir(), "shop.db"), { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'products_fts%' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    for (const table of tables.filter((t) => !VOLATILE_TABLES.includes(t))) {
      hash.update(
        table +
          JSON.stringify(
            db
              .prepare(`${rowsOf(table)} ORDER BY rowid`)
              .raw()
              .all(),
          ),
      );
    }
  } finally {
    db.close();
  }
  return hash.digest("hex");
}

/**
 * A photo-sized JPEG (3000 x 3000, about 4 MB): smooth colour fields with grain, which JPEG cannot
 * squeeze much, like a phone picture. Far above the 256 KB an ordinary form may send.
 */
export async function photoJpeg(name = "photo.jpg") {
  const { default: sharp } = await import("sharp");
  const width = 3000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 42;
  const grain = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 48;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const g = grain();
      raw[i] = Math.max(0, Math.min(255, 128 + 100 * Math.sin(x / 300) + g));
      raw[i + 1] = Math.max(0, Math.min(255, 128 + 100 * Math.cos(y / 250) + g));
      raw[i + 2] = Math.max(0, Math.min(255, (x + y) / 24 + g));
    }
  }
  const buffer = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  expect(buffer.byteLength).toBeGreaterThan(3.5 * 1024 * 1024);
  expect(buffer.byteLength).toBeLessThan(5 * 1024 * 1024);
  return { name, mimeType: "image/jpeg", buffer };
}

/**
 * The PayPal simulator's client credentials for the e2e server, as the shop derives them from its
 * session secret (demo mode keeps that in DATA_DIR): what only the shop itself can know.
 */
export function simulatorCredentials() {
  const secret = fs.readFileSync(path.join(dataDir(), "session-secret"), "utf8").trim();
  const derive = (purpose: string) => createHmac("sha256", secret).update(purpose).digest("hex");
  return { clientId: `SIM-${derive("paypal-simulator:client-id").slice(0, 32)}`, clientSecret: derive("paypal-simulator:client-secret") };
}

/** A bearer token from the simulator's OAuth endpoint, with the shop's own credentials. */
export async function simulatorToken(request: APIRequestContext): Promise<string> {
  const { clientId, clientSecret } = simulatorCredentials();
  const response = await request.post("/paypal-sim/v1/oauth2/token", {
    headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}` },
    form: { grant_type: "client_credentials" },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).access_token;
}

/** The shopper approves a payment on the simulator's page; what PayPal sends back to the shop. */
export async function approveInSimulator(api: APIRequestContext, approvalURL: string) {
  const token = new URL(approvalURL).searchParams.get("token")!;
  const response = await api.post("/paypal-sim/checkoutnow", { form: { token, decision: "pay" }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  const back = new URL(response.headers()["location"]!);
  return { paymentId: back.searchParams.get("token")!, payerId: back.searchParams.get("PayerID")! };
}

/** Adds an address through the address manager (account or checkout) and waits for the form to close. */
export async function addAddress(page: Page, street: string) {
  await page.getByRole("link", { name: /Add your first address|Add New Address/ }).click();
  await page.getByLabel("Address", { exact: true }).fill(street);
  await page.getByLabel("City").fill("Springfield");
  await page.getByLabel("ZIP code").fill("12345");
  await page.getByLabel("Phone").fill("555-0101");
  await page.getByLabel("Notes").fill("Ring twice");
  await page.getByRole("button", { name: "Add Address" }).click();
  await expectToast(page, "Address added successfully");
  // The form closes and the cards move up: wait, so the next click lands where it aims.
  await expect(page.getByRole("button", { name: "Add Address" })).toBeHidden();
}

/**
 * The signed-in shopper of `request` buys one of a product (its first size and colour in stock)
 * and pays for it in the simulator, over /api: an address, the cart, the PayPal order, approval
 * and capture. With `code`, that discount code applied first (one that pays it all needs no
 * PayPal). Returns the shop's order id.
 */
export async function buyOverApi(request: APIRequestContext, productId: string, code?: string): Promise<string> {
  const product = (await (await request.get(`/api/shop/products/get/${productId}`)).json()).data;
  const variantId = product.variants.find((v: { stock: number }) => v.stock > 0)._id;
  const address = await request.post("/api/shop/address/add", {
    data: { address: "5 Bought Lane", city: "Springfield", pincode: "12345", phone: "555-0100", notes: "Porch" },
  });
  expect(address.status()).toBe(201);
  const addressId = (await address.json()).data._id;
  expect((await request.post("/api/shop/cart/add", { data: { productId, variantId, quantity: 1 } })).status()).toBe(200);
  if (code) expect((await request.post("/api/shop/cart/discount", { data: { code } })).status()).toBe(200);
  const created = await (await request.post("/api/shop/order/create", { data: { addressInfo: { addressId } } })).json();
  expect(created.success).toBe(true);
  if (new URL(created.approvalURL).pathname === "/shop/payment-success") return created.orderId;
  const approved = await approveInSimulator(request, created.approvalURL);
  expect((await request.post("/api/shop/order/capture", { data: { ...approved, orderId: created.orderId } })).status()).toBe(200);
  return created.orderId;
}

/**
 * A listing filter's box. Its group (Category, Brand, Size, Colour) is folded unless one of its
 * boxes is ticked: the group's button opens it first.
 */
export async function filterBox(page: Page, group: string, name: string): Promise<Locator> {
  const box = page.getByRole("checkbox", { name, exact: true });
  if (await box.isHidden()) await page.locator("#listing-filters summary", { hasText: new RegExp(`^${group}`, "i") }).click();
  return box;
}

/**
 * An order's row in an orders table (the shopper's, the admin's, a customer's): found by the order
 * id its details link carries, since the row shows the number people read (#1001, issue 48).
 */
export function orderRow(scope: Page | Locator, orderId: string): Locator {
  // `has` is looked for inside each row: a locator from the page's root, not from `scope`.
  const root = "goto" in scope ? scope : scope.page();
  return scope.getByRole("row").filter({ has: root.locator(`[data-order-link="${orderId}"]`) });
}

/**
 * The owner (`admin`, signed in) adds a shirt over /api: Navy in M (3) and Sand in L (2), the
 * demo tee's art as its one photo. Returns its id.
 */
export async function addShirt(admin: APIRequestContext, title: string, price = 45): Promise<string> {
  const added = await admin.post("/api/admin/products/add", {
    data: {
      title,
      description: "A shirt with photos",
      category: "men",
      brand: "levi",
      price,
      image: "/demo/products/nike-dri-fit-running-tee.svg",
      variants: [
        { size: "M", color: "Navy", colorHex: "#1e3a8a", sku: null, stock: 3 },
        { size: "L", color: "Sand", colorHex: "#d6c7a1", sku: null, stock: 2 },
      ],
    },
  });
  expect(added.status()).toBe(201);
  return (await added.json()).data._id;
}
