import { getZodConstraint } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Form, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { AddressManager } from "~/components/shop/address-manager";
import { DiscountCode } from "~/components/shop/discount-code";
import { Button } from "~/components/ui/button";
import type { FormResult } from "~/lib/form";
import { formatMoney, linesTotalCents } from "~/lib/money";
import { ApplyDiscountSchema } from "~/lib/schemas";
import { useHydrated } from "~/lib/use-hydrated";
import { variantLabel } from "~/lib/variants";
import { handleAddressIntent } from "./address-action.server";
import { handleDiscountIntent } from "./discount-action.server";
import { listAddresses } from "~/server/accounts/addresses.server";
import { shopSettings } from "~/server/settings/settings.server";
import { getCart } from "~/server/cart/cart.server";
import { cartTotals } from "~/server/discounts/apply.server";
import { startCheckout } from "~/server/checkout/start.server";
import { signedInUser } from "~/server/accounts/session.server";
import { readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/checkout";
import { shopUrlFor } from "~/server/platform/config.server";
import { SELECT_ADDRESS_HINT } from "~/lib/messages/checkout";
import { UNKNOWN_ACTION } from "~/lib/messages/platform";
import { pageTitle } from "~/lib/shop-name";

/** The URL parameter naming the address chosen for shipping when the page arrives (one just added). */
const SHIP_TO_PARAM = "shipTo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Checkout", matches) }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const [cart, addresses, settings] = await Promise.all([getCart(user.id), listAddresses(user.id), shopSettings()]);
  // What the code on the cart takes off now (or why nothing), and the discount form's constraints.
  return {
    cart,
    addresses,
    shopCountry: settings.country,
    totals: await cartTotals(user.id, cart),
    discountConstraint: getZodConstraint(ApplyDiscountSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = signedInUser(context);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (typeof intent === "string" && intent.startsWith("address-")) return handleAddressIntent(request, user, formData, SHIP_TO_PARAM);
  if (intent === "discount-apply" || intent === "discount-remove") return handleDiscountIntent(request, user, intent, formData);
  if (intent !== "checkout") return data({ error: UNKNOWN_ACTION }, { status: 400 });

  const addressId = formData.get("addressId");
  const result = await startCheckout(user, typeof addressId === "string" ? addressId : null, shopUrlFor(request));
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  // With JavaScript the page stores the order id (sessionStorage currentOrderId) and then leaves.
  if (formData.get("js") === "1") return { approvalUrl: result.approvalUrl, orderId: result.orderId };
  throw redirect(result.approvalUrl);
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { cart, addresses, shopCountry, totals, discountConstraint } = loaderData;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  // An address just added comes back named by the URL (`?shipTo=<id>`): it is the one chosen, over
  // an earlier click (a choice counts only under the URL it was made on).
  const [searchParams] = useSearchParams();
  const shipTo = searchParams.get(SHIP_TO_PARAM);
  const [choice, setChoice] = useState<{ id: string; shipTo: string | null } | null>(null);
  const chosen = choice && choice.shipTo === shipTo ? choice.id : null;
  const exists = (id: string | null): id is string => !!id && addresses.some((a) => a.id === id);
  // Else a shopper with one address ships there unless they say otherwise. The server renders the
  // choice checked, so this holds without JavaScript too; an address since deleted no longer counts.
  const selected = exists(chosen) ? chosen : exists(shipTo) ? shipTo : addresses.length === 1 ? addresses[0]!.id : null;
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
      <section className="bg-gray-900 py-12 text-center text-white">
        <h1 className="text-4xl font-extrabold">Checkout</h1>
      </section>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-2">
        <section aria-labelledby="shipping-heading" className="space-y-4">
          <h2 id="shipping-heading" className="text-xl font-bold">
            Shipping Address
          </h2>
          <AddressManager
            addresses={addresses}
            shopCountry={shopCountry}
            selectFormId="checkout-form"
            selectedId={selected}
            onSelect={(id) => setChoice({ id, shipTo })}
          />
        </section>
        <section aria-labelledby="summary-heading" className="h-fit space-y-4 rounded-lg border border-gray-200 p-5">
          <h2 id="summary-heading" className="text-xl font-bold">
            Order Summary
          </h2>
          {empty ? (
            <p className="text-gray-600">Your cart is empty</p>
          ) : (
            <ul className="divide-y divide-gray-100">
              {cart.items.map((item) => (
                <li key={item.variantId} className="flex items-center gap-3 py-3">
                  <img src={item.image} alt="" width={56} height={56} className="h-14 w-14 rounded bg-gray-100 object-cover" />
                  <div className="flex-1">
                    <p className="font-medium">{item.title}</p>
                    {variantLabel(item.size, item.color) ? (
                      <p className="text-sm text-gray-600">{variantLabel(item.size, item.color)}</p>
                    ) : null}
                    <p className="text-sm text-gray-600">Quantity: {item.quantity}</p>
                  </div>
                  <p className="font-semibold">{formatMoney(linesTotalCents([item]))}</p>
                </li>
              ))}
            </ul>
          )}
          {empty && !totals.discount ? null : (
            <DiscountCode applied={totals.discount} constraint={discountConstraint} lastResult={discountResult} />
          )}
          <dl className="space-y-1 border-t border-gray-200 pt-3">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd data-testid="checkout-subtotal">{formatMoney(totals.subtotalCents)}</dd>
            </div>
            {totals.discount && totals.discount.cents > 0 ? (
              <div className="flex justify-between text-green-800">
                <dt>Discount ({totals.discount.code})</dt>
                <dd data-testid="checkout-discount">−{formatMoney(totals.discount.cents)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd>Free</dd>
            </div>
            <div className="flex justify-between text-lg font-bold">
              <dt>Total</dt>
              <dd data-testid="checkout-total">{formatMoney(totals.totalCents)}</dd>
            </div>
          </dl>
          <Form method="post" id="checkout-form" className="space-y-2">
            <input type="hidden" name="intent" value="checkout" />
            {hydrated ? <input type="hidden" name="js" value="1" /> : null}
            {error ? (
              <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
                {error}
              </p>
            ) : null}
            <Button type="submit" className="w-full" disabled={empty || processing || (hydrated && !selected)}>
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
