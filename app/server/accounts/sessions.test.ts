import { describe, expect, it } from "vitest";
import { RegisterSchema } from "~/lib/schemas/accounts";
import { INVALID_LOGIN } from "~/lib/messages/accounts";
import { db } from "~/server/database/db.server";
import { RouterContextProvider } from "react-router";
import { createUserSession, destroyUserSession, endOtherSessions, getSessionUser, listSessions, sessionMiddleware } from "./session.server";
import { authenticator, type SignInResult } from "./sign-in.server";
import { CLIENT_ADDRESS_HEADER } from "~/server/platform/rate-limit.server";
import { registerUser, setPassword } from "./users.server";

const PASSWORD = "correct horse";
const CHROME_ANDROID = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36";

/** A request carrying the cookies that Set-Cookie values set, as a browser would send them back. */
function requestWith(setCookies: string[] = [], userAgent = CHROME_ANDROID): Request {
  const cookie = setCookies.map((c) => c.split(";")[0]).join("; ");
  return new Request("http://shop.test/shop/account", { headers: { Cookie: cookie, "User-Agent": userAgent } });
}

async function newAccount(name: string) {
  const result = await registerUser(RegisterSchema.parse({ userName: name, email: `${name}@example.com`, password: PASSWORD }));
  if (!result.ok) throw new Error(result.message);
  return result.user;
}

/** The router context a route of this request gets: the root's session middleware has run. */
async function contextFor(request: Request): Promise<RouterContextProvider> {
  const context = new RouterContextProvider();
  const args = { request, context, params: {}, url: new URL(request.url), pattern: "/shop/account" };
  await sessionMiddleware(args, async () => new Response());
  return context;
}

/** A sign-in's result with the cookies it sets, as the browser keeps them. */
const withCookies = (result: SignInResult) => ({ ...result, cookies: result.ok ? result.headers.getSetCookie() : [] });

/**
 * A sign-in as /api/auth/login gets it: remix-auth's "json" strategy, from the client address the
 * HTTP layer would have written, with the browser's cookies.
 */
function signIn(request: Request, ip: string, email: string, password: string): Promise<SignInResult> {
  const headers = new Headers(request.headers);
  headers.set("Content-Type", "application/json");
  headers.set(CLIENT_ADDRESS_HEADER, ip);
  return authenticator.authenticate(
    "json",
    new Request(request.url, { method: "POST", headers, body: JSON.stringify({ email, password }) }),
  );
}

async function signInAs(email: string, ip = "10.0.0.1", cookies: string[] = []) {
  return withCookies(await signIn(requestWith(cookies), ip, email, PASSWORD));
}

const sessionCookie = (cookies: string[]) => cookies.filter((c) => c.startsWith("__session="));
const deviceCookie = (cookies: string[]) => cookies.filter((c) => c.startsWith("__device="));

describe("sessions in the database", () => {
  it("a sign-in opens a session that only a random token in the cookie names", async () => {
    const user = await newAccount("sam");
    const result = await signInAs(user.email);
    if (!result.ok) throw new Error(result.message);
    expect(await getSessionUser(requestWith(result.cookies))).toMatchObject({ id: user.id, role: "user" });
    const row = await db.selectFrom("sessions").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.device).toBe("Chrome on Android");
    expect(row.id).toMatch(/^[0-9a-f]{64}$/);
    expect(result.cookies.join()).not.toContain(row.id);
    expect(result.cookies.join()).not.toContain(user.id);
  });

  it("the sign-in form goes through remix-auth's form strategy, /api's JSON through ours, both to one verify", async () => {
    const user = await newAccount("fay");
    const form = new Request("http://shop.test/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", [CLIENT_ADDRESS_HEADER]: "10.0.0.9" },
      body: new URLSearchParams({ email: user.email, password: PASSWORD }),
    });
    const signedIn = withCookies(await authenticator.authenticate("form", form));
    expect(signedIn.ok).toBe(true);
    expect(await getSessionUser(requestWith(signedIn.cookies))).toMatchObject({ id: user.id });
    const wrong = new Request("http://shop.test/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: user.email, password: "not it" }),
    });
    expect(await authenticator.authenticate("form", wrong)).toEqual({ ok: false, status: 400, message: INVALID_LOGIN });
    // A body /api cannot read is its 4xx answer, thrown before any attempt counts.
    const text = new Request("http://shop.test/api/auth/login", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "hi" });
    const refused = await authenticator.authenticate("json", text).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(415);
  });

  it("signing out ends the session: the saved cookie no longer works", async () => {
    const user = await newAccount("otto");
    const { cookies } = await signInAs(user.email);
    await destroyUserSession(requestWith(cookies));
    expect(await getSessionUser(requestWith(cookies))).toBeNull();
  });

  it("a password change ends every session of the account, and no other account's", async () => {
    const [victim, bystander] = [await newAccount("vic"), await newAccount("bea")];
    const phone = await signInAs(victim.email);
    const laptop = await signInAs(victim.email, "10.0.0.2");
    const other = await signInAs(bystander.email);
    await setPassword(victim.email, "a brand new password");
    expect(await getSessionUser(requestWith(phone.cookies))).toBeNull();
    expect(await getSessionUser(requestWith(laptop.cookies))).toBeNull();
    expect(await getSessionUser(requestWith(other.cookies))).toMatchObject({ id: bystander.id });
  });

  it("a session ends after 30 days without a request, and each request pushes that back", async () => {
    const user = await newAccount("ida");
    const { cookies } = await signInAs(user.email);
    const day = 24 * 60 * 60 * 1000;
    // Seen 20 days ago, expiring in 10: a request now slides the expiry to 30 days from now.
    await db
      .updateTable("sessions")
      .set({ last_seen_at: new Date(Date.now() - 20 * day).toISOString(), expires_at: new Date(Date.now() + 10 * day).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    expect(await getSessionUser(requestWith(cookies))).not.toBeNull();
    const slid = await db.selectFrom("sessions").select("expires_at").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(Date.parse(slid.expires_at)).toBeGreaterThan(Date.now() + 29 * day);
    // Past its expiry the cookie opens nothing, and the next sign-in purges the row.
    await db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    expect(await getSessionUser(requestWith(cookies))).toBeNull();
    await signInAs((await newAccount("ivo")).email);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
  });

  it("lists the account's devices and signs out all but this one", async () => {
    const user = await newAccount("dev");
    const firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0";
    const other = withCookies(await signIn(requestWith([], firefox), "10.0.0.3", user.email, PASSWORD));
    const here = await signInAs(user.email);
    const devices = await listSessions(await contextFor(requestWith(here.cookies)), user.id);
    expect(devices.map((d) => [d.device, d.current])).toEqual(
      expect.arrayContaining([
        ["Chrome on Android", true],
        ["Firefox on Windows", false],
      ]),
    );
    expect(await endOtherSessions(await contextFor(requestWith(here.cookies)), user.id)).toBe(1);
    expect(await getSessionUser(requestWith(other.cookies))).toBeNull();
    expect(await getSessionUser(requestWith(here.cookies))).toMatchObject({ id: user.id });
  });

  it("a sign-in never keeps the session id the browser came with", async () => {
    const user = await newAccount("fix");
    const planted = await createUserSession(requestWith(), user.id);
    const { cookies } = await signInAs(user.email, "10.0.0.1", [planted]);
    expect(sessionCookie(cookies)[0]!.split(";")[0]).not.toBe(planted.split(";")[0]);
    // The planted session ended with the sign-in.
    expect(await getSessionUser(requestWith([planted]))).toBeNull();
  });

  it("a role change counts on the next request", async () => {
    const user = await newAccount("rolf");
    const { cookies } = await signInAs(user.email);
    await db.updateTable("users").set({ role: "admin" }).where("id", "=", user.id).execute();
    expect(await getSessionUser(requestWith(cookies))).toMatchObject({ role: "admin" });
  });
});

describe("sign-in limits with device cookies", () => {
  it("failures from elsewhere never lock out a browser that signed in before", async () => {
    const owner = await newAccount("owner");
    const first = await signInAs(owner.email, "192.0.2.1");
    const device = deviceCookie(first.cookies);
    expect(device).toHaveLength(1);
    // An attacker guesses from one address until refused (the owner's sign-in was the account's
    // first attempt of the minute, so 9 more are allowed), then from other addresses.
    const guess = (ip: string) => signIn(requestWith(), ip, owner.email, "wrong");
    for (let i = 0; i < 9; i++) expect(await guess("203.0.113.9")).toMatchObject({ ok: false, status: 400 });
    expect(await guess("203.0.113.9")).toMatchObject({ ok: false, status: 429 });
    expect(await guess("203.0.113.10")).toMatchObject({ ok: false, status: 429 });
    // The owner, from yet another address, with the device cookie: signed in.
    expect(await signInAs(owner.email, "198.51.100.7", device)).toMatchObject({ ok: true });
    // Without it, the owner is limited like anyone else.
    expect(await signInAs(owner.email, "198.51.100.8")).toMatchObject({ ok: false, status: 429 });
  });

  it("a device cookie is limited on its own, and only for the account it signed in to", async () => {
    const alice = await newAccount("alice");
    const bob = await newAccount("bob");
    const { cookies } = await signInAs(alice.email, "192.0.2.2");
    const device = deviceCookie(cookies);
    const guess = (email: string, ip: string) => signIn(requestWith(device), ip, email, "wrong");
    for (let i = 0; i < 10; i++) expect(await guess(alice.email, `198.51.100.${i + 20}`)).toMatchObject({ status: 400 });
    expect(await guess(alice.email, "198.51.100.40")).toMatchObject({ status: 429 });
    // For another account the cookie counts for nothing: the address and account limits apply.
    for (let i = 0; i < 10; i++) expect(await guess(bob.email, "198.51.100.50")).toMatchObject({ status: 400 });
    expect(await guess(bob.email, "198.51.100.50")).toMatchObject({ status: 429 });
  });

  it("a forged or tampered device cookie is ignored", async () => {
    const carol = await newAccount("carol");
    const { cookies } = await signInAs(carol.email, "192.0.2.3");
    const [name, value] = deviceCookie(cookies)[0]!.split(";")[0]!.split("=");
    const tampered = [`${name}=${value!.slice(0, -4)}AAAA`];
    const guess = (ip: string) => signIn(requestWith(tampered), ip, carol.email, "wrong");
    for (let i = 0; i < 10; i++) await guess("203.0.113.77");
    expect(await guess("203.0.113.77")).toMatchObject({ status: 429 });
  });
});
