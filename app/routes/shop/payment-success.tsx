import { useEffect } from "react";
import { ButtonLink } from "~/components/ui/button";
import { requireShopper } from "~/server/accounts/session.server";
import type { Route } from "./+types/payment-success";

export const meta: Route.MetaFunction = () => [{ title: "Payment Successful | Fashion Shop" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireShopper(request);
  return null;
}

export default function PaymentSuccess() {
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
      <dl className="mx-auto mt-6 max-w-sm space-y-2 rounded-lg border border-gray-200 p-4 text-left">
        <div className="flex justify-between">
          <dt className="text-gray-600">Order Status</dt>
          <dd className="font-semibold">Processing</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-gray-600">Estimated Delivery</dt>
          <dd className="font-semibold">3-5 business days</dd>
        </div>
      </dl>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/shop/account">View Order Details</ButtonLink>
        <ButtonLink to="/shop/home" variant="outline">
          Continue Shopping
        </ButtonLink>
      </div>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-page";
