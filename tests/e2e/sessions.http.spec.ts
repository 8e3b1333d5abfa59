import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "./fixtures";
import { dataDir, registerShopper, SHOPPER, shopSql, type Account } from "./helpers";
import { freePort, root, startOwnServer } from "./own-server";

// Sessions live in the database: a cookie saved before signing out, before a password change or
// past its expiry opens nothing. The worker's shop runs in production mode.

/** A browser-like client signed in as `account`, and the cookie header it holds. */
async function signedIn(baseURL: string, account: { email: string; password: string }) {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const response = await api.post("/api/auth/login", { data: { email: account.email, password: account.password } });
  expect((await response.json()).success).toBe(true);
  const session = (await api.storageState()).cookies.find((c) => c.name === "__session")!;
  return { api, cookie: `__session=${session.value}` };
}

/** What a saved cookie opens now: check-auth's status, and where /shop/account sends it. */
async function whatTheCookieOpens(baseURL: string, cookie: string) {
  const checkAuth = await fetch(`${baseURL}/api/auth/check-auth`, { headers: { Cookie: cookie } });
  const account = await fetch(`${baseURL}/shop/account`, { headers: { Cookie: cookie }, redirect: "manual" });
  return { checkAuth: checkAuth.status, account: account.status === 200 ? "page" : account.headers.get("location") };
}

const OPEN = { checkAuth: 200, account: "page" };
const CLOSED = { checkAuth: 401, account: expect.stringMatching(/^\/auth\/login/) };

test("signing out over /api ends the session: the saved cookie gets 401 and the login page", async ({ baseURL }) => {
  const account = await registerShopper(await playwrightRequest.newContext({ baseURL }), "bye");
  const { api, cookie } = await signedIn(baseURL!, account);
  expect(await whatTheCookieOpens(baseURL!, cookie)).toEqual(OPEN);
  expect((await api.post("/api/auth/logout")).status()).toBe(200);
  expect(await whatTheCookieOpens(baseURL!, cookie)).toEqual(CLOSED);
});

test("the logout form ends the session too", async ({ baseURL }) => {
  const account = await registerShopper(await playwrightRequest.newContext({ baseURL }), "form");
  const { api, cookie } = await signedIn(baseURL!, account);
  expect((await api.post("/auth/logout", { form: {}, maxRedirects: 0 })).status()).toBe(302);
  expect(await whatTheCookieOpens(baseURL!, cookie)).toEqual(CLOSED);
});

test("signing out of all other devices ends them, and keeps this one", async ({ baseURL }) => {
  const account = await registerShopper(await playwrightRequest.newContext({ baseURL }), "many");
  const phone = await signedIn(baseURL!, account);
  const laptop = await signedIn(baseURL!, account);
  const response = await laptop.api.post("/shop/account?tab=devices", { form: { intent: "end-other-sessions" }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(await whatTheCookieOpens(baseURL!, phone.cookie)).toEqual(CLOSED);
  expect(await whatTheCookieOpens(baseURL!, laptop.cookie)).toEqual(OPEN);
});

test("npm run user:password ends every session of the account", async ({ baseURL }) => {
  const account = await registerShopper(await playwrightRequest.newContext({ baseURL }), "stolen");
  const intruder = await signedIn(baseURL!, account);
  const owner = await signedIn(baseURL!, account);
  // The owner's command, run as a real process on the shop's data folder.
  const run = spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/user-password.ts", account.email], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      DATA_DIR: dataDir(),
      NODE_ENV: "production",
      DEMO_MODE: "1",
      ...(process.env.SHOP_E2E_DATABASE_URL ? { DATABASE_URL: process.env.SHOP_E2E_DATABASE_URL } : {}),
    },
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  const password = /New password for .*: (\S+)/.exec(run.stdout)![1]!;
  expect(await whatTheCookieOpens(baseURL!, intruder.cookie)).toEqual(CLOSED);
  expect(await whatTheCookieOpens(baseURL!, owner.cookie)).toEqual(CLOSED);
  // The new password signs in; the old one does not.
  const login = (p: string) =>
    fetch(`${baseURL}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: account.email, password: p }),
    });
  expect((await (await login(account.password)).json()).success).toBe(false);
  expect((await (await login(password)).json()).success).toBe(true);
});

test("a session unused for 30 days has ended", async ({ baseURL }) => {
  const account: Account = await registerShopper(await playwrightRequest.newContext({ baseURL }), "idle");
  const { cookie } = await signedIn(baseURL!, account);
  // The clock cannot be moved for a running server: the row is aged instead, as 30 idle days would.
  const day = 24 * 60 * 60 * 1000;
  const changed = await shopSql(
    "UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)",
    [new Date(Date.now() - 31 * day).toISOString(), new Date(Date.now() - day).toISOString(), account.email],
  );
  expect(changed.changes).toBe(1);
  expect(await whatTheCookieOpens(baseURL!, cookie)).toEqual(CLOSED);
});

test("wrong guesses from elsewhere never lock the owner out of a browser that signed in before", async () => {
  // A shop of its own with the real limit (10 a minute) that trusts one proxy hop, so each
  // request can say which address it comes from.
  const server = startOwnServer(await freePort(), { NODE_ENV: "production", DEMO_MODE: "1", LOG_LEVEL: "warn", TRUST_PROXY: "1" });
  try {
    await server.healthy();
    const owner = await playwrightRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { "X-Forwarded-For": "192.0.2.1" } });
    const login = (api: APIRequestContext, password: string, from: string) =>
      api.post("/api/auth/login", { data: { email: SHOPPER.email, password }, headers: { "X-Forwarded-For": from } });
    expect((await (await login(owner, SHOPPER.password, "192.0.2.1")).json()).success).toBe(true);
    await owner.post("/api/auth/logout");

    const attacker = await playwrightRequest.newContext({ baseURL: server.url });
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(attacker, "guess", "203.0.113.9")).status());
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(200)); // refused with success false (the legacy contract)
    expect(statuses[10]).toBe(429);
    // From many other addresses, without a device cookie: still limited (per account).
    for (const ip of ["203.0.113.10", "203.0.113.11", "198.51.100.200"]) expect((await login(attacker, "guess", ip)).status()).toBe(429);
    // Even the right password from a new browser waits.
    const stranger = await playwrightRequest.newContext({ baseURL: server.url });
    expect((await login(stranger, SHOPPER.password, "198.51.100.201")).status()).toBe(429);
    // The owner's browser, from yet another address, with its device cookie: signed in.
    const back = await login(owner, SHOPPER.password, "198.51.100.7");
    expect(back.status()).toBe(200);
    expect((await back.json()).success).toBe(true);
    // The HTML form takes the same path.
    const form = await owner.post("/auth/login", {
      form: { email: SHOPPER.email, password: SHOPPER.password },
      headers: { Origin: server.url },
      maxRedirects: 0,
    });
    expect(form.status()).toBe(302);
  } finally {
    await server.stop();
  }
});
