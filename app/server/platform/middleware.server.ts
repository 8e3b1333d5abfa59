import type { MiddlewareFunction, ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import { apiError } from "./api.server";
import { DEFAULT_MAX_BYTES } from "./form.server";
import { log } from "./log.server";

// React Router middleware of the whole app (root.tsx): /api errors as JSON and body limits. The
// session middleware is with the sessions (accounts/session.server.ts).

const API_SERVER_ERROR = "Something went wrong on our side. Please try again in a moment.";

/**
 * /api answers JSON even when something fails unexpectedly (its database unreachable, say): React
 * Router turns an error thrown in a resource route into a text/plain 500 "Unexpected Server Error"
 * (after entry.server's handleError has logged it), and one thrown by a middleware below this one
 * (the session's, reading the database) reaches it as an exception; both become /api's shape.
 */
export const apiErrorsAsJson: MiddlewareFunction<Response> = async ({ request }, next) => {
  const url = new URL(request.url);
  if (!url.pathname.startsWith("/api/")) return next();
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    // A thrown Response is an answer (a 401, a 4xx refusal), not a failure.
    if (error instanceof Response) throw error;
    log("error", "unhandled error", { method: request.method, path: url.pathname, requestId: request.headers.get("X-Request-Id"), error });
    return apiError(500, API_SERVER_ERROR);
  }
  if (response.status < 500 || response.headers.get("Content-Type")?.includes("json")) return response;
  return apiError(response.status, API_SERVER_ERROR);
};

const bodyRefused = (request: Request, limit: number): Response | null => {
  if (request.method === "GET" || request.method === "HEAD") return null;
  const length = request.headers.get("Content-Length");
  if (length === null && request.headers.get("Transfer-Encoding")) return apiError(411, "Send the request with a Content-Length.");
  if (Number(length ?? 0) <= limit) return null;
  return apiError(413, `Request too large: at most ${Math.round(limit / 1024)} KB here.`, { Connection: "close" });
};

type RouteHandle = { maxBodyBytes?: number } | undefined;

/**
 * Each route's body allowance by its pattern as React Router reports it to middleware (the paths
 * from the root down, joined: "admin/products"), from the route modules' `handle.maxBodyBytes`.
 * Read once from the build; a lookup of the route React Router matched, not a second matching.
 */
let allowances: Map<string, number> | undefined;
function allowanceFor(pattern: string): number {
  if (!allowances) {
    const routes = (build as unknown as ServerBuild).routes;
    const patternOf = (id: string | undefined): string[] =>
      id ? [...patternOf(routes[id]?.parentId), routes[id]?.path ?? ""].filter(Boolean) : [];
    allowances = new Map();
    for (const [id, route] of Object.entries(routes)) {
      const limit = (route?.module.handle as RouteHandle)?.maxBodyBytes;
      if (limit) allowances.set(patternOf(id).join("/").replace(/\/\/+/g, "/") || "/", limit);
    }
  }
  return allowances.get(pattern) ?? DEFAULT_MAX_BYTES;
}

/**
 * Every request body is bounded before anything reads it, refused with 413 from its
 * Content-Length: 256 KB, or what the route's `handle.maxBodyBytes` allows (the routes that take
 * an image: 8 MB). A page URL and the `.data` URL its forms use with JavaScript are one route.
 */
export const limitBodies: MiddlewareFunction<Response> = ({ request, pattern }, next) =>
  // Answered at once: nothing further runs, nothing reads the body.
  bodyRefused(request, allowanceFor(pattern)) ?? next();

/**
 * Pages and JSON depend on the session: never kept by browsers or proxies, unless the route says
 * how it may be kept (uploaded images, sitemaps, an open shop's catalogue pages for visitors).
 */
export const privateByDefault: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-store");
  return response;
};
