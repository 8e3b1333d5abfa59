import type { Role } from "./constants";

export type SessionUser = { id: string; userName: string; email: string; role: Role };

// Every rule about who may see or do what, for pages and for /api alike.

const AUTH_PATHS = new Set(["/auth/login", "/auth/register", "/auth/forgot-password", "/auth/reset-password"]);
/** Pages for everyone, signed in or not: the link that confirms a new e-mail address works either way. */
const OPEN_PATHS = new Set(["/auth/confirm-email", "/auth/claim-orders", "/back-in-stock/unsubscribe"]);
/** The links of a cart reminder's e-mail (issue 51): for the visitor who left the cart, or anyone before signing in. */
const REMINDER_LINKS = /^\/reminders\/(cart|unsubscribe)\/[^/]+$/;

const CATALOGUE_PATHS = new Set(["/shop/home", "/shop/listing", "/shop/search", "/shop/cart"]);
/**
 * A guest's order (issue 51): its page, opened by the long link its e-mails carry, and the form that
 * e-mails that link again. For anyone holding the link, whatever the settings are now: an order
 * placed as a guest stays theirs to see after the owner turns guest checkout off.
 */
const GUEST_ORDER_PAGES = /^\/shop\/orders\/[^/]+$/;
/** What a visitor of an open shop reaches when the owner allows guest checkout (issue 51). */
const GUEST_CHECKOUT_PATHS = new Set(["/shop/checkout"]);
/**
 * PayPal's return and the success page: a visitor reaches them whatever the settings are now, and
 * their loaders let through only the guest their cart cookie names (routes/shop/payer.server.ts),
 * sending anyone else to sign in as before: a guest who approved at PayPal just before the owner
 * turned guest checkout off, or closed the shop, is still paid for and shown their order.
 */
const GUEST_PAYMENT_PATHS = new Set(["/shop/paypal-return", "/shop/payment-success"]);

/**
 * What a visitor may see when the owner opened the shop ("Visitors can browse without an account",
 * issue 40): the catalogue (home, listing, search, product and collection pages) and the cart.
 * Checkout, account and payment pages still ask them to sign in.
 */
export function isCataloguePath(path: string): boolean {
  return CATALOGUE_PATHS.has(path) || /^\/shop\/(products|collections)\/[^/]+$/.test(path);
}
/** The sign-in page, bringing the visitor back to `returnTo` (a path and query) afterwards. */
export const signInTo = (returnTo: string) => `/auth/login?${new URLSearchParams({ redirectTo: returnTo })}`;

/** The shop (cart, addresses, orders, reviews) is for shoppers; the admin area for admins. */
export type Area = "shop" | "admin";

export function mayUse(user: Pick<SessionUser, "role">, area: Area): boolean {
  return area === "admin" ? user.role === "admin" : user.role !== "admin";
}

/** Where a page sends a signed-in user who may not use `area`: a shopper to /unauth-page, an admin home. */
export function refusedPage(area: Area): string {
  return area === "admin" ? "/unauth-page" : "/admin/dashboard";
}

/** What /api answers (403) a signed-in user who may not use `area`. */
export const AREA_REFUSED: Record<Area, string> = { shop: "This action is for shoppers only.", admin: "Admins only." };

export function homeFor(user: Pick<SessionUser, "role">): string {
  return user.role === "admin" ? "/admin/dashboard" : "/shop/home";
}

/**
 * SPEC section 2, "Routing and access", as one pure function: where a request for `pathname`
 * must be sent instead, or null when it may be served. `returnTo` is the path plus query the
 * visitor asked for, so login can bring them back. `shopOpen`: the owner lets visitors browse
 * (off by default, as SPEC says); then a visitor may see the catalogue and starts on its home.
 * `guestCheckout`: the owner also lets visitors check out without an account (issue 51).
 */
export function accessRedirect(
  pathname: string,
  user: Pick<SessionUser, "role"> | null,
  returnTo: string = pathname,
  shopOpen = false,
  guestCheckout = false,
): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (OPEN_PATHS.has(path) || REMINDER_LINKS.test(path) || GUEST_ORDER_PAGES.test(path)) return null;
  if (!user) {
    if (AUTH_PATHS.has(path)) return null;
    if (shopOpen && isCataloguePath(path)) return null;
    if (shopOpen && guestCheckout && GUEST_CHECKOUT_PATHS.has(path)) return null;
    if (GUEST_PAYMENT_PATHS.has(path)) return null;
    if (path === "/") return shopOpen ? "/shop/home" : "/auth/login";
    return signInTo(returnTo);
  }
  if (path === "/" || AUTH_PATHS.has(path)) return homeFor(user);
  // SPEC's rule is by substring: any path containing "admin", or "shop".
  for (const area of ["admin", "shop"] as const) {
    if (path.includes(area) && !mayUse(user, area)) return refusedPage(area);
  }
  return null;
}

/** A file's address: its last segment ends in an extension (`/favicon.ico`, `/apple-touch-icon.png`, `/.env`). */
const FILE_ADDRESS = /\/[^/]*\.[a-z0-9]{1,8}$/i;

/**
 * A visitor on an address no page answers: whether they get the 404 page rather than the sign-in
 * page the access rules would send them to. A file's address always (browsers and crawlers ask
 * for `/favicon.ico` and the like without a link: a redirect to sign-in would be a page where a
 * file was asked for, a "soft 404"); and any address when the owner opened the shop, so a
 * crawler's dead link is a 404, except in the owner's area, which keeps SPEC's wall.
 */
export function visitorSeesNotFound(pathname: string, shopOpen: boolean): boolean {
  if (FILE_ADDRESS.test(pathname)) return true;
  return shopOpen && !pathname.includes("admin");
}

/**
 * Only same-site relative paths are followed after login (no open redirects). The path goes into a
 * Location header, which holds bytes: characters beyond ASCII (a search for "日本" typed into a
 * link by hand) travel percent-encoded as UTF-8, as a browser sends them, so the header can always
 * be written (issue 48: a character above U+00FF made the answer a 500 after the sign-in was done).
 * A lone surrogate (only JSON can carry one) is no address.
 */
export function safeRedirectTo(value: unknown): string | null {
  if (typeof value !== "string") return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (/\p{Cc}/u.test(value)) return null;
  try {
    return value.replace(/[^\x20-\x7e]+/g, encodeURIComponent);
  } catch {
    return null;
  }
}
