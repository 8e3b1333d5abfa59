import { useEffect } from "react";
import { OrderLines } from "~/components/shop/order-lines";
import { ButtonLink } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { deliveryEstimate, orderNumberText, orderStatusLabel, SPEC_ESTIMATE } from "~/lib/orders";
import { costsOf, shortCostRows } from "~/lib/receipt";
import { IdSchema } from "~/lib/schemas/fields";
import { currentUser } from "~/server/accounts/session.server";
import { guestConfirmationSent } from "~/lib/messages/checkout";
import { payerOf } from "./payer.server";
import { getOrder } from "~/server/orders/orders.server";
import type { Route } from "./+types/payment-success";
import { pageTitle } from "~/lib/shop-name";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Payment Successful", matches) }];

// PayPal's return sends the shopper here with `?order=<id>`. Only their own order is shown (its
// number, lines and total beside SPEC's texts); without one (an old link, someone else's id) the
// page still thanks them and points to the account.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await payerOf(request, context);
  // A guest (issue 51) has no account to look in: their e-mail says where the confirmation went.
  const guestEmail = currentUser(context) ? null : user.email;
  const id = IdSchema.safeParse(new URL(request.url).searchParams.get("order"));
  const order = id.success ? await getOrder(id.data, user.id) : null;
  if (!order) return { order: null, guestEmail };
  // What the page names, and nothing else of the order (no payment ids, no address).
  const { id: orderId, number, orderStatus, items } = order;
  return {
    guestEmail,
    order: {
      id: orderId,
      number,
      status: orderStatus,
      items: items.map(({ title, image, size, color, quantity, unitPriceCents }) => ({
        title,
        image,
        size,
        color,
        quantity,
        unitPriceCents,
      })),
      // What it cost, as charged (lib/receipt.ts words it).
      ...costsOf(order),
    },
  };
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { order, guestEmail } = loaderData;
  useEffect(() => {
    try {
      sessionStorage.removeItem("currentOrderId");
    } catch {
      // storage may be off
    }
  }, []);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <div
        aria-hidden="true"
        className="mx-auto mb-6 flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-700"
      >
        ✓
      </div>
      <h1 className="text-3xl font-extrabold">Payment Successful!</h1>
      <p className="mt-3 text-gray-700">Your order has been placed and is being processed</p>
      {guestEmail ? (
        <p className="mt-3 font-medium text-gray-900" data-testid="guest-confirmation">
          {guestConfirmationSent(guestEmail)}
        </p>
      ) : null}
      <dl className="mx-auto mt-6 max-w-md space-y-2 rounded-lg border border-gray-200 p-4 text-left">
        {order ? (
          <div className="flex flex-wrap justify-between gap-x-4">
            <dt className="text-gray-600">Order Number</dt>
            <dd className="font-semibold" data-testid="order-number">
              {orderNumberText(order)}
            </dd>
          </div>
        ) : null}
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt className="text-gray-600">Order Status</dt>
          {/* The order's real status, in the words the account uses; SPEC's 'Processing' until it is known. */}
          <dd className="font-semibold">{order ? orderStatusLabel(order.status) : "Processing"}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt className="text-gray-600">Estimated Delivery</dt>
          {/* The delivery method's own estimate, as the owner set it; SPEC's words without one. */}
          <dd className="font-semibold">{order ? deliveryEstimate(order.shippingMethod) : SPEC_ESTIMATE}</dd>
        </div>
      </dl>
      {order ? (
        <section aria-labelledby="success-items" className="mx-auto mt-6 max-w-md space-y-3 text-left">
          <h2 id="success-items" className="text-lg font-bold">
            Your order
          </h2>
          <OrderLines items={order.items} />
          <dl className="space-y-1 text-sm">
            {shortCostRows(order).map((row) => (
              <div
                key={row.key}
                className={cn(
                  "flex justify-between gap-4",
                  row.key === "discount" && "text-green-800",
                  row.key === "total" && "text-base font-bold",
                )}
              >
                <dt>{row.label}</dt>
                <dd data-testid={row.key === "total" ? "success-total" : undefined}>{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* A guest follows the order by the link in their e-mail (no account to view it in). */}
        {guestEmail ? null : <ButtonLink to={order ? `/shop/account?order=${order.id}` : "/shop/account"}>View Order Details</ButtonLink>}
        <ButtonLink to="/shop/home" variant="outline">
          Continue Shopping
        </ButtonLink>
      </div>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
