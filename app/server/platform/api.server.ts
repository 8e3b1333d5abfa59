import { isShopOpen } from "~/server/settings/settings.server";
import { AREA_REFUSED, mayUse, type Area, type SessionUser } from "~/lib/access";
import type { Page } from "~/lib/page";
import { DEFAULT_MAX_BYTES, mediaType, parseFormBody, readAtMost, UnreadableBody } from "./form.server";
import type { RouterContextProvider } from "react-router";
import { currentUser } from "~/server/accounts/session.server";

/** Helpers for the JSON contract of SPEC section 7: every failure is `{ success: false, message }`. */

const NO_STORE = { "Cache-Control": "private, no-store, no-cache, must-revalidate, proxy-revalidate", Pragma: "no-cache", Expires: "0" };

/** An /api answer, never cached. Shop objects go through legacy-json.server.ts first. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(NO_STORE)) if (!headers.has(k)) headers.set(k, v);
  return Response.json(body, { ...init, headers });
}

export function apiError(status: number, message: string, headers?: HeadersInit): Response {
  return json({ success: false, message }, { status, headers });
}

export const methodNotAllowed = (allowed: string) => apiError(405, `Method not allowed. Use ${allowed}.`, { Allow: allowed });

/**
 * Reads a JSON, urlencoded or multipart body into a plain object. Throws a 400/415 JSON
 * Response for a body it cannot read. JSON beyond `maxJsonBytes` is a 413 (a route that takes
 * larger JSON says so in its `handle.maxBodyBytes` too).
 */
export async function readBody(request: Request, maxJsonBytes = DEFAULT_MAX_BYTES): Promise<Record<string, unknown>> {
  const type = mediaType(request);
  if (type === "application/json") {
    let body: unknown;
    try {
      // JSON bodies are small whatever the route allows at the door (an upload route takes 8 MB).
      body = JSON.parse(new TextDecoder().decode(await readAtMost(request, maxJsonBytes)));
    } catch (error) {
      if (error instanceof UnreadableBody) throw apiError(error.status, error.message);
      throw apiError(400, "The request body is not valid JSON.");
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) throw apiError(400, "The request body must be a JSON object.");
    return body as Record<string, unknown>;
  }
  if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") {
    try {
      return Object.fromEntries(await parseFormBody(request));
    } catch (error) {
      if (error instanceof UnreadableBody) throw apiError(error.status, error.message);
      throw error;
    }
  }
  if (!type && request.headers.get("Content-Length") === "0") return {};
  throw apiError(415, "Send the request body as application/json.");
}

export const API_PAGE_LIMIT = 100;

/**
 * `page` (from 1) and `limit` (1 to 100) of an /api list. Missing or nonsense values mean page 1
 * and 100 a page; a larger limit means 100. Lists never fail over these, as before they existed.
 */
export function apiPaging(request: Request): { page: number; limit: number } {
  const params = new URL(request.url).searchParams;
  const whole = (name: string) => {
    const value = params.get(name);
    const n = value !== null && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
    return Number.isSafeInteger(n) && n >= 1 ? n : null;
  };
  return { page: whole("page") ?? 1, limit: Math.min(API_PAGE_LIMIT, whole("limit") ?? API_PAGE_LIMIT) };
}

/** A list answer: the contract's `data` (each item through `toJson`), plus `total`, `page` and `pageCount`. */
export function listJson<T>(list: Page<T>, toJson: (item: T) => unknown): Response {
  return json({ success: true, data: list.items.map(toJson), total: list.total, page: list.page, pageCount: list.pageCount });
}

/** The first validation message of a zod error, for `{ success: false, message }`. */
export function firstIssue(error: { issues: Array<{ message: string }> }): string {
  return error.issues[0]?.message ?? "Invalid input";
}

type Context = Readonly<RouterContextProvider>;

/**
 * The signed-in user of an /api call (read once per request by the root's sessionMiddleware); no
 * session answers 401 JSON (never a redirect).
 */
export function requireApiUser(context: Context): SessionUser {
  const user = currentUser(context);
  if (!user) throw apiError(401, "Unauthorised user! Please sign in.");
  return user;
}

/**
 * A read of the catalogue (products, search, reviews): anyone signed in, and in a shop the owner
 * opened to visitors (issue 40), anyone at all. Otherwise 401, as SPEC says.
 */
export async function requireApiCatalogueReader(context: Context): Promise<void> {
  if (currentUser(context) || (await isShopOpen())) return;
  throw apiError(401, "Unauthorised user! Please sign in.");
}

/** An /api call of `area` (access.ts): anyone else signed in gets 403. */
function requireApiArea(context: Context, area: Area): SessionUser {
  const user = requireApiUser(context);
  if (!mayUse(user, area)) throw apiError(403, AREA_REFUSED[area]);
  return user;
}

/** Shopper-only /api calls (cart, addresses, orders, reviews). */
export const requireApiShopper = (context: Context) => requireApiArea(context, "shop");
/** Admin-only /api calls. */
export const requireApiAdmin = (context: Context) => requireApiArea(context, "admin");

/** Every userId in an /api path or body must be the signed-in shopper's own. */
export function assertOwnUserId(user: SessionUser, userId: unknown): void {
  if (userId !== undefined && userId !== user.id) throw apiError(403, "You can only access your own data.");
}
