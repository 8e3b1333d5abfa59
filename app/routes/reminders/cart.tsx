import { data, Form, Link, redirect, useNavigation } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { Button } from "~/components/ui/button";
import { signInTo } from "~/lib/access";
import { CART_JOINED } from "~/lib/messages/cart";
import {
  CART_RESTORED,
  REMINDED_CART_GONE,
  REMINDED_CART_OTHER_ACCOUNT,
  REMINDER_LINK_EXPIRED,
  REMINDER_LINK_INVALID,
} from "~/lib/messages/reminders";
import { formatMoney } from "~/lib/money";
import { pageTitle } from "~/lib/shop-name";
import { currentUser } from "~/server/accounts/session.server";
import { remindedCartOfLink, restoreRemindedCart, type RestoreRefusal } from "~/server/cart/reminders.server";
import type { Route } from "./+types/cart";

// /reminders/cart/:token: the link of a cart reminder's e-mail (issue 51). Opening it changes
// nothing (mail scanners and link previews open links, and a page could embed someone's link as an
// image): it shows the cart's lines and a "Restore my cart" button, which posts, without or with
// JavaScript. An account's cart is shown after sign-in, to that account only; a visitor's becomes
// the cart of the browser that pressed the button (or joins the signed-in shopper's cart). For
// everyone, signed in or not (access.ts, REMINDER_LINKS). A link we never sent is a 404 with a
// sentence; one 14 days old, or whose cart was paid for since, a 410 "This link has expired".

/** The cart: the shop's home with its cart sheet open (what /shop/cart redirects to). */
const CART_PAGE = "/shop/home?cart=open";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Your cart", matches) },
  { name: "robots", content: "noindex" },
];

/** A refusal as the page shows it, or the sign-in page for an account's cart opened signed out. */
function refused(refusal: RestoreRefusal, request: Request) {
  switch (refusal.kind) {
    case "signIn":
      return redirect(signInTo(new URL(request.url).pathname));
    case "otherAccount":
      return data({ problem: REMINDED_CART_OTHER_ACCOUNT, lines: null }, { status: 403 });
    case "expired":
      return data({ problem: REMINDER_LINK_EXPIRED, lines: null }, { status: 410 });
    case "gone":
      return data({ problem: REMINDED_CART_GONE, lines: null }, { status: 404 });
    default:
      return data({ problem: REMINDER_LINK_INVALID, lines: null }, { status: 404 });
  }
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const shown = await remindedCartOfLink(params.token, currentUser(context));
  if (shown.kind !== "cart") return refused(shown, request);
  return data({ problem: null, lines: shown.lines });
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const restored = await restoreRemindedCart(params.token, currentUser(context));
  switch (restored.kind) {
    case "account":
      return redirect(CART_PAGE);
    case "joined":
      return redirectWithSuccess(CART_PAGE, CART_JOINED);
    case "visitor":
      return redirectWithSuccess(CART_PAGE, CART_RESTORED, { headers: { "Set-Cookie": restored.setCookie } });
    default:
      return refused(restored, request);
  }
}

export default function RemindedCart({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const problem = actionData?.problem ?? loaderData.problem;
  const lines = loaderData.lines;
  return (
    <div className="space-y-6">
      <h1 className="text-center text-3xl font-bold tracking-tight text-gray-900">Your cart</h1>
      {problem || !lines ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      ) : (
        <>
          <p className="text-sm text-gray-700">You left these in your cart:</p>
          <ul aria-label="Cart lines" className="divide-y divide-gray-200 rounded-md border border-gray-200">
            {lines.map((line, i) => (
              <li key={i} className="flex items-baseline justify-between gap-4 p-3 text-sm">
                <span className="min-w-0 break-words text-gray-900">
                  <span className="font-medium">{line.title}</span>{" "}
                  <span className="text-gray-600">
                    ({[line.size, line.color].filter(Boolean).join(", ")}) × {line.quantity}
                  </span>
                </span>
                <span className="shrink-0 text-gray-900">{formatMoney(line.unitPriceCents * line.quantity)}</span>
              </li>
            ))}
          </ul>
          <Form method="post">
            <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
              Restore my cart
            </Button>
          </Form>
        </>
      )}
      <Link to="/shop/home" className="block text-center font-medium text-blue-700 hover:underline">
        Go to the shop
      </Link>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
