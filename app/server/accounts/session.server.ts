import { createCookieSessionStorage, redirect } from "react-router";
import { setToastCookieOptions } from "remix-toast";
import { accessRedirect, mayUse, refusedPage, type Area, type SessionUser } from "~/lib/access";
import { config } from "../platform/config.server";
import { secrets } from "../platform/secrets.server";
import { getUserById } from "./users.server";

const secure = config.isProduction;

export const sessionStorage = createCookieSessionStorage<{ userId: string }>({
  cookie: {
    name: "__session",
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    secrets,
    maxAge: 60 * 60 * 24 * 30,
  },
});

setToastCookieOptions({ secrets, secure, sameSite: "lax", httpOnly: true, path: "/" });

const userByRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in user of this request (looked up once per request), or null. */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let pending = userByRequest.get(request);
  if (!pending) {
    pending = sessionStorage.getSession(request.headers.get("Cookie")).then((session) => {
      const userId = session.get("userId");
      return userId ? getUserById(userId) : null;
    });
    userByRequest.set(request, pending);
  }
  return pending;
}

export async function createUserSession(request: Request, userId: string): Promise<string> {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  session.set("userId", userId);
  return sessionStorage.commitSession(session);
}

export async function destroyUserSession(request: Request): Promise<string> {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  return sessionStorage.destroySession(session);
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
