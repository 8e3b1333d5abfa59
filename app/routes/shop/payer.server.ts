import { redirect, type RouterContextProvider } from "react-router";
import { signInTo, type SessionUser } from "~/lib/access";
import { currentUser } from "~/server/accounts/session.server";
import { readVisitorCart } from "~/server/cart/visitor-cart.server";
import { guestOfCart } from "~/server/checkout/guest.server";

/**
 * Who PayPal's return and the success page act for: the signed-in shopper, or a visitor who began a
 * guest checkout (issue 51), known again by their cart cookie as that cart's guest (only the
 * guest's id is used: their orders are that record's). Any other visitor is sent to sign in, as
 * before guest checkout, coming back here.
 */
export async function payerOf(request: Request, context: Readonly<RouterContextProvider>): Promise<SessionUser> {
  const user = currentUser(context) ?? (await guestOfCart(await readVisitorCart(request)));
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(signInTo(url.pathname + url.search));
}
