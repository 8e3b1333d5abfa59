import { expect, type Page } from "@playwright/test";

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
