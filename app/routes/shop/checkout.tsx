import { getZodConstraint } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Form, redirect, useActionData, useNavigate, useNavigation, useSearchParams } from "react-router";
import { redirectWithInfo } from "remix-toast";
import { AddressManager } from "~/components/shop/address-manager";
import { DiscountCode } from "~/components/shop/discount-code";
import { CheckoutCosts, DeliveryMethods } from "~/components/shop/checkout-costs";
import { Button } from "~/components/ui/button";
import type { FormResult } from "~/lib/form";
import { CheckoutLines } from "~/components/shop/checkout-lines";
import { ApplyDiscountSchema } from "~/lib/schemas/discounts";
import { useHydrated } from "~/lib/use-hydrated";
import { handleAddressIntent } from "./address-action.server";
import { handleDiscountIntent } from "./discount-action.server";
import { listAddresses } from "~/server/accounts/addresses.server";
import { shopSettings } from "~/server/settings/settings.server";
import { getCart } from "~/server/cart/cart.server";
import { cartCosts } from "~/server/checkout/costs.server";
import { startCheckout } from "~/server/checkout/start.server";
import { currentUser } from "~/server/accounts/session.server";
import { guestCheckoutAction, guestCheckoutLoader } from "./guest-checkout.server";
import { GuestCheckout } from "~/components/shop/guest-checkout";
import { lazyOverlay, serverOverlay } from "~/lib/lazy-overlay";
import { readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/checkout";
import { shopUrlFor } from "~/server/platform/config.server";
import { CHECK_TOTAL, SELECT_ADDRESS_HINT } from "~/lib/messages/checkout";
import { UNKNOWN_ACTION } from "~/lib/messages/platform";
import { pageTitle } from "~/lib/shop-name";
import { checkoutUrl, METHOD_PARAM, SHIP_TO_PARAM } from "~/lib/checkout-url";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Checkout", matches) }];

/** The address the page ships to: the one the URL names, else a shopper's only one. */
function shipToOf(addresses: Array<{ id: string }>, named: string | null): string | null {
  if (named && addresses.some((a) => a.id === named)) return named;
  return addresses.length === 1 ? addresses[0]!.id : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // A visitor here is one the access rules let in: guest checkout is on in an open shop (issue 51).
  const user = currentUser(context);
  if (!user) return guestCheckoutLoader(request);
  const params = new URL(request.url).searchParams;
  const [cart, addresses, settings] = await Promise.all([getCart(user.id), listAddresses(user.id), shopSettings()]);
  const shipTo = shipToOf(addresses, params.get(SHIP_TO_PARAM));
  const country = addresses.find((a) => a.id === shipTo)?.country ?? null;
  // What the order costs to that address with the method chosen (the cheapest when none is),
  // what the code on the cart takes off now (or why nothing), and the discount form's constraints;
  // with the settings as saved, as the order will be (not this process's cache of them).
  const costs = await cartCosts(user.id, cart, country, params.get(METHOD_PARAM), { asSaved: true });
  return {
    guest: false as const,
    cart,
    addresses,
    shopCountry: settings.country,
    shipTo,
    costs,
    discountConstraint: getZodConstraint(ApplyDiscountSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = currentUser(context);
  const formData = await readForm(request);
  if (!user) return guestCheckoutAction(request, formData);
  const intent = formData.get("intent");
  if (typeof intent === "string" && intent.startsWith("address-")) return handleAddressIntent(request, user, formData, SHIP_TO_PARAM);
  if (intent === "discount-apply" || intent === "discount-remove") return handleDiscountIntent(request, user.id, intent, formData);
  const field = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" && value ? value : null;
  };
  const addressId = field("addressId");
  const method = field("method");
  // Without JavaScript, "Update total" shows what the address and method chosen cost.
  if (formData.getAll("intent").includes("review")) throw redirect(checkoutUrl(addressId, method));
  if (intent !== "checkout") return data({ error: UNKNOWN_ACTION }, { status: 400 });

  // The shopper pays what the page showed them, or sees the new total first: an address or a
  // method chosen without JavaScript (and no "Update total"), or settings changed meanwhile, even
  // on another process a moment ago (checked inside the order's transaction).
  const shown = field("shownTotal");
  const result = await startCheckout(user, addressId, shopUrlFor(request), method, shown === null ? null : Number(shown));
  if (!result.ok && result.field === "total") return redirectWithInfo(checkoutUrl(addressId, method), CHECK_TOTAL);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  // With JavaScript the page stores the order id (sessionStorage currentOrderId) and then leaves.
  if (formData.get("js") === "1") return { approvalUrl: result.approvalUrl, orderId: result.orderId };
  throw redirect(result.approvalUrl);
}

// A visitor's checkout (its form, with conform and the schemas' checks) comes to the browser only
// for a visitor: a signed-in shopper's checkout no longer downloads it (20 KB gzip, issue 52). The
// server renders it directly; the browser hydrates it once its chunk has arrived, keeping what was
// typed before (lazy-overlay.tsx).
const GuestCheckoutOnDemand = import.meta.env.SSR
  ? serverOverlay(GuestCheckout)
  : lazyOverlay(() => import("~/components/shop/guest-checkout").then((m) => m.GuestCheckout));

export default function Checkout({ loaderData }: Route.ComponentProps) {
  if (loaderData.guest) {
    return (
      <div className="checkout">
        <CheckoutBanner />
        <GuestCheckoutOnDemand {...loaderData} />
      </div>
    );
  }
  return <ShopperCheckout {...loaderData} />;
}

function CheckoutBanner() {
  return (
    <section className="bg-gray-900 py-12 text-center text-white">
      <h1 className="text-4xl font-extrabold">Checkout</h1>
    </section>
  );
}

function ShopperCheckout({
  cart,
  addresses,
  shopCountry,
  costs,
  shipTo,
  discountConstraint,
}: Extract<Route.ComponentProps["loaderData"], { guest: false }>) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  // The address and method the page shows costs for are in the URL (`?shipTo=<id>&method=<id>`):
  // an address just added comes back named there. With JavaScript a choice goes into the URL at
  // once and the costs follow; without it, a choice is sent with "Update total" or the checkout.
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [picked, setPicked] = useState<{ id: string; shipTo: string | null } | null>(null);
  const selected = picked && picked.shipTo === shipTo ? picked.id : shipTo;
  const choose = (addressId: string | null, method: string | null) => {
    void navigate(checkoutUrl(addressId, method), { replace: true, preventScrollReset: true });
  };
  // With JavaScript the action answers the approval URL: the page stores the order id and leaves.
  const leaving = !!(actionData && "approvalUrl" in actionData && actionData.approvalUrl);

  useEffect(() => {
    if (actionData && "approvalUrl" in actionData && actionData.approvalUrl) {
      try {
        sessionStorage.setItem("currentOrderId", actionData.orderId);
      } catch {
        // Storage may be off; the server knows the order anyway.
      }
      window.location.assign(actionData.approvalUrl);
    }
  }, [actionData]);

  const processing = leaving || (navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout");
  const error = actionData && "error" in actionData ? actionData.error : null;
  const discountResult = actionData && "discount" in actionData ? (actionData.discount as FormResult) : undefined;
  const empty = cart.items.length === 0;
  return (
    <div className="checkout">
      <CheckoutBanner />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-2">
        <section aria-labelledby="shipping-heading" className="space-y-4">
          <h2 id="shipping-heading" className="text-xl font-bold">
            Shipping Address
          </h2>
          <AddressManager
            addresses={addresses}
            shopCountry={shopCountry}
            countries={costs.deliveryCountries}
            selectFormId="checkout-form"
            selectedId={selected}
            onSelect={(id) => {
              setPicked({ id, shipTo });
              choose(id, searchParams.get(METHOD_PARAM));
            }}
          />
          <DeliveryMethods
            costs={costs}
            formId="checkout-form"
            onChoose={(method) => choose(selected, method)}
            canReview={!hydrated && addresses.length > 0}
          />
        </section>
        <section aria-labelledby="summary-heading" className="h-fit space-y-4 rounded-lg border border-gray-200 p-5">
          <h2 id="summary-heading" className="text-xl font-bold">
            Order Summary
          </h2>
          <CheckoutLines cart={cart} />
          {empty && !costs.discount ? null : (
            <DiscountCode applied={costs.discount} constraint={discountConstraint} lastResult={discountResult} />
          )}
          <CheckoutCosts costs={costs} />
          <Form method="post" id="checkout-form" className="space-y-2">
            <input type="hidden" name="intent" value="checkout" />
            {/* What the page shows: the server takes the shopper back to check a total that differs. */}
            {costs.totals && selected === shipTo ? <input type="hidden" name="shownTotal" value={costs.totals.totalCents} /> : null}
            {hydrated ? <input type="hidden" name="js" value="1" /> : null}
            {error ? (
              <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
                {error}
              </p>
            ) : null}
            {costs.refusal ? (
              <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                {costs.refusal}
              </p>
            ) : null}
            <Button type="submit" className="w-full" disabled={empty || processing || (hydrated && (!selected || !!costs.refusal))}>
              {processing ? "Processing Paypal Payment..." : "Checkout with Paypal"}
            </Button>
            {/* Hidden by CSS as soon as an address radio is checked, so it works without JavaScript. */}
            <p className="select-hint text-center text-sm text-amber-800">{SELECT_ADDRESS_HINT}</p>
          </Form>
        </section>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
