import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { costSettingsOf, deliveryPromise, orderTotals, shippingHint, taxOf, type CostSettings } from "./totals";

// The one totals function: whatever the cart, code, country, method and settings, the parts add up
// to the total, no tax is negative, and the rounding is per line, half up.

const line = fc.record({
  unitCents: fc.integer({ min: 1, max: 200_000 }),
  quantity: fc.integer({ min: 1, max: 20 }),
  category: fc.constantFrom("men", "women"),
  brand: fc.constantFrom("nike", "puma"),
});
const discount = fc.option(
  fc.oneof(
    fc.record({ type: fc.constant("percent" as const), value: fc.integer({ min: 1, max: 100 }) }),
    fc.record({ type: fc.constant("fixed" as const), value: fc.integer({ min: 1, max: 500_000 }) }),
  ),
);
const settings = fc.record({
  pricesIncludeTax: fc.boolean(),
  rate: fc.integer({ min: 0, max: 30_000 }),
  other: fc.integer({ min: 0, max: 30_000 }),
  price: fc.integer({ min: 0, max: 5_000 }),
  freeAbove: fc.option(fc.integer({ min: 0, max: 500_000 })),
  express: fc.integer({ min: 0, max: 9_000 }),
});
const toSettings = (s: {
  pricesIncludeTax: boolean;
  rate: number;
  other: number;
  price: number;
  freeAbove: number | null;
  express: number;
}): CostSettings => ({
  pricesIncludeTax: s.pricesIncludeTax,
  taxRates: { GB: s.rate },
  otherTaxRate: s.other,
  zones: [
    {
      name: "UK",
      everywhereElse: false,
      countries: ["GB"],
      methods: [
        { id: "standard", name: "Standard", priceCents: s.price, freeAboveCents: s.freeAbove, estimate: "" },
        { id: "express", name: "Express", priceCents: s.express, freeAboveCents: null, estimate: "" },
      ],
    },
  ],
});

describe("orderTotals", () => {
  it("adds up: lines less discount, plus shipping, plus tax when prices exclude it", () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 10 }),
        discount,
        settings,
        fc.constantFrom("GB", "FR"),
        fc.constantFrom("standard", "express", null),
        (lines, rule, s, country, methodId) => {
          const cost = toSettings(s);
          const result = orderTotals({
            lines,
            discount: rule && { ...rule, categories: [], brands: [] },
            country,
            methodId,
            settings: country === "GB" ? cost : { ...cost, zones: [{ ...cost.zones[0]!, countries: ["FR"] }] },
          });
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          const t = result.totals;
          const sum = (f: (l: (typeof t.lines)[number]) => number) => t.lines.reduce((acc, l) => acc + f(l), 0);
          expect(sum((l) => l.totalCents)).toBe(t.subtotalCents);
          expect(sum((l) => l.discountCents)).toBe(t.discountCents);
          expect(sum((l) => l.taxCents) + t.shippingTaxCents).toBe(t.taxCents);
          const net = t.subtotalCents - t.discountCents;
          expect(t.totalCents).toBe(net + t.shippingCents + (t.taxIncluded ? 0 : t.taxCents));
          t.lines.forEach((l) => {
            expect(l.taxCents).toBeGreaterThanOrEqual(0);
            // Included tax is part of the price: never more than what the line costs after its discount.
            if (t.taxIncluded) expect(l.taxCents).toBeLessThanOrEqual(l.totalCents - l.discountCents);
          });
          expect(t.taxRate).toBe(country === "GB" ? s.rate : s.other);
          // The threshold counts the subtotal after discounts; a method not named is the cheapest.
          const standard = s.freeAbove !== null && net >= s.freeAbove ? 0 : s.price;
          const expected = methodId === "express" ? s.express : methodId === "standard" ? standard : Math.min(standard, s.express);
          expect(t.shippingCents).toBe(expected);
        },
      ),
    );
  });

  it("rounds each line's tax half up: 20 % VAT in £10.00 is £1.67, 8.875 % on $10.00 is $0.89", () => {
    expect(taxOf(1000, 20_000, true)).toBe(167);
    expect(taxOf(1000, 8_875, false)).toBe(89);
    // Half a cent goes up: 5 % of $0.10 is 0.5 cents.
    expect(taxOf(10, 5_000, false)).toBe(1);
    // An included tax that leaves an exact half: 105 at 5 % is 100 + 5.
    expect(taxOf(105, 5_000, true)).toBe(5);
    expect(taxOf(0, 20_000, true)).toBe(0);
    expect(taxOf(999, 0, false)).toBe(0);
  });

  it("taxes each line on its own, after its share of the discount, and the shipping at the same rate", () => {
    const cost = toSettings({ pricesIncludeTax: false, rate: 10_000, other: 0, price: 495, freeAbove: null, express: 900 });
    const result = orderTotals({
      lines: [
        { unitCents: 1005, quantity: 1, category: "men", brand: "nike" },
        { unitCents: 1005, quantity: 1, category: "men", brand: "nike" },
      ],
      discount: { type: "fixed", value: 10, categories: [], brands: [] },
      country: "GB",
      methodId: "standard",
      settings: cost,
    });
    expect(result).toEqual({
      ok: true,
      totals: {
        // 1005 − 5 = 1000 each: $1.00 tax each; shipping $4.95 + $0.50 (49.5 cents, half up).
        lines: [
          { totalCents: 1005, discountCents: 5, taxCents: 100 },
          { totalCents: 1005, discountCents: 5, taxCents: 100 },
        ],
        subtotalCents: 2010,
        discountCents: 10,
        shipping: { methodId: "standard", name: "Standard", estimate: "" },
        shippingCents: 495,
        shippingTaxCents: 50,
        taxCents: 250,
        taxRate: 10_000,
        taxIncluded: false,
        totalCents: 2000 + 495 + 250,
      },
    });
  });

  it("refuses a country no zone delivers to, and charges nothing for delivery or tax with nothing set", () => {
    const cost = toSettings({ pricesIncludeTax: true, rate: 20_000, other: 0, price: 495, freeAbove: 5000, express: 900 });
    const lines = [{ unitCents: 2500, quantity: 2, category: "men", brand: "nike" }];
    expect(orderTotals({ lines, discount: null, country: "FR", methodId: null, settings: cost })).toEqual({
      ok: false,
      message: "We don't deliver to France yet",
    });
    const none = costSettingsOf({ pricesIncludeTax: false, taxRates: [], otherTaxRate: 0, shippingZones: [] });
    const result = orderTotals({ lines, discount: null, country: "FR", methodId: "express", settings: none });
    expect(result.ok && result.totals).toMatchObject({ shipping: null, shippingCents: 0, taxCents: 0, totalCents: 5000 });
  });

  it("gives the zone for everywhere else to a country no other zone names", () => {
    const cost = costSettingsOf({
      pricesIncludeTax: true,
      taxRates: [{ country: "GB", rate: 20 }],
      otherTaxRate: 0,
      shippingZones: [
        {
          name: "UK",
          everywhereElse: false,
          countries: ["GB"],
          methods: [{ name: "Royal Mail", price: 3.5, freeAbove: 40, estimate: "" }],
        },
        { name: "World", everywhereElse: true, countries: [], methods: [{ name: "Airmail", price: 12, freeAbove: null, estimate: "" }] },
      ],
    });
    const lines = [{ unitCents: 4000, quantity: 1, category: "men", brand: "nike" }];
    const uk = orderTotals({ lines, discount: null, country: "GB", methodId: null, settings: cost });
    const japan = orderTotals({ lines, discount: null, country: "JP", methodId: null, settings: cost });
    expect(uk.ok && uk.totals).toMatchObject({ shippingCents: 0, taxCents: 667, totalCents: 4000, shipping: { name: "Royal Mail" } });
    expect(japan.ok && japan.totals).toMatchObject({ shippingCents: 1200, taxCents: 0, totalCents: 5200, shipping: { name: "Airmail" } });
  });
});

describe("shippingHint", () => {
  const cost = toSettings({ pricesIncludeTax: true, rate: 0, other: 0, price: 495, freeAbove: 5000, express: 900 });
  it("says free, from, or how much more makes it free", () => {
    expect(shippingHint({ ...cost, zones: [] }, "GB", 100)).toEqual({ free: true });
    expect(shippingHint(cost, "GB", 5000)).toEqual({ free: true });
    expect(shippingHint(cost, "GB", 4000)).toEqual({ free: false, fromCents: 495, moreForFreeCents: 1000 });
    expect(shippingHint(cost, "GB", 1000)).toEqual({ free: false, fromCents: 495, moreForFreeCents: null });
    expect(shippingHint(cost, "FR", 1000)).toBeNull();
  });
});

describe("deliveryPromise", () => {
  const zone = (methods: Array<{ name: string; price: number; freeAbove: number | null; estimate: string }>) =>
    costSettingsOf({
      pricesIncludeTax: false,
      taxRates: [],
      otherTaxRate: 0,
      shippingZones: [{ name: "Home", everywhereElse: false, countries: ["US"], methods }],
    });
  const standard = { name: "Standard", price: 4.95, freeAbove: 30, estimate: "3-5 business days" };
  const express = { name: "Express", price: 12, freeAbove: null, estimate: "Next business day" };

  it("keeps the specification's words while no zones are set", () => {
    expect(deliveryPromise({ ...zone([standard]), zones: [] }, "US")).toEqual({
      title: "Free shipping",
      text: "Every order ships free, with delivery in 3-5 business days.",
    });
  });

  it("promises what checkout charges to the shop's country: free, free above a threshold, or from the cheapest", () => {
    expect(deliveryPromise(zone([express, standard]), "US")).toEqual({
      title: "Free shipping over $30.00",
      text: "Orders over $30.00 ship free; below, delivery is from $4.95 (Standard: 3-5 business days).",
    });
    expect(deliveryPromise(zone([express]), "US")).toEqual({
      title: "Delivery from $12.00",
      text: "Express: Next business day. Every option and its price at checkout.",
    });
    expect(deliveryPromise(zone([{ ...standard, price: 0 }]), "US")).toEqual({
      title: "Free shipping",
      text: "Every order ships free (Standard: 3-5 business days).",
    });
    // Zones that leave out the shop's own country promise nothing they cannot keep.
    expect(deliveryPromise(zone([standard]), "GB")).toEqual({
      title: "Delivery",
      text: "See what delivery to your address costs at checkout.",
    });
  });
});
