import { data, Link, useLocation } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { CancelOrderConfirm, CancelOrderLink } from "~/components/shop/cancel-order";
import { OrderDetails } from "~/components/shop/order-details";
import { ReturnForm } from "~/components/shop/return-form";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { lazyOverlay, serverOverlay } from "~/lib/lazy-overlay";
import { ORDER_LINK_INVALID, ORDER_LINK_INVALID_HELP } from "~/lib/messages/guest-orders";
import { cancelledMessage } from "~/lib/messages/refunds";
import { RETURN_REQUESTED } from "~/lib/messages/returns";
import { orderNumberText } from "~/lib/orders";
import { ReturnSchema } from "~/lib/schemas/orders";
import { pageTitle } from "~/lib/shop-name";
import { withParams } from "~/lib/url";
import { cancelGuestOrder, guestOrderOf, requestGuestReturn } from "~/server/orders/guest-orders.server";
import { guestOrderPath } from "~/server/mail/order-links.server";
import { parseFormWith, readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/guest-order";

// /shop/orders/:token (issue 51): a guest's order, opened by the long link its e-mails carry, for
// whoever holds it (access.ts). What a shopper sees of an order in their account, and what they may
// do with it (cancel before it ships, return items), through the same forms and the same services,
// as the order's guest. A link that opens no order (never issued, mistyped, or of an order that has
// joined an account) is a 404 that says so and offers the look-up. The page reads no session and
// is never cached by anyone but the browser ("private, no-store", the shop's default); the link
// is a secret, so search engines are asked to leave it out.

const ReturnFormOnDemand = import.meta.env.SSR
  ? serverOverlay(ReturnForm)
  : lazyOverlay(() => import("~/components/shop/return-form").then((m) => m.ReturnForm));

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.order ? `Your order ${orderNumberText(loaderData.order)}` : ORDER_LINK_INVALID, matches) },
  { name: "robots", content: "noindex" },
];

const notFound = () => data({ order: null, returnChoices: null }, { status: 404 });

export async function loader({ params }: Route.LoaderArgs) {
  const shown = await guestOrderOf(params.token);
  if (!shown) return notFound();
  return data({ order: shown.order, returnChoices: shown.returnChoices });
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await readForm(request);
  const back = guestOrderPath(params.token);
  const intent = formData.get("intent");
  if (intent === "return") {
    const submission = parseFormWith(formData, ReturnSchema);
    if (submission.status !== "success") return data({ return: submission.reply() }, { status: 400 });
    const outcome = await requestGuestReturn(params.token, submission.value);
    if (!outcome) return notFound();
    if (!outcome.ok) return data({ return: submission.reply({ formErrors: [outcome.message] }) }, { status: outcome.status });
    return redirectWithSuccess(back, RETURN_REQUESTED);
  }
  if (intent === "cancel-order") {
    const outcome = await cancelGuestOrder(params.token);
    if (!outcome) return notFound();
    if (!outcome.ok) return redirectWithError(back, outcome.message);
    return redirectWithSuccess(back, cancelledMessage(outcome));
  }
  return data({ return: undefined }, { status: 400 });
}

export default function GuestOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, returnChoices } = loaderData;
  const location = useLocation();
  if (!order) return <LinkOpensNoOrder />;
  const returning = new URLSearchParams(location.search).get("return") === "new";
  const returnResult = actionData && "return" in actionData ? actionData.return : undefined;
  return (
    <div>
      <section className="bg-gray-900 py-10 text-center text-white">
        <h1 className="text-3xl font-extrabold sm:text-4xl">Your order {orderNumberText(order)}</h1>
        <p className="mt-2 break-words px-4 text-gray-300">Placed as a guest with {order.user.email}</p>
      </section>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <article aria-labelledby="order-title" className="receipt-page space-y-5 rounded-lg border border-gray-200 p-4 sm:p-6">
          <OrderDetails
            order={order}
            receiptHref={null}
            notice={
              returning && returnChoices ? (
                <ReturnFormOnDemand orderId={order.id} choices={returnChoices} lastResult={returnResult} />
              ) : (
                <CancelOrderConfirm order={order} />
              )
            }
          >
            <div className="flex flex-wrap gap-2 empty:hidden print:hidden">
              <CancelOrderLink order={order} />
              {returnChoices && !returning ? (
                <Link
                  to={withParams(location, { return: "new" })}
                  preventScrollReset
                  onPointerEnter={ReturnFormOnDemand.preload}
                  onFocus={ReturnFormOnDemand.preload}
                  className={buttonClass({ variant: "outline" })}
                >
                  Return items
                </Link>
              ) : null}
            </div>
          </OrderDetails>
        </article>
        <p className="mt-6 text-sm text-gray-600 print:hidden">
          Keep the e-mail with this link: anyone who has it can see this order. With an account, your orders are all in one place.{" "}
          <Link to="/auth/register" className="font-medium text-blue-700 underline">
            Create an account
          </Link>
        </p>
      </div>
    </div>
  );
}

/** A link that opens no order: what may have happened, and the look-up that e-mails a new one. */
function LinkOpensNoOrder() {
  return (
    <section aria-labelledby="no-order-title" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-24 text-center">
      <p className="text-5xl font-extrabold text-gray-500">404</p>
      <h1 id="no-order-title" className="text-2xl font-bold">
        {ORDER_LINK_INVALID}
      </h1>
      <p className="text-gray-600">{ORDER_LINK_INVALID_HELP}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <ButtonLink to="/shop/orders/lookup">E-mail me a new link</ButtonLink>
        <ButtonLink to="/shop/home" variant="outline">
          Go to the shop
        </ButtonLink>
      </div>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
