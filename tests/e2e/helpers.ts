import { expect, type APIRequestContext, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { createHash, createHmac } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

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

export async function expectToast(page: Page, text: string | RegExp) {
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText(text);
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

/** Signs in and waits until the app has left the login page. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await login(page, account);
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/** The e2e server's DATA_DIR (tests/e2e/server.mjs keeps one folder per port). */
export function dataDir(): string {
  return path.join(os.tmpdir(), `shop-e2e-${process.env.E2E_PORT ?? "3210"}`);
}

/**
 * A hash of every row of every table (the FTS index is derived, so left out) and of the uploads
 * folder: equal before and after a request proves the request changed no data.
 */
export function dataFingerprint(): string {
  const db = new Database(path.join(dataDir(), "shop.db"), { readonly: true, fileMustExist: true });
  const hash = createHash("sha256");
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'products_fts%' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    for (const table of tables) hash.update(table + JSON.stringify(db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).raw().all()));
  } finally {
    db.close();
  }
  const uploads = path.join(dataDir(), "uploads");
  hash.update(JSON.stringify(fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : []));
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

/** Adds an address through the address manager (account or checkout) and waits for the form to close. */
export async function addAddress(page: Page, street: string) {
  await page.getByRole("link", { name: /Add your first address|Add New Address/ }).click();
  await page.getByLabel("Address", { exact: true }).fill(street);
  await page.getByLabel("City").fill("Springfield");
  await page.getByLabel("Pincode").fill("12345");
  await page.getByLabel("Phone").fill("555-0101");
  await page.getByLabel("Notes").fill("Ring twice");
  await page.getByRole("button", { name: "Add Address" }).click();
  await expectToast(page, "Address added successfully");
  // The form closes and the cards move up: wait, so the next click lands where it aims.
  await expect(page.getByRole("button", { name: "Add Address" })).toBeHidden();
}
