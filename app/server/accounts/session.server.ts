import { createHash, randomBytes } from "node:crypto";
import { createCookie, createSessionStorage, redirect, type Cookie } from "react-router";
import { setToastCookieOptions } from "remix-toast";
import { accessRedirect, mayUse, refusedPage, type Area, type SessionUser } from "~/lib/access";
import { config } from "../platform/config.server";
import { db } from "../platform/db.server";
import { secrets } from "../platform/secrets.server";
import { describeDevice } from "./device.server";
import { getUserById } from "./users.server";

const secure = config.isProduction;
const DAY = 24 * 60 * 60 * 1000;
/** A session ends after 30 days without a request. */
export const SESSION_IDLE_MS = 30 * DAY;
/** last_seen_at is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 10 * 60 * 1000;

/** What the sessions table keys on: the token's hash, so a copy of the database opens no session. */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

type SessionData = { userId: string; device?: string };

/**
 * Checking a signed cookie costs a WebCrypto HMAC, and a browser sends the same Cookie header
 * with every request. What a header parses to depends only on the header and the secrets, so the
 * answers for the most recent PARSED_HEADERS headers are kept (per process). Whether the session
 * is still open is read from the database on every request all the same.
 */
const PARSED_HEADERS = 500;
function rememberingParses(cookie: Cookie): Cookie {
  const parsed = new Map<string, Promise<unknown>>();
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    serialize: (value, options) => cookie.serialize(value, options),
    parse(header, options) {
      if (!header || options) return cookie.parse(header, options);
      let answer = parsed.get(header);
      if (!answer) {
        answer = cookie.parse(header);
        answer.catch(() => parsed.delete(header));
        if (parsed.size >= PARSED_HEADERS) parsed.delete(parsed.keys().next().value!);
        parsed.set(header, answer);
      }
      return answer;
    },
  };
}

/**
 * Sessions live in the database; the cookie carries only a random token, signed. Signing out
 * deletes the row, a password change deletes all of the account's rows, and every server process
 * sees the same rows. The row's expiry slides (30 days after the last request); the cookie itself
 * lasts a year, so it is the row, not the browser, that decides when a session ends.
 */
export const sessionStorage = createSessionStorage<SessionData>({
  cookie: rememberingParses(
    createCookie("__session", {
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
      secrets,
      maxAge: 365 * 24 * 60 * 60,
    }),
  ),
  async createData(data) {
    const token = randomBytes(32).toString("base64url");
    const at = new Date();
    await db.deleteFrom("sessions").where("expires_at", "<=", at.toISOString()).execute();
    await db
      .insertInto("sessions")
      .values({
        id: hashToken(token),
        user_id: data.userId!,
        device: (data.device ?? "").slice(0, 80),
        created_at: at.toISOString(),
        last_seen_at: at.toISOString(),
        expires_at: new Date(at.getTime() + SESSION_IDLE_MS).toISOString(),
      })
      .execute();
    return token;
  },
  async readData(token) {
    // A cookie from before sessions lived in the database carried an object: sign in again.
    if (typeof token !== "string") return null;
    const id = hashToken(token);
    const at = new Date();
    const row = await db
      .selectFrom("sessions")
      .select(["user_id", "last_seen_at"])
      .where("id", "=", id)
      .where("expires_at", ">", at.toISOString())
      .executeTakeFirst();
    if (!row) return null;
    if (at.getTime() - Date.parse(row.last_seen_at) > TOUCH_EVERY_MS) {
      await db
        .updateTable("sessions")
        .set({ last_seen_at: at.toISOString(), expires_at: new Date(at.getTime() + SESSION_IDLE_MS).toISOString() })
        .where("id", "=", id)
        .execute();
    }
    return { userId: row.user_id };
  },
  // A session's data never changes after sign-in (a new sign-in is a new session).
  async updateData() {},
  async deleteData(token) {
    if (typeof token !== "string") return;
    await db.deleteFrom("sessions").where("id", "=", hashToken(token)).execute();
  },
});

setToastCookieOptions({ secrets, secure, sameSite: "lax", httpOnly: true, path: "/" });

type CurrentSession = { user: SessionUser; token: string } | null;
const sessionByRequest = new WeakMap<Request, Promise<CurrentSession>>();

/** This request's session and its user (looked up once per request), or null. */
function currentSession(request: Request): Promise<CurrentSession> {
  let pending = sessionByRequest.get(request);
  if (!pending) {
    pending = sessionStorage.getSession(request.headers.get("Cookie")).then(async (session) => {
      const userId = session.get("userId");
      const user = userId ? await getUserById(userId) : null;
      return user ? { user, token: session.id } : null;
    });
    sessionByRequest.set(request, pending);
  }
  return pending;
}

/** The signed-in user of this request, or null. Read fresh each request: a role change counts at once. */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await currentSession(request))?.user ?? null;
}

/**
 * A new session for `userId` (never the one the request came with, so a planted cookie cannot be
 * carried into a sign-in); the request's previous session, if any, ends. Returns the Set-Cookie value.
 */
export async function createUserSession(request: Request, userId: string): Promise<string> {
  const previous = await sessionStorage.getSession(request.headers.get("Cookie"));
  if (previous.id) await sessionStorage.destroySession(previous);
  const session = await sessionStorage.getSession();
  session.set("userId", userId);
  session.set("device", describeDevice(request.headers.get("User-Agent")));
  return sessionStorage.commitSession(session);
}

/** Ends this request's session (its row is deleted). Returns the Set-Cookie value that clears it. */
export async function destroyUserSession(request: Request): Promise<string> {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  return sessionStorage.destroySession(session);
}

export type SignedInDevice = { id: string; device: string; createdAt: string; lastSeenAt: string; current: boolean };

/** The account's live sessions, newest activity first; `current` marks this request's. */
export async function listSessions(request: Request, userId: string): Promise<SignedInDevice[]> {
  const current = await currentSession(request);
  const currentId = current ? hashToken(current.token) : null;
  const rows = await db
    .selectFrom("sessions")
    .select(["id", "device", "created_at", "last_seen_at"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", new Date().toISOString())
    .orderBy("last_seen_at", "desc")
    .execute();
  return rows.map((row) => ({
    // The list shows a short handle, never the key itself.
    id: row.id.slice(0, 8),
    device: row.device || "Unknown device",
    createdAt: row.created_at,
    lastSeenAt: row.id === currentId ? new Date().toISOString() : row.last_seen_at,
    current: row.id === currentId,
  }));
}

/** Ends every session of the account except this request's. Returns how many ended. */
export async function endOtherSessions(request: Request, userId: string): Promise<number> {
  const current = await currentSession(request);
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (current) query = query.where("id", "!=", hashToken(current.token));
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Applies SPEC's access rules to a page request: throws the redirect when the visitor may not
 * see this path, otherwise returns the user (null only on login/register).
 */
export async function guard(request: Request): Promise<SessionUser | null> {
  const user = await getSessionUser(request);
  const url = new URL(request.url);
  const target = accessRedirect(url.pathname, user, url.pathname + url.search);
  if (target) throw redirect(target);
  return user;
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await guard(request);
  if (!user) throw redirect("/auth/login");
  return user;
}

/** A page or form of `area` (access.ts): anyone else is redirected as the access rules say. */
async function requireArea(request: Request, area: Area): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!mayUse(user, area)) throw redirect(refusedPage(area));
  return user;
}

export const requireShopper = (request: Request) => requireArea(request, "shop");
export const requireAdmin = (request: Request) => requireArea(request, "admin");
