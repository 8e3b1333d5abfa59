import { data, redirect } from "react-router";
import { getToast, redirectWithError, redirectWithInfo } from "remix-toast";
import { ButtonLink } from "~/components/ui/button";
import { cancelPayment, completePayment } from "~/server/checkout/capture.server";
import { log } from "~/server/platform/log.server";
import { payerOf } from "./payer.server";
import type { Route } from "./+types/paypal-return";
import { ORDER_NOT_FOUND, PAYMENT_CANCELLED, PAYMENT_DECLINED, PAYMENT_MISSING, PAYMENT_UNEXPECTED } from "~/lib/messages/checkout";
import { pageTitle } from "~/lib/shop-name";
import { checkoutUrl, METHOD_PARAM, SHIP_TO_PARAM } from "~/lib/checkout-url";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Processing Your Payment", matches) }];

// PayPal sends the buyer back here with `token` (Orders v2) or the legacy `paymentId`, and
// `PayerID`. Capturing is idempotent, so doing it on this GET is safe: a reload changes nothing.
// When PayPal declines the way the shopper chose to pay, they go straight back to PayPal's approval
// page to choose another (PayPal's advice), with the reason as a toast; PayPal then sends them here
// again and the capture is tried anew.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await payerOf(request, context);
  const params = new URL(request.url).searchParams;
  const reference = params.get("token") ?? params.get("paymentId");
  if (params.get("cancelled")) {
    if (reference) await cancelPayment(user, reference);
    // Back to the checkout as the shopper left it: the address and method they had chosen.
    throw await redirectWithInfo(checkoutUrl(params.get(SHIP_TO_PARAM), params.get(METHOD_PARAM)), PAYMENT_CANCELLED);
  }
  const payerId = params.get("PayerID");
  if (!reference || !payerId) return data({ error: PAYMENT_MISSING }, { status: 400 });
  let outcome;
  try {
    outcome = await completePayment(user, reference, payerId);
  } catch (error) {
    log("error", "payment completion failed", { error });
    return data({ error: PAYMENT_UNEXPECTED }, { status: 502 });
  }
  if (outcome.ok) throw redirect(`/shop/payment-success?order=${outcome.orderId}`, { headers: await withoutDeclinedToast(request) });
  if (outcome.status === 402) throw await redirectWithError(outcome.approvalUrl, outcome.message);
  if (outcome.status === 404) throw data(ORDER_NOT_FOUND, { status: 404 });
  return data({ error: outcome.message }, { status: outcome.status });
}

/**
 * The decline toast shows on the simulator's page, which is the shop's own; PayPal's pages cannot
 * show it, so it would wait for the next page of the shop (the success page) if not cleared here.
 */
async function withoutDeclinedToast(request: Request): Promise<Headers | undefined> {
  const { toast, headers } = await getToast(request);
  return toast?.message === PAYMENT_DECLINED ? headers : undefined;
}

export default function PayPalReturn({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      {loaderData.error ? (
        <>
          <h1 className="text-3xl font-extrabold">Payment Processing Error</h1>
          <p role="alert" className="mt-4 text-gray-700">
            {loaderData.error}
          </p>
          <ButtonLink to="/shop/checkout" className="mt-6">
            Back to checkout
          </ButtonLink>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-extrabold">Processing Your Payment</h1>
          <div aria-hidden="true" className="mx-auto mt-6 h-10 w-10 animate-spin rounded-full border-4 border-gray-300 border-t-gray-900" />
        </>
      )}
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
