import { createHash, randomBytes } from "node:crypto";
import { createCookie, type Cookie } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { Strategy } from "remix-auth/strategy";
import { mayUse, type SessionUser } from "~/lib/access";
import { joinCartAtSignIn } from "~/server/cart/visitor-cart.server";
import { INVALID_LOGIN } from "~/lib/messages/accounts";
import { ACCOUNT_BLOCKED } from "~/lib/messages/customers";
import { LoginSchema } from "~/lib/schemas/accounts";
import { readBody } from "~/server/platform/api.server";
import { config } from "~/server/platform/config.server";
import { db } from "~/server/database/db.server";
import { clientIp, limitAttempt, limitAuthAttempt } from "~/server/platform/rate-limit.server";
import { secrets } from "~/server/platform/secrets.server";
import { createUserSession } from "./session.server";
import { offerGuestOrders } from "./order-claims.server";
import { verifyLogin } from "./users.server";

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser that
 * signed in to an account gets a signed cookie naming that account and a random nonce. Its next
 * attempts at that account are limited by the nonce alone, so failures from elsewhere (someone
 * guessing the owner's password from many addresses) never lock it out; attempts without one keep
 * the per-address and per-account limits.
 */
let madeDeviceCookie: Cookie | undefined;
const deviceCookie = (): Cookie =>
  (madeDeviceCookie ??= createCookie("__device", {
    httpOnly: true,
    sameSite: "lax",
    secure: config.isProduction,
    path: "/",
    secrets: secrets(),
    maxAge: 365 * 24 * 60 * 60,
  }));

type DeviceEntry = { a: string; n: string };
/** A browser remembers at most this many accounts (the newest). */
const MAX_ACCOUNTS_PER_DEVICE = 5;

/** Which account an entry is for, without writing the e-mail into the cookie. */
const accountTag = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 16);

async function deviceEntries(request: Request): Promise<DeviceEntry[]> {
  const value: unknown = await deviceCookie().parse(request.headers.get("Cookie"));
  if (!Array.isArray(value)) return [];
  return value.filter((e): e is DeviceEntry => typeof e?.a === "string" && typeof e?.n === "string").slice(0, MAX_ACCOUNTS_PER_DEVICE);
}

export type SignInResult =
  /**
   * `cartNotices`: what joining the visitor's cart to the account's did (nothing without one);
   * `guestOrders`: how many orders placed as a guest with the account's address wait for the link
   * e-mailed to it (order-claims.server.ts).
   */
  | { ok: true; user: SessionUser; headers: Headers; cartNotices: string[]; guestOrders: number }
  | { ok: false; status: 429; message: string; headers: Record<string, string> }
  | { ok: false; status: 400 | 403; message: string };

/**
 * Whether an account whose password was right may have a session: a blocked one is told so (403);
 * a closed one is answered like a wrong password (its password is erased, so this is a second
 * guard). Read after the password check, so only someone who knows the password learns that the
 * account is blocked.
 */
async function refusedAccount(userId: string): Promise<{ status: 400 | 403; message: string } | null> {
  const state = await db.selectFrom("users").select(["blocked_at", "closed_at"]).where("id", "=", userId).executeTakeFirst();
  if (!state || state.closed_at !== null) return { status: 400, message: INVALID_LOGIN };
  if (state.blocked_at !== null) return { status: 403, message: ACCOUNT_BLOCKED };
  return null;
}

/**
 * The one place a sign-in is decided, for both strategies below: the attempt limits (by device
 * cookie, else by address and account), the password check, the account's state (blocked or
 * closed), a new session, and the device cookie.
 * Values that are not even a valid login still count towards the limits.
 */
async function verify(request: Request, email: unknown, password: unknown): Promise<SignInResult> {
  const parsed = LoginSchema.safeParse({ email, password });
  const entries = await deviceEntries(request);
  const tag = typeof email === "string" ? accountTag(email) : null;
  const known = tag ? entries.find((entry) => entry.a === tag) : undefined;
  if (known) {
    const limited = await limitAttempt(`login:device:${known.n}`, config.authAttemptsPerMinute, 60_000);
    if (limited) return { ok: false, status: 429, message: limited.message, headers: limited.headers };
  } else {
    const limited = await limitAuthAttempt("login", clientIp(request), email);
    if (!limited.ok) return { ok: false, status: 429, message: limited.message, headers: limited.headers };
  }
  const user = parsed.success ? await verifyLogin(parsed.data) : null;
  if (!user) return { ok: false, status: 400, message: INVALID_LOGIN };
  const refused = await refusedAccount(user.id);
  if (refused) return { ok: false, ...refused };
  const entry = known ?? { a: accountTag(user.email), n: randomBytes(16).toString("base64url") };
  const remembered = [entry, ...entries.filter((e) => e !== known)].slice(0, MAX_ACCOUNTS_PER_DEVICE);
  // The session cookie and the device cookie, for the answer (a redirect or JSON) to carry.
  const headers = new Headers();
  headers.append("Set-Cookie", await createUserSession(request, user.id));
  headers.append("Set-Cookie", await deviceCookie().serialize(remembered));
  // What a visitor put in a cart before signing in joins the account's cart, once (an admin has
  // no cart: theirs stays a visitor's until it expires).
  const joined = mayUse(user, "shop") ? await joinCartAtSignIn(request, user.id) : null;
  if (joined) headers.append("Set-Cookie", joined.setCookie);
  const guestOrders = await offerGuestOrders(user);
  return { ok: true, user, headers, cartNotices: joined?.notices ?? [], guestOrders };
}

/**
 * /api/auth/login's strategy: what FormStrategy does with a form, for the JSON body
 * `{ email, password }` of a separately hosted client. An unreadable body is thrown as the /api
 * 4xx answer (readBody).
 */
class JsonStrategy<User> extends Strategy<User, { body: Record<string, unknown>; request: Request }> {
  name = "json";
  async authenticate(request: Request): Promise<User> {
    return this.verify({ body: await readBody(request), request });
  }
}

/**
 * Sign-in through remix-auth: "form" for the sign-in page (remix-auth-form), "json" for /api. Both
 * end in `verify`. remix-auth keeps no session; `verify` opens ours (session.server.ts), and the
 * result says what the route answers. FormStrategy reads the request's body: a route that needs
 * the form as well reads it from `request.clone()` first.
 */
export const authenticator = new Authenticator<SignInResult>()
  .use(new FormStrategy(({ form, request }) => verify(request, form.get("email"), form.get("password"))), "form")
  .use(new JsonStrategy(({ body, request }) => verify(request, body.email, body.password)), "json");

/**
 * After an account closes: this browser forgets it (its entry leaves the device cookie). Returns
 * the Set-Cookie value.
 */
export async function forgetDevice(request: Request, email: string): Promise<string> {
  const tag = accountTag(email);
  return deviceCookie().serialize((await deviceEntries(request)).filter((entry) => entry.a !== tag));
}
