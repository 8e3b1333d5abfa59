import { describe, expect, it } from "vitest";
import { costNotes } from "./notes";
import { deliveryCountries, deliversTo, type CostSettings, type ShippingZone } from "./totals";

// The table of decision 0062: what a price and the cart say of tax and shipping, for each way the
// owner may have set them.

const zone = (priceCents: number, countries = ["US"]): ShippingZone => ({
  name: "Domestic",
  everywhereElse: false,
  countries,
  methods: [{ id: "standard", name: "Standard", priceCents, freeAboveCents: 5000, estimate: "" }],
});
const settings = (over: Partial<CostSettings>): CostSettings => ({
  pricesIncludeTax: false,
  taxRates: {},
  otherTaxRate: 0,
  zones: [],
  ...over,
});

describe("costNotes", () => {
  it.each([
    ["nothing set (the specification's shop)", {}, null, null],
    ["free zones only", { zones: [zone(0)] }, null, null],
    ["prices include tax, nothing to ship for", { pricesIncludeTax: true, taxRates: { GB: 20_000 } }, "Tax included.", "Tax included."],
    [
      "prices include tax, shipping charged",
      { pricesIncludeTax: true, otherTaxRate: 20_000, zones: [zone(495)] },
      "Tax included. Shipping calculated at checkout.",
      "Tax included.",
    ],
    ["tax added, free shipping", { taxRates: { US: 8875 } }, "Taxes calculated at checkout.", "Taxes calculated at checkout."],
    [
      "tax added, shipping charged",
      { taxRates: { US: 8875 }, zones: [zone(495)] },
      "Taxes and shipping calculated at checkout.",
      "Taxes calculated at checkout.",
    ],
    ["no tax, shipping charged", { zones: [zone(495)] }, "Shipping calculated at checkout.", null],
    ["prices 'include' a tax of 0 everywhere", { pricesIncludeTax: true, taxRates: { US: 0 } }, null, null],
  ])("%s", (_, over, price, tax) => {
    expect(costNotes(settings(over))).toEqual({ price, tax });
  });
});

describe("the countries the shop delivers to", () => {
  it("are every country while no zone is set or one zone is for everywhere else, else the zones' own", () => {
    expect(deliveryCountries(settings({}))).toBeNull();
    expect(deliversTo(settings({}), "FR")).toBe(true);
    const zoned = settings({ zones: [zone(495, ["US", "CA"]), zone(0, ["GB"])] });
    expect(deliveryCountries(zoned)).toEqual(["US", "CA", "GB"]);
    expect(deliversTo(zoned, "GB")).toBe(true);
    expect(deliversTo(zoned, "FR")).toBe(false);
    const everywhere = settings({ zones: [zone(495), { ...zone(900, []), everywhereElse: true }] });
    expect(deliveryCountries(everywhere)).toBeNull();
    expect(deliversTo(everywhere, "FR")).toBe(true);
  });
});
