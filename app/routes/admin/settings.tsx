import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { data, Form } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import * as z from "zod/mini";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { useSchemaForm, type FormResult } from "~/lib/form";
import { SETTINGS_SAVED, SettingsSchema, type ShopSettings } from "~/lib/settings";
import { pageTitle } from "~/lib/shop-name";
import { saveSettings, shopSettings } from "~/server/settings/settings.server";
import { parseFormWith, readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/settings";

// The owner's shop settings (issue 40; issue 41 adds the shop's details, tax and shipping): one
// form of sections, saved together. The admin layout's middleware has already let only an admin in.

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Settings · Admin", matches) }];

/**
 * A checkbox sends "on" when ticked and nothing when not: read as the setting's boolean, then
 * checked by the setting's own schema (anything else sent is refused there).
 */
const checkbox = <Setting extends z.core.$ZodType<boolean, unknown>>(setting: Setting) =>
  z.pipe(
    z.transform((v: unknown): unknown => (v === "on" ? true : v === undefined || v === "" ? false : v)),
    setting,
  );

/** Every setting the form shows, read from the form's text into SettingsSchema's values. */
const SettingsFormSchema = z.object({
  publicCatalogue: checkbox(SettingsSchema.shape.publicCatalogue),
});

/** What the form starts with: the saved settings as the form would send them. */
const formValues = (settings: ShopSettings) => ({
  publicCatalogue: settings.publicCatalogue ? "on" : undefined,
});

export async function loader() {
  return { settings: await shopSettings() };
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseFormWith(await readForm(request), SettingsFormSchema);
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
  const [form, fields] = useSchemaForm(SettingsFormSchema, { id: "shop-settings", lastResult, defaultValue: formValues(settings) });
  return (
    <div className="max-w-3xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-extrabold">Settings</h1>
        <p className="text-sm text-gray-600">How your shop works for shoppers. A change reaches every page within a few seconds.</p>
      </div>
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <SettingsSection id="shop-window" title="Shop window">
          <CheckboxSetting label="Visitors can browse without an account" meta={fields.publicCatalogue}>
            Visitors see the home page, the listing, search and product pages, and can fill a cart, without signing in; checkout still asks
            them to sign in or register. Search engines may then index your catalogue. Off: every shop page asks visitors to sign in first.
          </CheckboxSetting>
        </SettingsSection>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" className="w-full sm:w-auto">
          Save
        </Button>
      </Form>
    </div>
  );
}

/** A titled card of related settings. */
function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An on/off setting: the box, its label, what it does (read by screen readers with the box), its errors. */
function CheckboxSetting({ label, meta, children }: { label: string; meta: FieldMetadata<unknown>; children: ReactNode }) {
  const hintId = `${meta.id}-hint`;
  const describedBy = [hintId, meta.errors?.length ? meta.errorId : null].filter(Boolean).join(" ");
  return (
    <div className="flex gap-3">
      <input
        {...getInputProps(meta, { type: "checkbox" })}
        aria-describedby={describedBy}
        className="mt-0.5 h-5 w-5 shrink-0 accent-gray-900"
      />
      <div className="min-w-0 space-y-1">
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
