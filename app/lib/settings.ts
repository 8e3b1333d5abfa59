import * as z from "zod/mini";
import { countryName, isCountryCode } from "./countries";

// The owner's shop settings (DESIGN, Settings): one schema for the settings page's form and for
// PUT /api/admin/settings. Money is in dollars with at most two decimals, as everywhere in JSON;
// tax rates are percentages with at most three decimals (8.875). What a shop that never saved a
// setting gets is in settings.server.ts (the environment's first-start defaults): no zones (free
// delivery everywhere) and no tax, the specification's behaviour.

const country = (what: string) =>
  z.string({ error: `${what} must be a country code` }).check(
    z.trim(),
    z.toUpperCase(),
    // A select left on "Choose a country" sends "": one message, not also the code's.
    z.minLength(1, { error: `${what} is required`, abort: true }),
    z.refine((v) => isCountryCode(v), `${what} must be a two-letter country code (ISO 3166-1), such as US or GB`),
  );

const decimals = (v: number, places: number) => Math.abs(Math.round(v * 10 ** places) - v * 10 ** places) < 1e-6;

const amount = (what: string) =>
  z.number({ error: `${what} must be a number` }).check(
    z.refine((v) => Number.isFinite(v) && v >= 0, `${what} must be 0 or more`),
    z.refine((v) => v <= 100_000, `${what} must be at most 100000`),
    z.refine((v) => decimals(v, 2), `${what} can have at most two decimals`),
  );

const rate = (what: string) =>
  z.number({ error: `${what} must be a number` }).check(
    z.refine((v) => Number.isFinite(v) && v >= 0 && v <= 100, `${what} must be between 0 and 100`),
    z.refine((v) => decimals(v, 3), `${what} can have at most three decimals`),
  );

const text = (what: string, max: number, min = 1) =>
  z.string({ error: `${what} is required` }).check(
    z.trim(),
    z.minLength(min, `${what} is required`),
    z.maxLength(max, `${what} must be at most ${max} characters`),
    z.refine((v) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(v), `${what} contains invalid characters`),
  );

/** Text of several lines (an address): line breaks are kept, written as \n; no other control character. */
const lines = (what: string, max: number) =>
  z.string({ error: `${what} must be text` }).check(
    z.overwrite((v) => v.replace(/\r\n?/g, "\n").trim()),
    z.maxLength(max, `${what} must be at most ${max} characters`),
    z.refine((v) => !/(?!\n)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(v), `${what} contains invalid characters`),
  );

/** A way to deliver within a zone: "Standard", $4.95, free above $50, "3-5 business days". */
export const ShippingMethodSchema = z.object({
  /** Stable, so a checkout's choice survives the owner's later edits; given when missing. */
  id: z.optional(z.string().check(z.regex(/^[a-z0-9-]{1,40}$/, "A method's id is lowercase letters, digits and hyphens"))),
  name: text("The method's name", 40),
  price: amount("The method's price"),
  /** The subtotal after discounts from which this method is free; null: never free. */
  freeAbove: z.nullable(amount("Free above")),
  estimate: z._default(text("The delivery estimate", 60, 0), ""),
});

/** A set of countries (or every country no other zone names) and how the shop delivers there. */
export const ShippingZoneSchema = z
  .object({
    name: text("The zone's name", 40),
    /** true: every country no other zone names ("everywhere else"); `countries` is then empty. */
    everywhereElse: z._default(z.boolean({ error: "everywhereElse must be true or false" }), false),
    countries: z._default(z.array(country("A zone's country")).check(z.maxLength(249)), []),
    methods: z
      .array(ShippingMethodSchema)
      .check(z.minLength(1, "A zone needs at least one method"), z.maxLength(10, "A zone has at most 10 methods")),
  })
  .check(
    z.refine((zone) => zone.everywhereElse || zone.countries.length > 0, {
      message: "Choose the zone's countries, or make it the zone for everywhere else",
      path: ["countries"],
    }),
    // Its countries would be zoned twice (by name and as everywhere else): say which one is meant.
    z.refine((zone) => !zone.everywhereElse || zone.countries.length === 0, {
      message: "The zone for everywhere else names no countries",
      path: ["countries"],
    }),
    z.refine((zone) => new Set(zone.methods.map((m) => m.name.toLowerCase())).size === zone.methods.length, {
      message: "Two methods of a zone have the same name",
      path: ["methods"],
    }),
  );
export type ShippingZoneSetting = z.infer<typeof ShippingZoneSchema>;

export const TaxRateSchema = z.object({ country: country("A tax rate's country"), rate: rate("The tax rate") });

/** Hours after a cart's last change before its reminder (issue 51): whole hours, up to a week. */
export const CART_REMINDER_HOURS = { min: 1, max: 168, default: 4 } as const;

/** Every setting. A new shop starts with the specification's behaviour (settings.server.ts). */
export const SettingsSchema = z.object({
  /** "Visitors can browse without an account": off keeps SPEC's sign-in wall. */
  publicCatalogue: z.boolean({ error: "publicCatalogue must be true or false" }),
  /** What the header, titles, PayPal, receipts and e-mails call the shop. */
  shopName: text("The shop's name", 60),
  /** The shop's own address: shown to shoppers, and where the owner hears of what needs them. */
  contactEmail: z.pipe(
    z.string({ error: "The contact e-mail is required" }).check(z.trim(), z.minLength(1, "The contact e-mail is required")),
    z.email("Please enter a valid email address"),
  ),
  /** The shop's postal address, printed on receipts (may be empty). */
  shopAddress: lines("The shop's address", 300),
  /** Where the shop is: addresses saved without a country are in it. */
  country: country("The shop's country"),
  /** true: prices are entered with tax in them (VAT, the European habit); false: tax is added at checkout. */
  pricesIncludeTax: z.boolean({ error: "pricesIncludeTax must be true or false" }),
  /** The rate of each country the shop names; one country at most once. */
  taxRates: z.array(TaxRateSchema).check(
    z.maxLength(249),
    z.refine((rates) => new Set(rates.map((r) => r.country)).size === rates.length, "A country has at most one tax rate"),
  ),
  /** The rate everywhere else (0: no tax). */
  otherTaxRate: rate("The rate for everywhere else"),
  /**
   * "Shoppers can check out without an account" (issue 51): off keeps SPEC's sign-in before
   * checkout; on, a visitor of an open shop pays with an e-mail and an address.
   */
  guestCheckout: z.boolean({ error: "guestCheckout must be true or false" }),
  /** "Remind shoppers of a cart left behind" (issue 51): one e-mail per cart, off by default. */
  cartReminders: z.boolean({ error: "cartReminders must be true or false" }),
  /** After how many hours without a change a cart is reminded. */
  cartReminderHours: z.number({ error: "The hours before a reminder must be a number" }).check(
    z.refine((v) => Number.isInteger(v), "The hours before a reminder must be a whole number"),
    z.refine(
      (v) => v >= CART_REMINDER_HOURS.min && v <= CART_REMINDER_HOURS.max,
      `The hours before a reminder must be between ${CART_REMINDER_HOURS.min} and ${CART_REMINDER_HOURS.max}`,
    ),
  ),
  /** No zone: free delivery everywhere (the specification's behaviour). */
  shippingZones: z.array(ShippingZoneSchema).check(
    z.maxLength(50, "At most 50 zones"),
    z.refine((zones) => zones.filter((zone) => zone.everywhereElse).length <= 1, "Only one zone can be for everywhere else"),
    // At the second zone's countries, naming the country and both zones (issue 48: the owner must
    // find it on a long page).
    z.superRefine((zones, ctx) => {
      const twice = twiceZoned(zones);
      if (!twice) return;
      const zoneName = (i: number) => `zone ${i + 1}${zones[i]!.name ? ` (${zones[i]!.name})` : ""}`;
      ctx.addIssue({
        code: "custom",
        input: zones,
        path: [twice.second, "countries"],
        message:
          twice.first === twice.second
            ? `${countryName(twice.code)} is named twice in ${zoneName(twice.first)}`
            : `${countryName(twice.code)} is in two zones: ${zoneName(twice.first)} and ${zoneName(twice.second)}. Untick it in one of them.`,
      });
    }),
    // A shopper's choice names its method by id: two methods with one id would be the same choice.
    z.refine((zones) => {
      const ids = zones.flatMap((zone) => zone.methods.flatMap((method) => (method.id ? [method.id] : [])));
      return new Set(ids).size === ids.length;
    }, "Two shipping methods have the same id"),
  ),
});
export type ShopSettings = z.infer<typeof SettingsSchema>;

/** A country two zones name, if any, and the two zones (their places in the list). */
function twiceZoned(zones: Array<Pick<ShippingZoneSetting, "countries">>): { code: string; first: number; second: number } | null {
  const seen = new Map<string, number>();
  for (const [index, zone] of zones.entries()) {
    for (const code of zone.countries) {
      const first = seen.get(code);
      if (first !== undefined) return { code, first, second: index };
      seen.set(code, index);
    }
  }
  return null;
}

/** A change from the settings page or /api: any of the settings, each checked; nothing unknown. */
export const SettingsChangeSchema = z.strictObject(z.partial(SettingsSchema).shape);
export type SettingsChange = z.infer<typeof SettingsChangeSchema>;

export const SETTINGS_SAVED = "Settings saved";
