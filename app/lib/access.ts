import type { Role } from "./constants";

export type SessionUser = { id: string; userName: string; email: string; role: Role };

const AUTH_PATHS = new Set(["/auth/login", "/auth/register"]);

export function homeFor(user: Pick<SessionUser, "role">): string {
  return user.role === "admin" ? "/admin/dashboard" : "/shop/home";
}

/**
 * SPEC section 2, "Routing and access", as one pure function: where a request for `pathname`
 * must be sent instead, or null when it may be served. `returnTo` is the path plus query the
 * visitor asked for, so login can bring them back.
 */
export function accessRedirect(pathname: string, user: Pick<SessionUser, "role"> | null, returnTo: string = pathname): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (!user) {
    if (AUTH_PATHS.has(path)) return null;
    if (path === "/") return "/auth/login";
    return `/auth/login?${new URLSearchParams({ redirectTo: returnTo })}`;
  }
  if (path === "/" || AUTH_PATHS.has(path)) return homeFor(user);
  if (user.role !== "admin" && path.includes("admin")) return "/unauth-page";
  if (user.role === "admin" && path.includes("shop")) return "/admin/dashboard";
  return null;
}

/** Only same-site relative paths are followed after login (no open redirects). */
export function safeRedirectTo(value: unknown): string | null {
  if (typeof value !== "string") return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (/\p{Cc}/u.test(value)) return null;
  return value;
}
