import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { discountLines, discountRefusal, paidForUnits, splitCents, type DiscountRule } from "./arithmetic";
import { orderTotals, type CostSettings } from "~/lib/costs/totals";
import {
  DISCOUNT_ALREADY_USED,
  DISCOUNT_EXPIRED,
  DISCOUNT_NOT_FOR_THESE_ITEMS,
  DISCOUNT_NOT_STARTED,
  DISCOUNT_UNKNOWN,
  DISCOUNT_USED_UP,
} from "~/lib/messages/discounts-shopper";

// The money of discount codes: lines always add up, nothing goes below zero, refunds add up to
// what was paid. fast-check tries many carts; a failure prints the smallest one that breaks a rule.

const line = fc.record({
  totalCents: fc.integer({ min: 1, max: 500_000 }),
  category: fc.constantFrom("men", "women", "kids"),
  brand: fc.constantFrom("nike", "adidas", "puma"),
});
const rule = fc.oneof(
  fc.record({ type: fc.constant("percent" as const), value: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ type: fc.constant("fixed" as const), value: fc.integer({ min: 1, max: 1_000_000 }) }),
);
const only = fc.subarray(["men", "women", "kids"]);
const onlyBrands = fc.subarray(["nike", "adidas", "puma"]);

describe("discountLines", () => {
  it("splits the discount over the eligible lines in whole cents that add up to it, never above a line", () => {
    fc.assert(
      fc.property(rule, only, onlyBrands, fc.array(line, { minLength: 1, maxLength: 12 }), (r, categories, brands, lines) => {
        const { eligibleCents, totalCents, perLine } = discountLines({ ...r, categories, brands }, lines);
        expect(perLine.reduce((s, v) => s + v, 0)).toBe(totalCents);
        expect(totalCents).toBeLessThanOrEqual(eligibleCents);
        perLine.forEach((cents, i) => {
          expect(Number.isInteger(cents)).toBe(true);
          expect(cents).toBeGreaterThanOrEqual(0);
          expect(cents).toBeLessThanOrEqual(lines[i]!.totalCents);
          const eligible =
            (!categories.length || categories.includes(lines[i]!.category)) && (!brands.length || brands.includes(lines[i]!.brand));
          if (!eligible) expect(cents).toBe(0);
        });
        if (r.type === "percent") expect(Math.abs(totalCents - (eligibleCents * r.value) / 100)).toBeLessThanOrEqual(0.5);
        else expect(totalCents).toBe(Math.min(r.value, eligibleCents));
      }),
    );
  });

  it("rounds a percentage half up, per order, and spreads the cents", () => {
    const lines = [
      { totalCents: 999, category: "men", brand: "nike" },
      { totalCents: 999, category: "men", brand: "nike" },
      { totalCents: 999, category: "men", brand: "nike" },
    ];
    // 10 % of $29.97 is $2.997: $3.00, as 100 + 100 + 100.
    expect(discountLines({ type: "percent", value: 10, categories: [], brands: [] }, lines)).toEqual({
      eligibleCents: 2997,
      totalCents: 300,
      perLine: [100, 100, 100],
    });
    // $10.00 off over $9.99 + $9.99 + $9.99: 334 + 333 + 333.
    expect(discountLines({ type: "fixed", value: 1000, categories: [], brands: [] }, lines).perLine).toEqual([334, 333, 333]);
    // Only shoes: nothing off the others.
    expect(
      discountLines({ type: "percent", value: 50, categories: ["footwear"], brands: [] }, [
        { totalCents: 4000, category: "footwear", brand: "nike" },
        { totalCents: 2000, category: "men", brand: "nike" },
      ]),
    ).toEqual({ eligibleCents: 4000, totalCents: 2000, perLine: [2000, 0] });
  });
});

describe("splitCents", () => {
  it("adds up and follows the weights", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 100_000 }),
        (weights, wanted) => {
          const sum = weights.reduce((s, w) => s + w, 0);
          const total = Math.min(wanted, sum);
          const shares = splitCents(total, weights);
          expect(shares.reduce((s, v) => s + v, 0)).toBe(sum > 0 ? total : 0);
          shares.forEach((share, i) => {
            expect(share).toBeLessThanOrEqual(weights[i]!);
            expect(Math.abs(share - (sum ? (total * weights[i]!) / sum : 0))).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

describe("paidForUnits", () => {
  it("refunds of a line, in any steps, add up to what the line cost after its discount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 20 }),
        (quantity, unitCents, percentOff, steps) => {
          const totalCents = quantity * unitCents;
          const discountCents = Math.floor((totalCents * percentOff) / 100);
          const paid = { totalCents, discountCents, quantity };
          let refunded = 0;
          let units = 0;
          for (const step of steps) {
            const take = Math.min(step, quantity - units);
            const back = paidForUnits(paid, units, take);
            expect(back).toBeGreaterThanOrEqual(0);
            refunded += back;
            units += take;
          }
          refunded += paidForUnits(paid, units, quantity - units);
          expect(refunded).toBe(totalCents - discountCents);
        },
      ),
    );
  });

  it("refunds of every line of an order with tax and shipping, in any steps, plus its shipping, give back exactly its total (issue 41)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitCents: fc.integer({ min: 1, max: 100_000 }),
            quantity: fc.integer({ min: 1, max: 12 }),
            category: fc.constantFrom("men", "women"),
            brand: fc.constantFrom("nike", "puma"),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.option(fc.integer({ min: 1, max: 100 })),
        fc.boolean(),
        fc.integer({ min: 0, max: 30_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 12 }),
        (cart, percentOff, pricesIncludeTax, rate, shippingCents, steps) => {
          const settings: CostSettings = {
            pricesIncludeTax,
            taxRates: { GB: rate },
            otherTaxRate: 0,
            zones: [
              {
                name: "UK",
                everywhereElse: false,
                countries: ["GB"],
                methods: [{ id: "standard", name: "Standard", priceCents: shippingCents, freeAboveCents: null, estimate: "" }],
              },
            ],
          };
          const discount = percentOff === null ? null : { type: "percent" as const, value: percentOff, categories: [], brands: [] };
          const result = orderTotals({ lines: cart, discount, country: "GB", methodId: null, settings });
          if (!result.ok) throw new Error(result.message);
          const totals = result.totals;
          let refunded = 0;
          totals.lines.forEach((line, i) => {
            const paid = {
              totalCents: line.totalCents,
              discountCents: line.discountCents,
              taxAddedCents: totals.taxIncluded ? 0 : line.taxCents,
              quantity: cart[i]!.quantity,
            };
            let units = 0;
            for (const step of steps) {
              const take = Math.min(step, paid.quantity - units);
              const back = paidForUnits(paid, units, take);
              expect(back).toBeGreaterThanOrEqual(0);
              refunded += back;
              units += take;
            }
            refunded += paidForUnits(paid, units, paid.quantity - units);
          });
          // The shipping as an owner's refund of it gives it back: with its tax when prices exclude it.
          refunded += totals.shippingCents + (totals.taxIncluded ? 0 : totals.shippingTaxCents);
          expect(refunded).toBe(totals.totalCents);
        },
      ),
    );
  });

  it("adds a line's tax when prices exclude it, spread over its units", () => {
    // 3 units at $10.00, $2.00 off, 10 % tax on $28.00 added: $30.80 in all.
    const line = { totalCents: 3000, discountCents: 200, taxAddedCents: 280, quantity: 3 };
    expect([paidForUnits(line, 0, 1), paidForUnits(line, 1, 1), paidForUnits(line, 2, 1)]).toEqual([1027, 1026, 1027]);
    expect(paidForUnits(line, 0, 3)).toBe(3080);
  });

  it("gives one unit of three its share, rounded", () => {
    expect(paidForUnits({ totalCents: 1200, discountCents: 200, quantity: 3 }, 0, 1)).toBe(333);
    expect(paidForUnits({ totalCents: 1200, discountCents: 200, quantity: 3 }, 1, 1)).toBe(334);
    expect(paidForUnits({ totalCents: 1200, discountCents: 200, quantity: 3 }, 2, 1)).toBe(333);
  });
});

describe("discountRefusal", () => {
  const base: DiscountRule = {
    code: "SUMMER25",
    type: "percent",
    value: 25,
    minSubtotalCents: 5000,
    startsAt: "2026-06-01T00:00:00.000Z",
    endsAt: "2026-09-01T00:00:00.000Z",
    usageLimit: 100,
    oncePerCustomer: true,
    categories: ["women"],
    brands: [],
    active: true,
    taken: 10,
  };
  const cart = {
    at: "2026-07-01T12:00:00.000Z",
    subtotalCents: 6000,
    lines: [{ totalCents: 6000, category: "women", brand: "nike" }],
    usedByYou: false,
  };

  it("says why, in the order a shopper wants to know", () => {
    expect(discountRefusal(base, cart)).toBeNull();
    expect(discountRefusal(null, cart)).toBe(DISCOUNT_UNKNOWN);
    expect(discountRefusal({ ...base, active: false }, cart)).toBe(DISCOUNT_UNKNOWN);
    expect(discountRefusal(base, { ...cart, at: "2026-05-31T23:59:59.999Z" })).toBe(DISCOUNT_NOT_STARTED);
    expect(discountRefusal(base, { ...cart, at: "2026-09-01T00:00:00.000Z" })).toBe(DISCOUNT_EXPIRED);
    expect(discountRefusal({ ...base, taken: 100 }, cart)).toBe(DISCOUNT_USED_UP);
    expect(discountRefusal(base, { ...cart, usedByYou: true })).toBe(DISCOUNT_ALREADY_USED);
    expect(discountRefusal({ ...base, oncePerCustomer: false }, { ...cart, usedByYou: true })).toBeNull();
    expect(discountRefusal(base, { ...cart, subtotalCents: 4250 })).toBe("Add $7.50 more to your cart to use this code.");
    expect(discountRefusal(base, { ...cart, lines: [{ totalCents: 6000, category: "men", brand: "nike" }] })).toBe(
      DISCOUNT_NOT_FOR_THESE_ITEMS,
    );
  });
});
