import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { createContext, useContext, type ReactNode } from "react";
import { ErrorList, inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { COUNTRIES } from "~/lib/countries";
import type { useSchemaForm } from "~/lib/form";
import type { SettingsFormSchema } from "~/lib/settings-form";

// Pieces of the owner's settings page (routes/admin/settings.tsx), shared by its sections.

/** The settings form (useSchemaForm of SettingsFormSchema): its metadata and its fields. */
type SettingsForm = ReturnType<typeof useSchemaForm<typeof SettingsFormSchema>>;
export type SettingsFormMeta = SettingsForm[0];
export type SettingsFields = SettingsForm[1];

/**
 * The name of the field whose error comes first in the page, after a refused Save: without
 * JavaScript the form is sent to `#first-error`, so the answer opens at that error (issue 48).
 */
export const FirstErrorContext = createContext<string | null>(null);
export const FIRST_ERROR_ID = "first-error";

/** Where the page opens after a refused Save, when `name` is the field of the first error. */
export function FirstErrorMark({ name }: { name: string }) {
  return useContext(FirstErrorContext) === name ? <span id={FIRST_ERROR_ID} className="block scroll-mt-4" /> : null;
}

/** Errors with what they are about in front ("Zone 2 (Europe): …"), unless they say it already. */
export function prefixed(errors: string[] | undefined, prefix: string | undefined): string[] | undefined {
  if (!prefix || !errors) return errors;
  // "Zone 2": a message naming its zone already ("France is in two zones: zone 1 … and zone 2 …") stays as it is.
  const what = new RegExp(`\\b${prefix.split(" ").slice(0, 2).join(" ")}\\b`, "i");
  return errors.map((e) => (what.test(e) ? e : `${prefix}: ${e}`));
}

/** A section of the form, in a card: a fieldset whose legend is the section's heading. */
export function SettingsSection({ id, title, hint, children }: { id?: string; title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div id={id} className="scroll-mt-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6">
      <fieldset className="min-w-0 space-y-4">
        <legend className="p-0">
          <h2 className="text-lg font-bold">{title}</h2>
        </legend>
        {hint ? <p className="text-sm text-gray-600">{hint}</p> : null}
        {children}
      </fieldset>
    </div>
  );
}

/** A control with its label above and its errors below (the control is given its id by conform). */
export function Labelled({
  meta,
  label,
  hint,
  className,
  errorPrefix,
  children,
}: {
  meta: FieldMetadata<unknown>;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  /** What its errors are about, when the label alone does not say (a zone's method). */
  errorPrefix?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("min-w-0 space-y-1", className)}>
      <FirstErrorMark name={meta.name} />
      <label htmlFor={meta.id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${meta.id}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={prefixed(meta.errors, errorPrefix)} />
    </div>
  );
}

/** A select of every country by name; `placeholder` adds an empty first choice. */
export function CountrySelect({ meta, placeholder }: { meta: FieldMetadata<unknown>; placeholder?: string }) {
  return (
    <select {...getSelectProps(meta)} className={inputClass}>
      {placeholder ? <option value="">{placeholder}</option> : null}
      {COUNTRIES.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </select>
  );
}

/** The text of a field's value as the form has it now. */
export const textOf = (value: unknown) => (typeof value === "string" ? value : "");
