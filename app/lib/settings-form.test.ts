import { describe, expect, it } from "vitest";
import { parseFormWith } from "./form-checks";
import { SettingsSchema } from "./settings";
import { SettingsFormSchema, settingsFormValues } from "./settings-form";

// The settings page's form read into the settings (lib/settings-form.ts), as its action and the
// browser's checks read it.

const form = (fields: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};

const SHOP: Array<[string, string]> = [
  ["shopName", "Corner Shop"],
  ["contactEmail", "orders@corner.example"],
  ["shopAddress", "1 High Street\r\nLeeds"],
  ["country", "GB"],
  ["pricesIncludeTax", "true"],
  ["otherTaxRate", ""],
];

describe("the settings form", () => {
  it("reads the page's text into every setting", () => {
    const submission = parseFormWith(
      form([
        ...SHOP,
        ["publicCatalogue", "on"],
        ["taxRates[0].country", "DE"],
        ["taxRates[0].rate", "19"],
        ["shippingZones[0].name", "Europe"],
        ["shippingZones[0].everywhereElse", "false"],
        ["shippingZones[0].countries", "FR"],
        ["shippingZones[0].methods[0].id", "standard-eu"],
        ["shippingZones[0].methods[0].name", "Standard"],
        ["shippingZones[0].methods[0].price", "4.95"],
        ["shippingZones[0].methods[0].freeAbove", "60"],
        ["shippingZones[0].methods[0].estimate", "3-5 days"],
        ["shippingZones[0].methods[1].id", ""],
        ["shippingZones[0].methods[1].name", "Express"],
        ["shippingZones[0].methods[1].price", "12"],
        ["shippingZones[0].methods[1].freeAbove", ""],
        ["shippingZones[0].methods[1].estimate", ""],
        // Chose "everywhere else" after ticking a country: the box no longer counts.
        ["shippingZones[1].name", "World"],
        ["shippingZones[1].everywhereElse", "true"],
        ["shippingZones[1].countries", "US"],
        ["shippingZones[1].methods[0].name", "Airmail"],
        ["shippingZones[1].methods[0].price", "15"],
        ["guestCheckout", "on"],
        ["cartReminders", "on"],
        ["cartReminderHours", "12"],
      ]),
      SettingsFormSchema,
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      publicCatalogue: true,
      shopName: "Corner Shop",
      contactEmail: "orders@corner.example",
      shopAddress: "1 High Street\nLeeds",
      country: "GB",
      pricesIncludeTax: true,
      taxRates: [{ country: "DE", rate: 19 }],
      otherTaxRate: 0,
      shippingZones: [
        {
          name: "Europe",
          everywhereElse: false,
          countries: ["FR"],
          methods: [
            { id: "standard-eu", name: "Standard", price: 4.95, freeAbove: 60, estimate: "3-5 days" },
            { name: "Express", price: 12, freeAbove: null, estimate: "" },
          ],
        },
        { name: "World", everywhereElse: true, countries: [], methods: [{ name: "Airmail", price: 15, freeAbove: null, estimate: "" }] },
      ],
      guestCheckout: true,
      cartReminders: true,
      cartReminderHours: 12,
    });
  });

  it("shows the saved settings as the form sends them, and reads them back unchanged", () => {
    const settings = SettingsSchema.parse({
      publicCatalogue: false,
      shopName: "Corner Shop",
      contactEmail: "orders@corner.example",
      shopAddress: "",
      country: "GB",
      pricesIncludeTax: false,
      taxRates: [{ country: "US", rate: 8.875 }],
      otherTaxRate: 2.5,
      shippingZones: [
        { name: "Home", countries: ["GB", "IE"], methods: [{ id: "std", name: "Standard", price: 5, freeAbove: 49.99, estimate: "" }] },
      ],
      guestCheckout: false,
      cartReminders: false,
      cartReminderHours: 24,
    });
    const values = settingsFormValues(settings);
    expect(values.shippingZones![0]!.methods![0]).toEqual({ id: "std", name: "Standard", price: "5.00", freeAbove: "49.99", estimate: "" });
    const fields: Array<[string, string]> = [
      ["shopName", values.shopName!],
      ["contactEmail", values.contactEmail!],
      ["shopAddress", values.shopAddress!],
      ["country", values.country!],
      ["pricesIncludeTax", values.pricesIncludeTax!],
      ["otherTaxRate", values.otherTaxRate!],
      ["taxRates[0].country", "US"],
      ["taxRates[0].rate", values.taxRates![0]!.rate!],
      ["shippingZones[0].name", "Home"],
      ["shippingZones[0].everywhereElse", values.shippingZones![0]!.everywhereElse!],
      ["shippingZones[0].countries", "GB"],
      ["shippingZones[0].countries", "IE"],
      ["cartReminderHours", values.cartReminderHours!],
      ...Object.entries(values.shippingZones![0]!.methods![0]!).map(([key, value]): [string, string] => [
        `shippingZones[0].methods[0].${key}`,
        value ?? "",
      ]),
    ];
    const submission = parseFormWith(form(fields), SettingsFormSchema);
    expect(submission.status === "success" && submission.value).toEqual(settings);
  });

  it("puts each refusal beside its field, in the settings' own words", () => {
    const submission = parseFormWith(
      form([
        ...SHOP.filter(([name]) => name !== "otherTaxRate"),
        ["otherTaxRate", "abc"],
        ["taxRates[0].country", ""],
        ["taxRates[0].rate", "7"],
        ["shippingZones[0].name", "Europe"],
        ["shippingZones[0].methods[0].name", "Standard"],
        ["shippingZones[0].methods[0].price", "-5"],
        ["cartReminderHours", "169"],
      ]),
      SettingsFormSchema,
    );
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toEqual({
      otherTaxRate: ["The rate for everywhere else must be a number"],
      "taxRates[0].country": ["A tax rate's country is required"],
      "shippingZones[0].countries": ["Choose the zone's countries, or make it the zone for everywhere else"],
      "shippingZones[0].methods[0].price": ["The method's price must be 0 or more"],
      cartReminderHours: ["The hours before a reminder must be between 1 and 168"],
    });
  });

  it("refuses hours before a cart reminder that are not a whole number from 1 to 168", () => {
    const hours = (value: string) => {
      const submission = parseFormWith(form([...SHOP, ["cartReminders", "on"], ["cartReminderHours", value]]), SettingsFormSchema);
      return submission.status === "error"
        ? submission.error?.cartReminderHours
        : submission.status === "success" && submission.value.cartReminderHours;
    };
    expect(hours("0")).toEqual(["The hours before a reminder must be between 1 and 168"]);
    expect(hours("2.5")).toEqual(["The hours before a reminder must be a whole number"]);
    expect(hours("")).toEqual(["The hours before a reminder must be a number"]);
    expect(hours("1")).toBe(1);
    expect(hours("168")).toBe(168);
  });

  it("leaves the hours before a cart reminder out of the change when the form has no such field", () => {
    // A page opened before the field existed: saving it must not put the stored hours back to 4.
    const submission = parseFormWith(form([...SHOP, ["cartReminders", "on"]]), SettingsFormSchema);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).not.toHaveProperty("cartReminderHours");
    expect(submission.status === "success" && submission.value.cartReminders).toBe(true);
  });

  it("answers 'Add zone' with the form and one zone more, checking nothing it would save", () => {
    const intent = JSON.stringify({ type: "insert", payload: { name: "shippingZones", defaultValue: { name: "" } } });
    const submission = parseFormWith(form([...SHOP, ["__intent__", intent]]), SettingsFormSchema);
    // No status: the page shows the form again; the action saves only a submission that succeeded.
    expect(submission.status).toBeUndefined();
    expect(submission.payload).toMatchObject({ shippingZones: [{ name: "" }] });
  });

  it("adds a ticked region's countries on save (the page without JavaScript), each once", () => {
    const zone = (regions: string[]) =>
      parseFormWith(
        form([
          ...SHOP,
          ["shippingZones[0].name", "Europe"],
          ["shippingZones[0].everywhereElse", "false"],
          ["shippingZones[0].countries", "FR"],
          ["shippingZones[0].countries", "NO"],
          ...regions.map((r): [string, string] => ["shippingZones[0].regions", r]),
          ["shippingZones[0].methods[0].name", "Standard"],
          ["shippingZones[0].methods[0].price", "4.95"],
        ]),
        SettingsFormSchema,
      );
    const eu = zone(["EU"]);
    expect(eu.status).toBe("success");
    const countries = eu.status === "success" ? eu.value.shippingZones[0]!.countries : [];
    expect(countries).toHaveLength(28);
    expect(countries.slice(0, 2)).toEqual(["FR", "NO"]);
    expect(countries).toEqual(expect.arrayContaining(["DE", "IE", "SE", "HR"]));
    expect(countries).not.toContain("GB");
    const both = zone(["EU", "NORTH-AMERICA"]);
    expect(both.status === "success" && both.value.shippingZones[0]!.countries).toEqual(expect.arrayContaining(["US", "CA", "MX", "DE"]));
    // A region the page never offers is refused, not dropped.
    expect(zone(["ATLANTIS"]).status).toBe("error");
  });
});
