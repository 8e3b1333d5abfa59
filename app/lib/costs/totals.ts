import { discountLines, type DiscountLine, type DiscountRule } from "~/lib/discounts/arithmetic";
import { countryName } from "~/lib/countries";
import { amountToCents, formatMoney } from "~/lib/money";
import type { ShopSettings } from "~/lib/settings";

// What an order costs (DESIGN, Totals: one function; docs/decisions/0053-shipping-and-tax.md).
// Every amount a cart, a checkout, an order, PayPal, a refund, an e-mail, the CSV or the dashboard
// shows comes from `orderTotals` or from the order's stored copy of its result. Whole cents only:
//   - the discount is split over the lines (lib/discounts/arithmetic.ts);
//   - each line's tax is rounded on its own, half up, on what the line costs after its discount:
//     prices with tax in them: tax = net − net / (1 + rate); without: tax = net × rate;
//   - shipping is taxed at the same rate as the goods (the destination's), rounded once;
//   - the free-above threshold counts the subtotal after discounts;
//   - total = lines after discounts + shipping, + every tax when prices exclude it.

/** Rates are kept in thousandths of a percent (8.875 % is 8875), so that all the arithmetic is on integers. */
export const RATE_SCALE = 100_000;
export const rateUnits = (percent: number) => Math.round(percent * 1000);

/** a / b rounded half up, for a >= 0 and b > 0, exact on integers. */
const divideHalfUp = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/** The tax in `net` cents at `rate` (thousandths of a percent), the price having it in or not. */
export function taxOf(net: number, rate: number, included: boolean): number {
  if (net <= 0 || rate <= 0) return 0;
  return included ? net - divideHalfUp(net * RATE_SCALE, RATE_SCALE + rate) : divideHalfUp(net * rate, RATE_SCALE);
}

export type ShippingMethod = { id: string; name: string; priceCents: number; freeAboveCents: number | null; estimate: string };
export type ShippingZone = { name: string; everywhereElse: boolean; countries: string[]; methods: ShippingMethod[] };

/** The settings the costs of an order depend on, money in cents and rates in thousandths of a percent. */
export type CostSettings = {
  pricesIncludeTax: boolean;
  taxRates: Record<string, number>;
  otherTaxRate: number;
  /** Empty: the shop delivers everywhere for free (the specification's behaviour). */
  zones: ShippingZone[];
};

/** The shop's settings as the costs need them. */
export function costSettingsOf(
  settings: Pick<ShopSettings, "pricesIncludeTax" | "taxRates" | "otherTaxRate" | "shippingZones">,
): CostSettings {
  return {
    pricesIncludeTax: settings.pricesIncludeTax,
    taxRates: Object.fromEntries(settings.taxRates.map((r) => [r.country, rateUnits(r.rate)])),
    otherTaxRate: rateUnits(settings.otherTaxRate),
    zones: settings.shippingZones.map((zone, z) => ({
      name: zone.name,
      everywhereElse: zone.everywhereElse,
      countries: zone.countries,
      methods: zone.methods.map((m, i) => ({
        id: m.id ?? `zone${z + 1}-method${i + 1}`,
        name: m.name,
        priceCents: amountToCents(m.price),
        freeAboveCents: m.freeAbove === null ? null : amountToCents(m.freeAbove),
        estimate: m.estimate,
      })),
    })),
  };
}

/** The zone that delivers to `country`: the one naming it, else the one for everywhere else. */
export function zoneFor(settings: CostSettings, country: string): ShippingZone | null {
  return settings.zones.find((z) => z.countries.includes(country)) ?? settings.zones.find((z) => z.everywhereElse) ?? null;
}

/** Whether the shop delivers to `country`: everywhere while no zone is set, else where a zone does. */
export const deliversTo = (settings: CostSettings, country: string) => !settings.zones.length || zoneFor(settings, country) !== null;

/**
 * The countries an address may be in and the cart's country choice offers: null for every
 * country (no zone set, or a zone for everywhere else), else the zones' countries.
 */
export function deliveryCountries(settings: CostSettings): string[] | null {
  if (!settings.zones.length || settings.zones.some((z) => z.everywhereElse)) return null;
  return [...new Set(settings.zones.flatMap((z) => z.countries))];
}

export const weDontDeliverTo = (country: string) => `We don't deliver to ${countryName(country)} yet`;

/** What a method costs for `subtotalCents` (after discounts): free from its threshold on. */
export const methodPriceCents = (method: ShippingMethod, subtotalCents: number) =>
  method.freeAboveCents !== null && subtotalCents >= method.freeAboveCents ? 0 : method.priceCents;

/** The methods to `country` with their price for this subtotal, cheapest first. */
export function shippingOptions(settings: CostSettings, country: string, subtotalCents: number) {
  const zone = zoneFor(settings, country);
  return (zone?.methods ?? [])
    .map((method) => ({ ...method, cents: methodPriceCents(method, subtotalCents) }))
    .sort((a, b) => a.cents - b.cents);
}

export const taxRateFor = (settings: CostSettings, country: string) => settings.taxRates[country] ?? settings.otherTaxRate;

/** A line of a cart or an order: its unit price (cents), quantity, and what a discount code sees of it. */
export type CostLine = { unitCents: number; quantity: number; category: string; topCategory?: string | null; brand: string };

export type TotalsInput = {
  lines: CostLine[];
  /** The code's rule, already checked to apply (lib/discounts/arithmetic.ts, discountRefusal); null without one. */
  discount: Pick<DiscountRule, "type" | "value" | "categories" | "brands"> | null;
  /** Where the order goes; null before the shopper chose an address (no shipping, no tax yet). */
  country: string | null;
  /** The chosen method's id; null or unknown: the cheapest to the country. */
  methodId: string | null;
  settings: CostSettings;
};

export type Totals = {
  lines: Array<{ totalCents: number; discountCents: number; taxCents: number }>;
  /** The lines at their prices, before the discount. */
  subtotalCents: number;
  discountCents: number;
  /** The method chosen (null: no zones set, so delivery is free, or no country yet). */
  shipping: { methodId: string; name: string; estimate: string } | null;
  shippingCents: number;
  shippingTaxCents: number;
  /** Every line's tax and the shipping's. */
  taxCents: number;
  /** The rate used, in thousandths of a percent. */
  taxRate: number;
  taxIncluded: boolean;
  totalCents: number;
};

export type TotalsResult = { ok: true; totals: Totals } | { ok: false; message: string };

/** Everything an order costs. Refused only when the shop has zones and none delivers to the country. */
export function orderTotals(input: TotalsInput): TotalsResult {
  const { settings, country } = input;
  const lineTotals = input.lines.map((l) => l.unitCents * l.quantity);
  const discountable: DiscountLine[] = input.lines.map((l, i) => ({
    totalCents: lineTotals[i]!,
    category: l.category,
    topCategory: l.topCategory,
    brand: l.brand,
  }));
  const perLine = input.discount ? discountLines(input.discount, discountable).perLine : input.lines.map(() => 0);
  const subtotalCents = lineTotals.reduce((s, v) => s + v, 0);
  const discountCents = perLine.reduce((s, v) => s + v, 0);
  const afterDiscount = subtotalCents - discountCents;

  let shipping: Totals["shipping"] = null;
  let shippingCents = 0;
  if (country && settings.zones.length) {
    const options = shippingOptions(settings, country, afterDiscount);
    if (!options.length) return { ok: false, message: weDontDeliverTo(country) };
    const chosen = options.find((o) => o.id === input.methodId) ?? options[0]!;
    shipping = { methodId: chosen.id, name: chosen.name, estimate: chosen.estimate };
    shippingCents = chosen.cents;
  }

  const included = settings.pricesIncludeTax;
  const taxRate = country ? taxRateFor(settings, country) : 0;
  const lines = input.lines.map((_, i) => {
    const net = lineTotals[i]! - perLine[i]!;
    return { totalCents: lineTotals[i]!, discountCents: perLine[i]!, taxCents: taxOf(net, taxRate, included) };
  });
  const shippingTaxCents = taxOf(shippingCents, taxRate, included);
  const taxCents = lines.reduce((s, l) => s + l.taxCents, 0) + shippingTaxCents;
  const totalCents = afterDiscount + shippingCents + (included ? 0 : taxCents);
  return {
    ok: true,
    totals: {
      lines,
      subtotalCents,
      discountCents,
      shipping,
      shippingCents,
      shippingTaxCents,
      taxCents,
      taxRate,
      taxIncluded: included,
      totalCents,
    },
  };
}

/**
 * What the cart says of delivery before checkout: free, or "Shipping to <country> from $X" (the cheapest
 * method) with "$Y more for free delivery" when a threshold is near (within half of it).
 */
export type ShippingHint = { free: true } | { free: false; fromCents: number; moreForFreeCents: number | null };

/**
 * The cart's delivery hint for `subtotalCents` (after discounts), to the shopper's country when
 * known (their first address), else to the shop's own; null when the shop does not deliver there.
 */
export function shippingHint(settings: CostSettings, country: string, subtotalCents: number): ShippingHint | null {
  if (!settings.zones.length) return { free: true };
  const options = shippingOptions(settings, country, subtotalCents);
  if (!options.length) return null;
  if (options[0]!.cents === 0) return { free: true };
  const thresholds = options.map((o) => o.freeAboveCents).filter((t): t is number => t !== null && t > subtotalCents);
  const nearest = thresholds.length ? Math.min(...thresholds) : null;
  const near = nearest !== null && nearest - subtotalCents <= nearest / 2;
  return { free: false, fromCents: options[0]!.cents, moreForFreeCents: near ? nearest - subtotalCents : null };
}

/** What the home page's "Why Shop With Us" says of delivery. */
export type DeliveryPromise = { title: string; text: string };

/** The specification's promise: what the shop says while the owner has set no delivery zones. */
export const FREE_DELIVERY_PROMISE: DeliveryPromise = {
  title: "Free shipping",
  text: "Every order ships free, with delivery in 3-5 business days.",
};

/**
 * What the home page promises of delivery to the shop's own country, from the owner's zones: free
 * (the specification's words while none are set), free above a threshold, or from the cheapest
 * price; never a promise checkout would not keep.
 */
export function deliveryPromise(settings: CostSettings, country: string): DeliveryPromise {
  if (!settings.zones.length) return FREE_DELIVERY_PROMISE;
  const methods = shippingOptions(settings, country, 0);
  const cheapest = methods[0];
  if (!cheapest) return { title: "Delivery", text: "See what delivery to your address costs at checkout." };
  const how = (m: ShippingMethod) => (m.estimate ? `${m.name}: ${m.estimate}` : m.name);
  if (cheapest.cents === 0) return { title: "Free shipping", text: `Every order ships free (${how(cheapest)}).` };
  const thresholds = methods.map((m) => m.freeAboveCents).filter((t): t is number => t !== null);
  if (thresholds.length) {
    const over = formatMoney(Math.min(...thresholds));
    return {
      title: `Free shipping over ${over}`,
      text: `Orders over ${over} ship free; below, delivery is from ${formatMoney(cheapest.cents)} (${how(cheapest)}).`,
    };
  }
  return { title: `Delivery from ${formatMoney(cheapest.cents)}`, text: `${how(cheapest)}. Every option and its price at checkout.` };
}
