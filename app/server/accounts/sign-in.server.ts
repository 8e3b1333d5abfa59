import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import type { SessionUser } from "~/lib/access";
import { INVALID_LOGIN } from "~/lib/messages/accounts";
import type { LoginInput } from "~/lib/schemas";
import { config } from "../platform/config.server";
import { authAttemptsPerMinute, clientIp, hit, limitAuthAttempt, refusedAttempt } from "../platform/rate-limit.server";
import { secrets } from "../platform/secrets.server";
import { createUserSession } from "./session.server";
import { verifyLogin } from "./users.server";

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser that
 * signed in to an account gets a signed cookie naming that account and a random nonce. Its next
 * attempts at that account are limited by the nonce alone, so failures from elsewhere (someone
 * guessing the owner's password from many addresses) never lock it out; attempts without one keep
 * the per-address and per-account limits.
 */
const deviceCookie = createCookie("__device", {
  httpOnly: true,
  sameSite: "lax",
  secure: config.isProduction,
  path: "/",
  secrets,
  maxAge: 365 * 24 * 60 * 60,
});

type DeviceEntry = { a: string; n: string };
/** A browser remembers at most this many accounts (the newest). */
const MAX_ACCOUNTS_PER_DEVICE = 5;

/** Which account an entry is for, without writing the e-mail into the cookie. */
const accountTag = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 16);

async function deviceEntries(request: Request): Promise<DeviceEntry[]> {
  const value: unknown = await deviceCookie.parse(request.headers.get("Cookie"));
  if (!Array.isArray(value)) return [];
  return value.filter((e): e is DeviceEntry => typeof e?.a === "string" && typeof e?.n === "string").slice(0, MAX_ACCOUNTS_PER_DEVICE);
}

export type SignInResult =
  | { ok: true; user: SessionUser; headers: Headers }
  | { ok: false; status: 429; message: string; headers: Record<string, string> }
  | { ok: false; status: 400; message: string };

/**
 * The one way to sign in, for the login form and /api/auth/login: the attempt limits (by device
 * cookie, else by address and account), the password check, a new session, and the device cookie.
 * `credentials` is null when the submitted values were not even valid (the limits still count it).
 */
export async function signIn(request: Request, context: unknown, email: unknown, credentials: LoginInput | null): Promise<SignInResult> {
  const entries = await deviceEntries(request);
  const tag = typeof email === "string" ? accountTag(email) : null;
  const known = tag ? entries.find((entry) => entry.a === tag) : undefined;
  if (known) {
    const limited = await hit(`login:device:${known.n}`, authAttemptsPerMinute(), 60_000);
    if (!limited.ok) {
      const { message, headers } = refusedAttempt(limited.retryAfterSeconds);
      return { ok: false, status: 429, message, headers };
    }
  } else {
    const limited = await limitAuthAttempt("login", clientIp(context), email);
    if (!limited.ok) return { ok: false, status: 429, message: limited.message, headers: limited.headers };
  }
  const user = credentials ? await verifyLogin(credentials) : null;
  if (!user) return { ok: false, status: 400, message: INVALID_LOGIN };
  const entry = known ?? { a: accountTag(user.email), n: randomBytes(16).toString("base64url") };
  const remembered = [entry, ...entries.filter((e) => e !== known)].slice(0, MAX_ACCOUNTS_PER_DEVICE);
  // The session cookie and the device cookie, for the answer (a redirect or JSON) to carry.
  const headers = new Headers();
  headers.append("Set-Cookie", await createUserSession(request, user.id));
  headers.append("Set-Cookie", await deviceCookie.serialize(remembered));
  return { ok: true, user, headers };
}
