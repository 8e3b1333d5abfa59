import { redirect } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { safeRedirectTo } from "~/lib/access";
import { AddToCartSchema, RemoveFromCartSchema, UpdateCartSchema } from "~/lib/schemas/cart";
import { addToCart, removeFromCart, updateCartQuantity } from "~/server/cart/cart.server";
import { cartToChange } from "~/server/cart/visitor-cart.server";
import { chooseShipTo } from "~/server/cart/ship-to.server";
import { readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/cart";
import { ADDED_TO_CART, CART_ITEM_DELETED, CART_UPDATED, NOT_IN_CART } from "~/lib/messages/cart";

// The one cart action: every cart form (add, update, remove, the delivery hint's country) posts here with an intent and is
// answered with a redirect back and a toast, so it works without JavaScript.
export async function loader() {
  throw redirect("/shop/home?cart=open");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const back = safeRedirectTo(form.returnTo) ?? "/shop/home?cart=open";
  // The country the cart's delivery hint is for: a choice kept in a cookie, no cart needed.
  if (form.intent === "ship-to") {
    const choice = await chooseShipTo(form.country);
    if (!choice.ok) return redirectWithError(back, choice.message);
    return redirect(back, { status: 303, headers: { "Set-Cookie": choice.setCookie } });
  }
  // The account's cart, or in an open shop the visitor's (its cookie goes with every answer).
  const cart = await cartToChange(request, context);
  const { headers } = cart;
  const fail = (message: string) => redirectWithError(back, message, { headers });
  if (!cart.ok) return fail(cart.message);
  const { owner } = cart;

  switch (form.intent) {
    case "add": {
      const parsed = AddToCartSchema.safeParse({ ...form, quantity: form.quantity || undefined });
      if (!parsed.success) return fail(parsed.error.issues[0]!.message);
      const { productId, quantity, ...choice } = parsed.data;
      const result = await addToCart(owner, productId, quantity, choice);
      return result.ok ? redirectWithSuccess(back, ADDED_TO_CART, { headers }) : fail(result.message);
    }
    case "update": {
      const parsed = UpdateCartSchema.safeParse(form);
      if (!parsed.success) return fail(parsed.error.issues[0]!.message);
      const result = await updateCartQuantity(owner, parsed.data.productId, parsed.data.quantity, parsed.data.variantId);
      return result.ok ? redirectWithSuccess(back, CART_UPDATED, { headers }) : fail(result.message);
    }
    case "remove": {
      const parsed = RemoveFromCartSchema.safeParse(form);
      if (!parsed.success) return fail(parsed.error.issues[0]!.message);
      return (await removeFromCart(owner, parsed.data.productId, parsed.data.variantId))
        ? redirectWithSuccess(back, CART_ITEM_DELETED, { headers })
        : fail(NOT_IN_CART);
    }
    default:
      return fail("Unknown cart action");
  }
}

// Never rendered (both the loader and the action answer with a redirect), but it makes this a page
// route rather than a resource route, so an error the action throws is rendered inside the shop layout (its error boundary shows them in the shop)
// instead of a bare "Unexpected Server Error" text.
export default function CartAction() {
  return null;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
