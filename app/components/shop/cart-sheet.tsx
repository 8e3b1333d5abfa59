import { useFetcher, useLocation } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { COUNTRIES, countryName } from "~/lib/countries";
import { weDontDeliverTo } from "~/lib/costs/totals";
import { CloseLink, Modal } from "~/components/ui/modal";
import { formatMoney, linesTotalCents } from "~/lib/money";
import { LineThumbnail } from "~/components/shop/product-picture";
import { withParam } from "~/lib/url";
import type { Cart, CartCosts, CartItem } from "~/lib/cart";
import { usePendingCart } from "./cart-pending";
import { Price } from "./price";
import { variantLabel } from "~/lib/variants";

/**
 * What the sheet says of delivery when the owner set zones (none: SPEC's "Calculated at checkout"),
 * naming the country it is for (the shopper's pick, their first address's or the shop's).
 */
function deliveryText(costs: CartCosts): string {
  const { hint, hintCountry } = costs;
  if (!hint) return weDontDeliverTo(hintCountry);
  if (hint.free) return `Free delivery to ${countryName(hintCountry)}`;
  return `Shipping to ${countryName(hintCountry)} from ${formatMoney(hint.fromCents)}`;
}

/** The cart sheet 'Your Cart', opened by `?cart=open` on any shop page. */
export function CartSheet({ cart, costs }: { cart: Cart; costs: CartCosts | null }) {
  const location = useLocation();
  const closeHref = withParam(location, "cart", null);
  const pending = usePendingCart();
  const lines = cart.items.map((i) => ({
    ...i,
    quantity: pending.quantity.get(i.variantId) ?? i.quantity,
    removing: pending.removed.has(i.variantId),
  }));
  const items = lines.filter((i) => !i.removing);
  // The server's figures; while a change is on its way, the lines at their new quantities.
  const settled = !pending.quantity.size && !pending.removed.size && costs;
  const hint = costs?.zonesSet && costs.hint && !costs.hint.free ? costs.hint : null;
  return (
    <Modal
      closeHref={closeHref}
      labelledBy="cart-title"
      returnFocusSelector="[data-cart-link]"
      className="inset-y-0 left-auto right-0 m-0 h-full max-h-none w-full max-w-md overflow-y-auto"
    >
      <div className="relative flex min-h-full flex-col p-5">
        <CloseLink to={closeHref} label="Close cart" />
        <h2 id="cart-title" className="mb-5 text-xl font-bold">
          Your Cart
        </h2>
        {/* A line being removed is hidden, not unmounted: its fetcher must live until the server
            answers, or React Router drops the answer's redirect (and with it the toast). */}
        <ul className="flex flex-col gap-5" hidden={!items.length}>
          {lines.map((item) => (
            <CartLine key={item.variantId} item={item} hidden={item.removing} />
          ))}
        </ul>
        {items.length ? (
          <>
            <div className="mt-6 space-y-2 border-t border-gray-200 pt-4">
              <p className="flex justify-between font-bold">
                <span>Subtotal</span>
                <span data-testid="cart-total">{formatMoney(settled ? settled.subtotalCents : linesTotalCents(items))}</span>
              </p>
              {settled && settled.discount && settled.discount.cents > 0 ? (
                <p className="flex justify-between text-sm text-green-800">
                  <span>Discount ({settled.discount.code})</span>
                  <span>−{formatMoney(settled.discount.cents)}</span>
                </p>
              ) : null}
              {costs?.taxNote ? (
                <p className="text-sm text-gray-600" data-testid="cart-tax-note">
                  {costs.taxNote}
                </p>
              ) : null}
              {costs?.zonesSet ? (
                <p className="text-sm text-gray-600" data-testid="cart-shipping">
                  {deliveryText(settled || costs)}
                </p>
              ) : (
                <p className="flex justify-between text-sm text-gray-600">
                  <span>Shipping</span>
                  <span data-testid="cart-shipping">Calculated at checkout</span>
                </p>
              )}
              {settled && hint?.moreForFreeCents ? (
                <p className="text-sm font-medium text-green-800" data-testid="cart-free-delivery">
                  {formatMoney(hint.moreForFreeCents)} more for free delivery
                </p>
              ) : null}
              {costs?.zonesSet ? <ShipToForm costs={costs} /> : null}
            </div>
            <ButtonLink to="/shop/checkout" className="mt-6 w-full">
              Proceed to Checkout
            </ButtonLink>
          </>
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 py-16 text-center">
            <p className="text-lg font-semibold">Your cart is empty</p>
            <ButtonLink to="/shop/home">Continue Shopping</ButtonLink>
          </div>
        )}
      </div>
    </Modal>
  );
}

/**
 * Another country for the delivery hint (without JavaScript too): the countries the shop delivers
 * to; the choice is kept in a cookie by the cart action and the sheet comes back with it.
 */
function ShipToForm({ costs }: { costs: CartCosts }) {
  const location = useLocation();
  const choose = useFetcher();
  const offered = costs.deliveryCountries ? new Set(costs.deliveryCountries) : null;
  const countries = offered ? COUNTRIES.filter((c) => offered.has(c.code)) : COUNTRIES;
  return (
    <choose.Form method="post" action="/shop/cart" preventScrollReset className="flex flex-wrap items-end gap-2 pt-1">
      <input type="hidden" name="intent" value="ship-to" />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <div className="min-w-0 flex-1">
        <label htmlFor="cart-ship-to" className="block text-sm font-medium text-gray-800">
          Deliver to
        </label>
        {/* Keyed by the country the server used: the select shows it again after a choice. */}
        <select
          key={costs.hintCountry}
          id="cart-ship-to"
          name="country"
          defaultValue={costs.hintCountry}
          autoComplete="country"
          className={cn(inputClass, "w-full")}
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline" disabled={choose.state !== "idle"}>
        Update
      </Button>
    </choose.Form>
  );
}

function CartLine({ item, hidden }: { item: CartItem; hidden: boolean }) {
  const location = useLocation();
  const update = useFetcher();
  const remove = useFetcher();
  const returnTo = location.pathname + location.search;
  const line = formatMoney(linesTotalCents([item]));
  const variant = variantLabel(item.size, item.color);
  // "Tee, M · Black": what a button acts on, said in full.
  const name = variant ? `${item.title}, ${variant}` : item.title;
  return (
    <li className="flex gap-3" data-testid="cart-line" hidden={hidden}>
      <LineThumbnail image={item.image} size={80} className="h-20 w-20 shrink-0 rounded-md bg-gray-100 object-cover" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{item.title}</p>
        {variant ? (
          <p className="text-sm text-gray-600" data-testid="cart-variant">
            {variant}
          </p>
        ) : null}
        <Price priceCents={item.priceCents} salePriceCents={item.salePriceCents} className="text-sm" />
        <update.Form method="post" action="/shop/cart" preventScrollReset className="mt-2 flex items-center gap-2">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="productId" value={item.productId} />
          <input type="hidden" name="variantId" value={item.variantId} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <button
            type="submit"
            name="quantity"
            value={item.quantity - 1}
            disabled={item.quantity <= 1}
            aria-label={`Decrease quantity of ${name}`}
            className="flex h-8 w-8 items-center justify-center rounded-full border border-gray-300 hover:bg-gray-100 disabled:opacity-40"
          >
            −
          </button>
          <span aria-label={`Quantity of ${name}`} data-testid="cart-quantity" className="min-w-6 text-center font-semibold">
            {item.quantity}
          </span>
          <button
            type="submit"
            name="quantity"
            value={item.quantity + 1}
            aria-label={`Increase quantity of ${name}`}
            className="flex h-8 w-8 items-center justify-center rounded-full border border-gray-300 hover:bg-gray-100 disabled:opacity-40"
          >
            +
          </button>
        </update.Form>
      </div>
      <div className="flex flex-col items-end justify-between">
        <p className="font-semibold">{line}</p>
        <remove.Form method="post" action="/shop/cart" preventScrollReset>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="productId" value={item.productId} />
          <input type="hidden" name="variantId" value={item.variantId} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <button type="submit" className="text-sm text-red-700 underline hover:text-red-900" aria-label={`Remove ${name}`}>
            Remove
          </button>
        </remove.Form>
      </div>
    </li>
  );
}
