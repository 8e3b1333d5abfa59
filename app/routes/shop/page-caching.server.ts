import type { MiddlewareFunction } from "react-router";
import { isCataloguePath } from "~/lib/access";
import { currentUser } from "~/server/accounts/session.server";
import { hasCartCookie } from "~/server/cart/visitor-cart.server";
import { sharedPageContext } from "~/server/platform/shared-pages.server";

// Who may keep a shop page (issue 40): a page a visitor without a cart sees is the same for every
// such visitor (a crawler, a link preview, a first visit), so a proxy or CDN may keep it briefly
// and serve it stale while it asks again; a page that reads a session or a cart is only ever the
// browser's own. Such a page carries no CSP nonce: its inline scripts are allowed by their hashes
// (platform/shared-pages.server.ts), so a cache never hands one response's nonce to every visitor.

/** A minute fresh for shared caches, then five more served stale while one request refreshes it. */
const PUBLIC_PAGE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/** Middleware of the shop's layout: the Cache-Control (and Vary) of its pages. */
export const pageCaching: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  // A page's data for client-side navigation (/shop/home.data) is the same page.
  const path = url.pathname.replace(/\.data$/, "");
  const forEveryone =
    (request.method === "GET" || request.method === "HEAD") &&
    currentUser(context) === null &&
    !hasCartCookie(request) &&
    isCataloguePath(path) &&
    path !== "/shop/cart" &&
    url.searchParams.get("cart") !== "open";
  // Said before the page is rendered: entry.server then gives it no CSP nonce (issue 48).
  if (forEveryone) context.set(sharedPageContext, true);
  const response = await next();
  if (response.headers.has("Cache-Control")) return response;
  const shared =
    forEveryone &&
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    // Never one response's nonce handed to every visitor, whatever rendered the page.
    !response.headers.get("Content-Security-Policy")?.includes("'nonce-");
  // Any other page is "private, no-store" (the root's privateByDefault).
  if (shared) response.headers.set("Cache-Control", PUBLIC_PAGE);
  // What makes one visitor's page another's: their cookies (a session, a cart, a toast).
  response.headers.append("Vary", "Cookie");
  return response;
};
