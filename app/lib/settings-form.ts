import * as z from "zod/mini";
import { regionCountries } from "./regions";
import { SettingsSchema, type ShopSettings } from "./settings";

// The settings page's form (/admin/settings): every setting, as the browser sends it (text, a
// ticked box's "on", a list of ticked countries), read into SettingsSchema's values and checked by
// SettingsSchema itself, so the page and PUT /api/admin/settings refuse the same things with the
// same messages, at the same paths (conform shows each beside its field).

type Text = string | undefined;
export type MethodRow = { id?: Text; name?: Text; price?: Text; freeAbove?: Text; estimate?: Text };
export type ZoneRow = {
  name?: Text;
  everywhereElse?: Text;
  countries?: string | string[];
  /** Regions ticked without JavaScript (lib/regions.ts): their countries are added on save. */
  regions?: string | string[];
  methods?: MethodRow[];
};
export type TaxRateRow = { country?: Text; rate?: Text };

/** The form's fields, named as SettingsSchema's (conform types its fields from this). */
type SettingsForm = {
  publicCatalogue?: Text;
  shopName?: Text;
  contactEmail?: Text;
  shopAddress?: Text;
  country?: Text;
  pricesIncludeTax?: Text;
  taxRates?: TaxRateRow[];
  otherTaxRate?: Text;
  shippingZones?: ZoneRow[];
  guestCheckout?: Text;
  cartReminders?: Text;
  cartReminderHours?: Text;
};

/** What "Add method", "Add zone" and "Add tax rate" put in the form. */
export const NEW_METHOD: MethodRow = { id: "", name: "", price: "", freeAbove: "", estimate: "" };
export const NEW_ZONE: ZoneRow = { name: "", everywhereElse: "false", countries: [], methods: [NEW_METHOD] };
export const NEW_TAX_RATE: TaxRateRow = { country: "", rate: "" };

type Raw = Record<string, unknown>;
const record = (value: unknown): Raw => (value && typeof value === "object" && !Array.isArray(value) ? (value as Raw) : {});
const rows = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * A number typed in plain decimal notation ("4.95", "0", "12."); anything else stays as it came,
 * for the schema to refuse in its own words ("… must be a number"). An empty field is undefined.
 */
function decimal(value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (value.trim() === "") return undefined;
  return /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(value) ? Number(value) : value;
}

/** A radio pair's "true" or "false"; anything else stays as it came (and is refused). */
const yesNo = (value: unknown) => (value === "true" ? true : value === "false" ? false : value);

/** A checkbox sends "on" when ticked and nothing when not. */
const ticked = (value: unknown) => (value === "on" ? true : value === undefined || value === "" ? false : value);

/** An optional amount: empty is none (null). */
const optionalAmount = (value: unknown) => (value === undefined || value === "" ? null : decimal(value));

/** The form's values as SettingsSchema reads them. */
function fromForm(form: unknown) {
  const f = record(form);
  return {
    publicCatalogue: ticked(f.publicCatalogue),
    shopName: f.shopName ?? "",
    contactEmail: f.contactEmail ?? "",
    shopAddress: f.shopAddress ?? "",
    country: f.country ?? "",
    pricesIncludeTax: yesNo(f.pricesIncludeTax),
    taxRates: rows(f.taxRates).map((row) => {
      const r = record(row);
      return { country: r.country ?? "", rate: decimal(r.rate) };
    }),
    // An empty rate for everywhere else is no tax there.
    otherTaxRate: f.otherTaxRate === undefined || f.otherTaxRate === "" ? 0 : decimal(f.otherTaxRate),
    shippingZones: rows(f.shippingZones).map((row) => {
      const zone = record(row);
      const everywhereElse = yesNo(zone.everywhereElse ?? "false");
      const list = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
      const ticked = list(zone.countries);
      // A ticked region adds its countries, each once, after those ticked one by one.
      const added = list(zone.regions).flatMap((region): unknown[] =>
        typeof region === "string" ? [...regionCountries(region)] : [region],
      );
      const countries = [...new Set([...ticked, ...added])];
      return {
        name: zone.name ?? "",
        everywhereElse,
        // The countries ticked before the owner chose "everywhere else" are not meant any more.
        countries: everywhereElse === true ? [] : countries,
        methods: rows(zone.methods).map((m) => {
          const method = record(m);
          return {
            id: method.id === "" ? undefined : method.id,
            name: method.name ?? "",
            price: decimal(method.price),
            freeAbove: optionalAmount(method.freeAbove),
            estimate: method.estimate ?? "",
          };
        }),
      };
    }),
    guestCheckout: ticked(f.guestCheckout),
    cartReminders: ticked(f.cartReminders),
    // A form without the field (one made before issue 51) leaves it out of the change, so the stored
    // value stays; an emptied one is refused.
    // (An emptied field reads as NaN here, not as a missing one: "must be a number".)
    ...(f.cartReminderHours === undefined ? {} : { cartReminderHours: decimal(f.cartReminderHours) ?? Number.NaN }),
  };
}

/** The settings page's form, read and checked: its value is every setting, as SettingsSchema has it. */
export const SettingsFormSchema = z.pipe(
  z.transform((form: SettingsForm): unknown => fromForm(form)),
  // Every setting, except the hours before a cart reminder: a form without that field keeps it.
  z.extend(SettingsSchema, { cartReminderHours: z.optional(SettingsSchema.shape.cartReminderHours) }),
);

/** An amount as the form shows it: "4.95", "5.00". */
const amountText = (value: number) => value.toFixed(2);

/** What the form starts with: the saved settings as the form would send them. */
export function settingsFormValues(settings: ShopSettings): SettingsForm {
  return {
    publicCatalogue: settings.publicCatalogue ? "on" : undefined,
    shopName: settings.shopName,
    contactEmail: settings.contactEmail,
    shopAddress: settings.shopAddress,
    country: settings.country,
    pricesIncludeTax: String(settings.pricesIncludeTax),
    taxRates: settings.taxRates.map((rate) => ({ country: rate.country, rate: String(rate.rate) })),
    otherTaxRate: String(settings.otherTaxRate),
    shippingZones: settings.shippingZones.map((zone) => ({
      name: zone.name,
      everywhereElse: String(zone.everywhereElse),
      countries: zone.countries,
      methods: zone.methods.map((method) => ({
        id: method.id ?? "",
        name: method.name,
        price: amountText(method.price),
        freeAbove: method.freeAbove === null ? "" : amountText(method.freeAbove),
        estimate: method.estimate,
      })),
    })),
    guestCheckout: settings.guestCheckout ? "on" : undefined,
    cartReminders: settings.cartReminders ? "on" : undefined,
    cartReminderHours: String(settings.cartReminderHours),
  };
}
