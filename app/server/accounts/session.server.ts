import { createHash, randomBytes } from "node:crypto";
import {
  createContext,
  createCookie,
  createSessionStorage,
  redirect,
  type Cookie,
  type MiddlewareFunction,
  type RouterContextProvider,
  type SessionStorage,
} from "react-router";
import { setToastCookieOptions } from "remix-toast";
import { accessRedirect, mayUse, refusedPage, visitorSeesNotFound, type Area, type SessionUser } from "~/lib/access";
import { config } from "~/server/platform/config.server";
import { db } from "~/server/database/db.server";
import { secrets } from "~/server/platform/secrets.server";
import { isGuestCheckoutOn, isShopOpen } from "~/server/settings/settings.server";
import { describeDevice } from "./device.server";
import { toSessionUser } from "./users.server";

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
 * lasts a year, so it is the row, not the browser, that decides when a session ends. Made on
 * first use, when the secrets are read (a new demo's secret is written to DATA_DIR then).
 */
let made: { cookie: Cookie; storage: SessionStorage<SessionData> } | undefined;
function sessions(): { cookie: Cookie; storage: SessionStorage<SessionData> } {
  if (made) return made;
  const secure = config.isProduction;
  const cookie = rememberingParses(
    createCookie("__session", {
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
      secrets: secrets(),
      maxAge: 365 * 24 * 60 * 60,
    }),
  );

  const storage = createSessionStorage<SessionData>({
    cookie,
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
    // Only for ending the session a sign-in or sign-out replaces; requests read theirs with readSession.
    async readData(token) {
      if (typeof token !== "string") return null;
      const row = await db
        .selectFrom("sessions")
        .select("user_id")
        .where("id", "=", hashToken(token))
        .where("expires_at", ">", new Date().toISOString())
        .executeTakeFirst();
      return row ? { userId: row.user_id } : null;
    },
    // A session's data never changes after sign-in (a new sign-in is a new session).
    async updateData() {},
    async deleteData(token) {
      if (typeof token !== "string") return;
      await db.deleteFrom("sessions").where("id", "=", hashToken(token)).execute();
    },
  });
  // remix-toast's flash cookie is signed with the same secrets.
  setToastCookieOptions({ secrets: secrets(), secure, sameSite: "lax", httpOnly: true, path: "/" });
  made = { cookie, storage };
  return made;
}

/** A request's open session: its user, and the key of its row. */
type CurrentSession = { user: SessionUser; key: string } | null;

/**
 * The session the request's cookie names, with its user, in one query (the session row joined to
 * its user); null without one. The user is read fresh: a role change counts at once, and a blocked
 * or closed account has no session even should a row of it outlive the block or the closing (both
 * delete them). The row's expiry slides, written at most every 10 minutes.
 */
export async function readSession(request: Request): Promise<CurrentSession> {
  const token: unknown = await sessions().cookie.parse(request.headers.get("Cookie"));
  // A cookie from before sessions lived in the database carried an object: sign in again.
  if (typeof token !== "string") return null;
  const key = hashToken(token);
  const at = new Date();
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.user_name", "users.email", "users.role", "sessions.last_seen_at"])
    .where("sessions.id", "=", key)
    .where("sessions.expires_at", ">", at.toISOString())
    .where("users.blocked_at", "is", null)
    .where("users.closed_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  if (at.getTime() - Date.parse(row.last_seen_at) > TOUCH_EVERY_MS) {
    await db
      .updateTable("sessions")
      .set({ last_seen_at: at.toISOString(), expires_at: new Date(at.getTime() + SESSION_IDLE_MS).toISOString() })
      .where("id", "=", key)
      .execute();
  }
  return { user: toSessionUser(row), key };
}

/** The signed-in user a request's cookie names, or null (for scripts and tests; routes use the context). */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await readSession(request))?.user ?? null;
}

const sessionContext = createContext<CurrentSession>();

/** Root middleware: reads the request's session and user once, for every loader, action and guard. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(sessionContext, await readSession(request));
  return next();
};

type Context = Readonly<RouterContextProvider>;

/** This request's signed-in user, or null (read once by sessionMiddleware). */
export function currentUser(context: Context): SessionUser | null {
  return context.get(sessionContext)?.user ?? null;
}

/** The key of this request's session row (to keep it when the others end), or null. */
export function currentSessionKey(context: Context): string | null {
  return context.get(sessionContext)?.key ?? null;
}

/**
 * A new session for `userId` (never the one the request came with, so a planted cookie cannot be
 * carried into a sign-in); the request's previous session, if any, ends. Returns the Set-Cookie value.
 */
export async function createUserSession(request: Request, userId: string): Promise<string> {
  const previous = await sessions().storage.getSession(request.headers.get("Cookie"));
  if (previous.id) await sessions().storage.destroySession(previous);
  const session = await sessions().storage.getSession();
  session.set("userId", userId);
  session.set("device", describeDevice(request.headers.get("User-Agent")));
  return sessions().storage.commitSession(session);
}

/** Ends this request's session (its row is deleted). Returns the Set-Cookie value that clears it. */
export async function destroyUserSession(request: Request): Promise<string> {
  const session = await sessions().storage.getSession(request.headers.get("Cookie"));
  return sessions().storage.destroySession(session);
}

export type SignedInDevice = { id: string; device: string; createdAt: string; lastSeenAt: string; current: boolean };

/** The account's live sessions, newest activity first; `current` marks this request's. */
export async function listSessions(context: Context, userId: string): Promise<SignedInDevice[]> {
  const currentId = context.get(sessionContext)?.key ?? null;
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
export async function endOtherSessions(context: Context, userId: string): Promise<number> {
  const current = context.get(sessionContext);
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (current) query = query.where("id", "!=", current.key);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Where SPEC's access rules send this request instead (a redirect to throw), or null. Whether the
 * owner opened the shop to visitors is read only for a visitor.
 */
async function accessRedirectFor(request: Request, user: SessionUser | null, pattern: string): Promise<Response | null> {
  const url = new URL(request.url);
  const shopOpen = !user && (await isShopOpen());
  // No page answers this address (a catch-all route matched it): a visitor may get its 404.
  if (!user && pattern.endsWith("*") && visitorSeesNotFound(url.pathname, shopOpen)) return null;
  const guestCheckout = shopOpen && (await isGuestCheckoutOn());
  const target = accessRedirect(url.pathname, user, url.pathname + url.search, shopOpen, guestCheckout);
  return target ? redirect(target) : null;
}

/**
 * Middleware of pages open to visitors (sign-in, register, the not-found and refusal pages, "/"):
 * SPEC's access rules, such as a signed-in user sent from the sign-in page to their home.
 */
export const accessRules: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  const refused = await accessRedirectFor(request, currentUser(context), pattern);
  if (refused) throw refused;
  return next();
};

/**
 * Middleware of the shop's and the admin's layouts: a signed-in user who may use `area`
 * (access.ts) gets through; anyone else is redirected as the access rules say. Their loaders and
 * actions then read the user with `signedInUser`, except the catalogue's, which a visitor of an
 * open shop reaches too (`currentUser`, null for them).
 */
export function requireArea(area: Area): MiddlewareFunction<Response> {
  return async ({ request, context, pattern }, next) => {
    const user = currentUser(context);
    const refused = await accessRedirectFor(request, user, pattern);
    if (refused) throw refused;
    // Let through without an account: only what the access rules open to visitors (an open shop's catalogue).
    if (!user && area === "shop") return next();
    if (!user) throw redirect("/auth/login");
    if (!mayUse(user, area)) throw redirect(refusedPage(area));
    return next();
  };
}

/** In a loader or action under a guarded layout (requireArea): the user it let through. */
export function signedInUser(context: Context): SessionUser {
  const user = currentUser(context);
  if (!user) throw new Error("signedInUser outside a layout guarded by requireArea");
  return user;
}
