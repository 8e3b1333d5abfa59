import { createHash, randomBytes } from "node:crypto";
import { createCookie, redirect, type Cookie, type RouterContextProvider } from "react-router";
import { signInTo } from "~/lib/access";
import { CART_JOINED } from "~/lib/messages/cart";
import { currentUser } from "~/server/accounts/session.server";
import { db, now } from "~/server/database/db.server";
import { config } from "~/server/platform/config.server";
import { clientIp, takeAttempt } from "~/server/platform/rate-limit.server";
import { secrets } from "~/server/platform/secrets.server";
import { isShopOpen } from "~/server/settings/settings.server";
import { joinVisitorCart, sweepVisitorCarts, type CartOwner, type VisitorCart } from "./cart.server";

// A visitor's cart in an open shop (issue 40): a row of `carts` keyed by the hash of a long random
// id the visitor's browser keeps in an HttpOnly, SameSite=Lax cookie, so a copy of the database
// opens no cart, and a cookie that was never issued (or whose cart is gone) names nothing. It lasts
// 30 days after its last change; at sign-in it joins the account's cart and is gone.

const DAY = 24 * 60 * 60 * 1000;
/** A visitor's cart ends 30 days after its last change. */
export const VISITOR_CART_IDLE_MS = 30 * DAY;

let made: Cookie | undefined;
const cartCookie = (): Cookie =>
  (made ??= createCookie("__cart", {
    httpOnly: true,
    sameSite: "lax",
    secure: config.isProduction,
    path: "/",
    secrets: secrets(),
    maxAge: VISITOR_CART_IDLE_MS / 1000,
  }));

const keyOf = (token: string) => createHash("sha256").update(token).digest("hex");
const idleBefore = () => new Date(Date.now() - VISITOR_CART_IDLE_MS).toISOString();

/** The token the request's cart cookie carries (signed by us), or null. */
async function tokenOf(request: Request): Promise<string | null> {
  const token: unknown = await cartCookie().parse(request.headers.get("Cookie"));
  return typeof token === "string" && token.length >= 40 ? token : null;
}

/** Whether the request carries a cart cookie at all (a page that may show a cart is not for a shared cache). */
export function hasCartCookie(request: Request): boolean {
  return /(?:^|;\s*)__cart=/.test(request.headers.get("Cookie") ?? "");
}

/** The visitor's cart the request's cookie names, if it exists and is in use; else null (an empty cart). */
export async function readVisitorCart(request: Request): Promise<VisitorCart | null> {
  if (!hasCartCookie(request)) return null;
  const token = await tokenOf(request);
  if (!token) return null;
  const visitorKey = keyOf(token);
  const cart = await db
    .selectFrom("carts")
    .select("id")
    .where("visitor_key", "=", visitorKey)
    .where("updated_at", ">", idleBefore())
    .executeTakeFirst();
  return cart ? { visitorKey } : null;
}

/** The cart this request's page shows: the account's, the visitor's, or none. */
export async function cartOwnerOf(request: Request, context: Readonly<RouterContextProvider>): Promise<CartOwner | null> {
  return currentUser(context)?.id ?? (await readVisitorCart(request));
}

export type CartToChange = { ok: true; owner: CartOwner; headers: Headers } | { ok: false; message: string; headers: Headers };

/**
 * The cart a cart form changes: the account's; in an open shop, the visitor's, made when they add
 * their first item (at most VISITOR_CARTS_PER_MINUTE new carts per client address). A visitor of a
 * closed shop is sent to sign in. `headers` carry the cookie (set again: its 30 days start anew).
 */
export async function cartToChange(request: Request, context: Readonly<RouterContextProvider>): Promise<CartToChange> {
  const user = currentUser(context);
  if (user) return { ok: true, owner: user.id, headers: new Headers() };
  const url = new URL(request.url);
  if (!(await isShopOpen())) throw redirect(signInTo(url.pathname + url.search));
  let token = hasCartCookie(request) ? await tokenOf(request) : null;
  if (!token || !(await readVisitorCart(request))) {
    const refused = await takeAttempt([`visitor-cart:${clientIp(request)}`], config.visitorCartsPerMinute, 60_000);
    if (refused) return { ok: false, message: refused.message, headers: new Headers(refused.headers) };
    // Carts nobody used for 30 days go as new ones come, a batch at a time.
    await sweepVisitorCarts(idleBefore());
    token = randomBytes(32).toString("base64url");
  }
  const headers = new Headers({ "Set-Cookie": await cartCookie().serialize(token) });
  return { ok: true, owner: { visitorKey: keyOf(token) }, headers };
}

/**
 * At sign-in: the visitor's cart, if the request has one, joins the account's cart (exactly once:
 * cart.server.ts joinVisitorCart) and its cookie is cleared. Returns the Set-Cookie value to send
 * and what to tell the shopper, or null when there was no cart cookie.
 */
export async function joinCartAtSignIn(request: Request, userId: string): Promise<{ setCookie: string; notices: string[] } | null> {
  if (!hasCartCookie(request)) return null;
  const setCookie = await cartCookie().serialize("", { maxAge: 0 });
  const token = await tokenOf(request);
  const joined = token ? await joinVisitorCart(keyOf(token), userId, idleBefore()) : null;
  if (!joined?.lines) return { setCookie, notices: [] };
  return { setCookie, notices: joined.notices.length ? joined.notices : [CART_JOINED] };
}

/**
 * A reminder's link opened (issue 51): the visitor's cart `cartId` becomes the cart of the browser
 * that followed it. Only the hash of a cart cookie is stored, so the cart gets a new key and that
 * browser the cookie for it; the browser that left the cart no longer opens it. Its 30 days start
 * anew. Returns the Set-Cookie value, or null when the cart is gone (or is an account's).
 */
export async function handOverVisitorCart(cartId: string): Promise<{ setCookie: string; owner: VisitorCart } | null> {
  const token = randomBytes(32).toString("base64url");
  const owner = { visitorKey: keyOf(token) };
  const moved = await db
    .updateTable("carts")
    .set({ visitor_key: owner.visitorKey, updated_at: now() })
    .where("id", "=", cartId)
    .where("visitor_key", "is not", null)
    .where("updated_at", ">", idleBefore())
    .executeTakeFirst();
  if (!Number(moved.numUpdatedRows)) return null;
  return { setCookie: await cartCookie().serialize(token), owner };
}
