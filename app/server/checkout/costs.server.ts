import type { Cart, CartCosts } from "~/lib/cart";
import { costNotes, taxesSet } from "~/lib/costs/notes";
import { deliveryCountries, deliversTo, orderTotals, shippingHint, shippingOptions, type CostLine } from "~/lib/costs/totals";
import type { DiscountLine } from "~/lib/discounts/arithmetic";
import { unitPriceCents } from "~/lib/money";
import { cartCode, codeUserOf, discountLinesOf } from "~/server/discounts/apply.server";
import { checkCode } from "~/server/discounts/uses.server";
import { db } from "~/server/database/db.server";
import { listAddresses } from "~/server/accounts/addresses.server";
import { costSettings, savedCostSettings, shopSettings } from "~/server/settings/settings.server";
import type { CartOwner } from "~/server/cart/cart.server";

// What a cart costs before it is an order (issue 41): the cart sheet, the checkout page and the
// /api cart answers read it. Every amount comes from lib/costs/totals.ts; checkout (start.server.ts)
// runs the same function again, in the transaction that writes the order.

/** A cart's lines as the totals function and the discount rules see them. */
export async function costLinesOf(cart: Cart): Promise<{ lines: CostLine[]; discountable: DiscountLine[] }> {
  const priced = cart.items.map((i) => ({
    productId: i.productId,
    unitCents: unitPriceCents(i.priceCents, i.salePriceCents),
    quantity: i.quantity,
  }));
  const discountable = await discountLinesOf(db, priced);
  const lines = priced.map((l, i) => ({
    unitCents: l.unitCents,
    quantity: l.quantity,
    category: discountable[i]!.category,
    topCategory: discountable[i]!.topCategory,
    brand: discountable[i]!.brand,
  }));
  return { lines, discountable };
}

/**
 * What `owner`'s cart costs to `country` with the method `methodId` (null: the cheapest), with the
 * code on the cart as it applies now (an account's or a visitor's). Before an address is chosen
 * (the cart sheet, /api's cart), delivery's hint is to the country the shopper picked in the cart
 * (`shipTo`, while the shop delivers there), else to their first address's, else to the shop's own.
 * `asSaved`: with the settings as saved, not this process's cache of them (the total a checkout is
 * about to charge).
 */
export async function cartCosts(
  owner: CartOwner,
  cart: Cart,
  country: string | null,
  methodId: string | null = null,
  { asSaved = false, shipTo = null }: { asSaved?: boolean; shipTo?: string | null } = {},
): Promise<CartCosts> {
  const [settings, shop, { lines, discountable }, code, addresses] = await Promise.all([
    asSaved ? savedCostSettings() : costSettings(),
    shopSettings(),
    costLinesOf(cart),
    cartCode(owner),
    typeof owner === "string" && country === null ? listAddresses(owner) : [],
  ]);
  const picked = shipTo && deliversTo(settings, shipTo) ? shipTo : null;
  const hintCountry = country ?? picked ?? addresses[0]?.country ?? shop.country;
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  let rule = null;
  let discount: CartCosts["discount"] = null;
  if (code) {
    const checked = await checkCode(db, await codeUserOf(db, owner), code, discountable);
    rule = checked.discount && !checked.refusal ? checked.discount : null;
    discount = { code, cents: 0, refusal: checked.refusal };
  }
  const computed = orderTotals({ lines, discount: rule, country, methodId, settings });
  // Without a country (or to one not delivered to) the lines' costs still show: no shipping, no tax.
  const linesOnly = computed.ok ? computed : orderTotals({ lines, discount: rule, country: null, methodId: null, settings });
  const base = linesOnly.ok ? linesOnly.totals : null;
  if (discount) discount.cents = base?.discountCents ?? 0;
  const afterDiscount = subtotalCents - (base?.discountCents ?? 0);
  return {
    subtotalCents,
    discount,
    totalCents: base?.totalCents ?? afterDiscount,
    totals: computed.ok ? computed.totals : null,
    country,
    refusal: computed.ok ? null : computed.message,
    options:
      country && computed.ok
        ? shippingOptions(settings, country, afterDiscount).map((o) => ({ id: o.id, name: o.name, estimate: o.estimate, cents: o.cents }))
        : [],
    hint: shippingHint(settings, hintCountry, afterDiscount),
    hintCountry,
    deliveryCountries: deliveryCountries(settings),
    zonesSet: settings.zones.length > 0,
    taxesSet: taxesSet(settings),
    taxNote: costNotes(settings).tax,
  };
}
