import type { CartCosts } from "~/lib/cart";
import { formatMoney } from "~/lib/money";

// What the order costs, on the checkout page (issue 41): every figure is the server's
// (server/checkout/costs.server.ts, from lib/costs/totals.ts); nothing is added up here.

/** "incl. $1.67 VAT" under the total, or a "Tax" line added to it. */
function TaxLine({ cents, included }: { cents: number; included: boolean }) {
  if (included) {
    return (
      <p className="text-right text-sm text-gray-600" data-testid="checkout-tax">
        incl. {formatMoney(cents)} VAT
      </p>
    );
  }
  return (
    <div className="flex justify-between">
      <dt>Tax</dt>
      <dd data-testid="checkout-tax">+ {formatMoney(cents)} tax</dd>
    </div>
  );
}

/** The summary's money: subtotal, discount, shipping, tax and total. */
export function CheckoutCosts({ costs }: { costs: CartCosts }) {
  const totals = costs.totals;
  const shipping = !costs.zonesSet ? (
    // Nothing set up: the specification's free delivery.
    "Free"
  ) : totals?.shipping ? (
    totals.shippingCents === 0 ? (
      "Free"
    ) : (
      formatMoney(totals.shippingCents)
    )
  ) : (
    <span className="text-gray-600">{costs.refusal ? "Not available" : "Choose an address"}</span>
  );
  const taxed = !!totals && totals.taxCents > 0;
  return (
    <dl className="space-y-1 border-t border-gray-200 pt-3">
      <div className="flex justify-between">
        <dt>Subtotal</dt>
        <dd data-testid="checkout-subtotal">{formatMoney(costs.subtotalCents)}</dd>
      </div>
      {costs.discount && costs.discount.cents > 0 ? (
        <div className="flex justify-between text-green-800">
          <dt>Discount ({costs.discount.code})</dt>
          <dd data-testid="checkout-discount">−{formatMoney(costs.discount.cents)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between">
        <dt>Shipping{totals?.shipping ? ` (${totals.shipping.name})` : ""}</dt>
        <dd data-testid="checkout-shipping">{shipping}</dd>
      </div>
      {taxed && !totals.taxIncluded ? <TaxLine cents={totals.taxCents} included={false} /> : null}
      <div className="flex justify-between text-lg font-bold">
        <dt>Total</dt>
        <dd data-testid="checkout-total">{formatMoney(totals?.totalCents ?? costs.totalCents)}</dd>
      </div>
      {taxed && totals.taxIncluded ? <TaxLine cents={totals.taxCents} included /> : null}
    </dl>
  );
}

/**
 * The delivery methods to the chosen address, as radios of the checkout form (no JavaScript
 * needed): with JavaScript a choice updates the costs at once; without, "Update total" shows them.
 */
export function DeliveryMethods({
  costs,
  formId,
  onChoose,
  canReview,
}: {
  costs: CartCosts;
  formId: string;
  onChoose: (methodId: string) => void;
  canReview: boolean;
}) {
  // No zones: nothing to choose, but the tax may still follow the address chosen.
  if (!costs.zonesSet) return canReview && costs.taxesSet ? <UpdateTotal formId={formId} /> : null;
  const chosen = costs.totals?.shipping?.methodId ?? null;
  return (
    <fieldset className="space-y-2 rounded-lg border border-gray-200 p-4">
      <legend className="px-1 text-lg font-bold">Delivery</legend>
      {costs.refusal ? (
        <p className="text-sm text-amber-900">{costs.refusal}</p>
      ) : !costs.options.length ? (
        <p className="text-sm text-gray-600">Choose an address to see the delivery options.</p>
      ) : (
        costs.options.map((option) => (
          <label key={option.id} className="flex cursor-pointer items-start gap-3 rounded-md p-2 hover:bg-gray-50">
            <input
              type="radio"
              name="method"
              value={option.id}
              form={formId}
              defaultChecked={option.id === chosen}
              key={`${option.id}-${chosen}`}
              onChange={() => onChoose(option.id)}
              className="mt-1"
            />
            <span className="flex-1">
              <span className="flex justify-between gap-2 font-medium">
                <span>{option.name}</span>
                <span>{option.cents === 0 ? "Free" : formatMoney(option.cents)}</span>
              </span>
              {option.estimate ? <span className="block text-sm text-gray-600">{option.estimate}</span> : null}
            </span>
          </label>
        ))
      )}
      {canReview ? <UpdateTotal formId={formId} /> : null}
    </fieldset>
  );
}

/** Without JavaScript: shows what the address and method chosen cost, saving nothing. */
function UpdateTotal({ formId }: { formId: string }) {
  return (
    <button
      type="submit"
      form={formId}
      name="intent"
      value="review"
      className="text-sm font-medium text-gray-900 underline underline-offset-2 hover:text-gray-700"
    >
      Update total
    </button>
  );
}
