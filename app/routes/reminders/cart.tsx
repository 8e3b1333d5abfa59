import { data, Link, redirect } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { signInTo } from "~/lib/access";
import { CART_RESTORED, REMINDED_CART_GONE, REMINDED_CART_OTHER_ACCOUNT, REMINDER_LINK_INVALID } from "~/lib/messages/reminders";
import { CART_JOINED } from "~/lib/messages/cart";
import { pageTitle } from "~/lib/shop-name";
import { currentUser } from "~/server/accounts/session.server";
import { restoreRemindedCart } from "~/server/cart/reminders.server";
import type { Route } from "./+types/cart";

// /reminders/cart/:token: the link of a cart reminder's e-mail (issue 51). An account's cart opens
// after sign-in; a visitor's becomes the cart of the browser that follows the link. For everyone,
// signed in or not (access.ts, REMINDER_LINKS); a link we never sent is a 404 with a sentence.

/** The cart: the shop's home with its cart sheet open (what /shop/cart redirects to). */
const CART_PAGE = "/shop/home?cart=open";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Your cart", matches) },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const user = currentUser(context);
  const restored = await restoreRemindedCart(params.token, user);
  switch (restored.kind) {
    case "account":
      return redirect(CART_PAGE);
    case "joined":
      return redirectWithSuccess(CART_PAGE, CART_JOINED);
    case "visitor":
      return redirectWithSuccess(CART_PAGE, CART_RESTORED, { headers: { "Set-Cookie": restored.setCookie } });
    case "signIn":
      return redirect(signInTo(new URL(request.url).pathname));
    case "otherAccount":
      return data({ problem: REMINDED_CART_OTHER_ACCOUNT }, { status: 403 });
    case "gone":
      return data({ problem: REMINDED_CART_GONE }, { status: 404 });
    default:
      return data({ problem: REMINDER_LINK_INVALID }, { status: 404 });
  }
}

export default function RemindedCart({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <h1 className="text-center text-3xl font-bold tracking-tight text-gray-900">Your cart</h1>
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
        {loaderData.problem}
      </p>
      <Link to="/shop/home" className="block text-center font-medium text-blue-700 hover:underline">
        Go to the shop
      </Link>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
