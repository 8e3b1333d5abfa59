import { getCollectionProps, getFormProps, getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { data, Form, useNavigation } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import {
  CountrySelect,
  FIRST_ERROR_ID,
  FirstErrorContext,
  FirstErrorMark,
  Labelled,
  SettingsSection,
} from "~/components/admin/settings-parts";
import { UnsavedChangesPrompt } from "~/components/ui/unsaved-changes";
import { useHydrated } from "~/lib/use-hydrated";
import { ShippingZones } from "~/components/admin/shipping-zones";
import { TaxRates } from "~/components/admin/tax-rates";
import { Button } from "~/components/ui/button";
import { ErrorList, inputClass } from "~/components/ui/field";
import { useSchemaForm, type FormResult } from "~/lib/form";
import { CART_REMINDER_HOURS, SETTINGS_SAVED, type ShopSettings } from "~/lib/settings";
import { SettingsFormSchema, settingsFormValues } from "~/lib/settings-form";
import { pageTitle } from "~/lib/shop-name";
import { saveSettings, shopSettings } from "~/server/settings/settings.server";
import { parseFormWith, readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/settings";

// The owner's shop settings (issue 40; issue 41 adds the shop's details, tax and shipping): one
// form of sections, every setting saved together, so no section's Save can reset another's. The
// admin layout's middleware has already let only an admin in. The form's schema reads its text
// into SettingsSchema's values (lib/settings-form.ts), the schema PUT /api/admin/settings uses.

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Settings · Admin", matches) }];

export async function loader() {
  return { settings: await shopSettings() };
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseFormWith(await readForm(request), SettingsFormSchema);
  // "Add zone", "Remove" and the others without JavaScript (conform's list intents: no status):
  // the form again, one row more or less, everything typed kept, nothing saved.
  if (submission.status === undefined) return data(submission.reply(), { status: 200 });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await saveSettings(submission.value);
  return redirectWithSuccess("/admin/settings", SETTINGS_SAVED);
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  // Saved settings remount the form, so it shows what is stored (also what another admin saved).
  return <SettingsForm key={JSON.stringify(settings)} settings={settings} lastResult={actionData} />;
}

function SettingsForm({ settings, lastResult }: { settings: ShopSettings; lastResult: FormResult | undefined }) {
  const [form, fields] = useSchemaForm(SettingsFormSchema, {
    id: "shop-settings",
    lastResult,
    defaultValue: settingsFormValues(settings),
    validateOn: "onSubmit",
  });
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const saving = navigation.state === "submitting";
  return (
    <FirstErrorContext.Provider value={firstErrorOf(lastResult)}>
      <div className="max-w-4xl space-y-6">
        <UnsavedChangesPrompt dirty={form.dirty && !saving} what="the settings" />
        <div className="space-y-1">
          <h1 className="text-2xl font-extrabold">Settings</h1>
          <p className="text-sm text-gray-600">How your shop works for shoppers. A change reaches every page within a few seconds.</p>
        </div>
        {/* Without JavaScript a refused Save's answer opens at its first error (the mark FirstErrorMark leaves). */}
        <Form
          method="post"
          action={hydrated ? undefined : `/admin/settings#${FIRST_ERROR_ID}`}
          {...getFormProps(form)}
          className="space-y-6"
        >
          {/* The first submit button is the one Enter presses: Save, not an "Add" or "Remove" further down. */}
          <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" />

          <SettingsSection title="Your shop" hint="What shoppers, e-mails, receipts and PayPal's page call your shop, and where it is.">
            <div className="grid gap-4 sm:grid-cols-2">
              <Labelled meta={fields.shopName} label="Shop name">
                <input {...getInputProps(fields.shopName, { type: "text" })} autoComplete="organization" className={inputClass} />
              </Labelled>
              <Labelled
                meta={fields.contactEmail}
                label="Contact e-mail"
                hint="Shown to shoppers; the shop's notices to you (returns to receive) go here."
              >
                <input
                  {...getInputProps(fields.contactEmail, { type: "email" })}
                  aria-describedby={describedBy(fields.contactEmail, true)}
                  autoComplete="email"
                  className={inputClass}
                />
              </Labelled>
              <Labelled meta={fields.shopAddress} label="Shop address" hint="Printed on receipts. Optional.">
                <textarea
                  {...getTextareaProps(fields.shopAddress)}
                  aria-describedby={describedBy(fields.shopAddress, true)}
                  rows={3}
                  autoComplete="street-address"
                  className={inputClass}
                />
              </Labelled>
              <Labelled meta={fields.country} label="Country" hint="Where your shop is. Addresses saved without a country are in it.">
                <CountrySelect meta={fields.country} />
              </Labelled>
            </div>
          </SettingsSection>

          <SettingsSection
            title="Tax"
            hint="Each order is taxed at the rate of the country it goes to: the country's own rate below, or the rate for everywhere else."
          >
            <PricesIncludeTax meta={fields.pricesIncludeTax} />
            <TaxRates form={form} rates={fields.taxRates} />
            <Labelled
              meta={fields.otherTaxRate}
              label="Rate everywhere else (%)"
              hint="For every country without a rate of its own. 0: no tax there."
              className="max-w-xs"
            >
              <input
                {...getInputProps(fields.otherTaxRate, { type: "text" })}
                aria-describedby={describedBy(fields.otherTaxRate, true)}
                inputMode="decimal"
                className={inputClass}
              />
            </Labelled>
          </SettingsSection>

          <SettingsSection
            title="Shipping"
            hint="A zone is a set of countries you deliver to the same way; one zone may be for everywhere else. A shopper picks one of their zone's methods at checkout. Without zones, delivery is free everywhere; with them, countries no zone covers get no delivery."
          >
            <ShippingZones form={form} zones={fields.shippingZones} />
          </SettingsSection>

          <SettingsSection id="shop-window" title="Shop window">
            <CheckboxSetting label="Visitors can browse without an account" meta={fields.publicCatalogue}>
              Visitors see the home page, the listing, search and product pages, and can fill a cart, without signing in; checkout still
              asks them to sign in or register. Search engines may then index your catalogue. Off: every shop page asks visitors to sign in
              first.
            </CheckboxSetting>
            <CheckboxSetting label="Shoppers can check out without an account" meta={fields.guestCheckout}>
              With the shop open to visitors, checkout also asks a visitor for an e-mail address and a shipping address and lets them pay as
              a guest; signing in and creating an account stay offered beside it. Their order&apos;s e-mails link to its page, and the
              orders join an account later opened or signed in with that address, once its holder confirms it.
            </CheckboxSetting>
          </SettingsSection>

          <SettingsSection id="cart-reminders" title="Cart reminders">
            <CheckboxSetting label="Remind shoppers of a cart left behind" meta={fields.cartReminders}>
              A signed-in shopper whose cart has items and no order after the hours below gets one e-mail with the cart and a link back to
              it; so does a guest who gave an e-mail at checkout and asked for a reminder. Never twice for one cart, never after an order,
              never to a blocked or closed account; every e-mail has a link to stop them.
            </CheckboxSetting>
            <Labelled
              meta={fields.cartReminderHours}
              label="Hours before the reminder"
              hint={`After the cart's last change: ${CART_REMINDER_HOURS.min} to ${CART_REMINDER_HOURS.max} (a week).`}
              className="max-w-xs"
            >
              <input
                {...getInputProps(fields.cartReminderHours, { type: "text" })}
                aria-describedby={describedBy(fields.cartReminderHours, true)}
                inputMode="numeric"
                className={inputClass}
              />
            </Labelled>
          </SettingsSection>

          <ErrorList id={form.errorId} errors={form.errors} />
          <div className="sticky bottom-0 -mx-4 flex items-center gap-3 border-t border-gray-200 bg-gray-50/95 px-4 py-3 sm:-mx-6 sm:px-6">
            <Button type="submit" className="shrink-0" disabled={saving}>
              {saving ? "Saving..." : "Save"}
            </Button>
            {/* The field that needs a correction may be far from Save: say so here. */}
            {form.status === "error" && Object.keys(form.allErrors).length ? (
              <p className="text-sm font-medium text-red-700">Not saved: correct the settings marked in red.</p>
            ) : null}
          </div>
        </Form>
      </div>
    </FirstErrorContext.Provider>
  );
}

/** The settings in the order the page shows them, for finding the first error. */
const PAGE_ORDER = [
  "shopName",
  "contactEmail",
  "shopAddress",
  "country",
  "pricesIncludeTax",
  "taxRates",
  "otherTaxRate",
  "shippingZones",
  "publicCatalogue",
  "guestCheckout",
  "cartReminders",
  "cartReminderHours",
];

/** The field of a refused Save's first error in the page (null when the Save was not refused). */
function firstErrorOf(result: FormResult | undefined): string | null {
  if (result?.status !== "error" || !result.error) return null;
  const names = Object.entries(result.error)
    .filter(([, errors]) => errors?.length)
    .map(([name]) => name);
  const place = (name: string) => {
    const at = PAGE_ORDER.indexOf(name.split(/[.[]/)[0]!);
    return at < 0 ? PAGE_ORDER.length : at;
  };
  return names.map((name, i) => ({ name, i })).sort((a, b) => place(a.name) - place(b.name) || a.i - b.i)[0]?.name ?? null;
}

/** The ids a control is described by: its hint (when it has one) and its errors (when it has any). */
function describedBy(meta: FieldMetadata<unknown>, hint: boolean): string | undefined {
  return [hint ? `${meta.id}-hint` : null, meta.errors?.length ? meta.errorId : null].filter(Boolean).join(" ") || undefined;
}

/** Whether the prices the owner enters have the tax in them: two radios. */
function PricesIncludeTax({ meta }: { meta: FieldMetadata<unknown> }) {
  const choices = getCollectionProps(meta, { type: "radio", options: ["true", "false"] });
  const words: Record<string, { label: string; hint: string }> = {
    true: { label: "Prices include tax", hint: "What a product costs is what the shopper pays; the order shows the tax inside it." },
    false: { label: "Prices exclude tax (added at checkout)", hint: "The tax is added to the order's total at checkout." },
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-gray-800">Your prices</legend>
      <FirstErrorMark name={meta.name} />
      {choices.map(({ key, ...props }) => (
        <div key={key} className="flex gap-3">
          <input {...props} aria-describedby={`${props.id}-hint`} className="mt-0.5 h-4 w-4 shrink-0 accent-gray-900" />
          <div className="min-w-0">
            <label htmlFor={props.id} className="block text-sm font-medium text-gray-900">
              {words[props.value]!.label}
            </label>
            <p id={`${props.id}-hint`} className="text-xs text-gray-600">
              {words[props.value]!.hint}
            </p>
          </div>
        </div>
      ))}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

/** An on/off setting: the box, its label, what it does (read by screen readers with the box), its errors. */
function CheckboxSetting({ label, meta, children }: { label: string; meta: FieldMetadata<unknown>; children: ReactNode }) {
  const hintId = `${meta.id}-hint`;
  return (
    <div className="flex gap-3">
      <input
        {...getInputProps(meta, { type: "checkbox" })}
        required={false}
        aria-describedby={describedBy(meta, true)}
        className="mt-0.5 h-5 w-5 shrink-0 accent-gray-900"
      />
      <div className="min-w-0 space-y-1">
        <FirstErrorMark name={meta.name} />
        <label htmlFor={meta.id} className="block font-medium text-gray-900">
          {label}
        </label>
        <p id={hintId} className="text-sm text-gray-600">
          {children}
        </p>
        <ErrorList id={meta.errorId} errors={meta.errors} />
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
