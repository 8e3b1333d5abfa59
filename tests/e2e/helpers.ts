import { expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { createHash } from "node:crypto";
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
  await expect(page.getByTestId("toast")).toContainText(text);
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
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'products_fts%' ORDER BY name")
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
