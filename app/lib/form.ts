import { useId } from "react";
// Type only: conform and zod validate on the server (route actions); none of their code reaches the browser.
import type { SubmissionResult } from "@conform-to/react";

/**
 * Form fields without a client-side validation library. The route action validates with the zod
 * schema and answers a refusal with conform's `submission.reply()` (status 400); this reads that
 * reply to put each error next to its field and to keep the entered values, with or without
 * JavaScript. Field ids follow conform's pattern, so labels and aria links stay as they were.
 */
export type FormResult = SubmissionResult<string[]>;

export type FieldMeta = {
  id: string;
  name: string;
  errorId: string;
  required: boolean;
  /** What the field shows on render: the value sent with a refused submission, else the default. */
  initialValue: string | undefined;
  errors: string[] | undefined;
};

export type FormMeta = { id: string; errorId: string; errors: string[] | undefined };

/** Which fields a form has and whether each is required (the `required` attribute). */
export type FieldSpec<Name extends string> = Readonly<Record<Name, { required: boolean }>>;

function errorsOf(result: FormResult | null | undefined, name: string): string[] | undefined {
  const errors = result?.error?.[name];
  return errors && errors.length ? errors : undefined;
}

function valueOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && typeof value[0] === "string") return value[0];
  return undefined;
}

export function useServerForm<Name extends string>({
  id,
  fields,
  lastResult,
  defaultValue,
}: {
  id?: string;
  fields: FieldSpec<Name>;
  lastResult?: FormResult | null;
  defaultValue?: Partial<Record<Name, string>>;
}): [FormMeta, Record<Name, FieldMeta>] {
  const generated = useId();
  const formId = id ?? `form-${generated.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  // A reply carries what was sent (minus hidden fields such as passwords): show that, not the defaults.
  const sent = lastResult?.initialValue ?? null;
  const meta = {} as Record<Name, FieldMeta>;
  for (const name of Object.keys(fields) as Name[]) {
    const fieldId = `${formId}-field-${name}`;
    meta[name] = {
      id: fieldId,
      name,
      errorId: `${fieldId}-error`,
      required: fields[name].required,
      initialValue: sent ? valueOf(sent[name]) : defaultValue?.[name],
      errors: errorsOf(lastResult, name),
    };
  }
  return [{ id: formId, errorId: `${formId}-error`, errors: errorsOf(lastResult, "") }, meta];
}

/** `id` and `noValidate` (the server says what is wrong, next to each field, in the page's words). */
export function formProps(form: FormMeta) {
  return { id: form.id, noValidate: true, "aria-describedby": form.errors ? form.errorId : undefined };
}

/** id, name, required, default value and the aria links to the field's errors. */
export function controlProps(field: FieldMeta) {
  const invalid = !!field.errors;
  return {
    id: field.id,
    name: field.name,
    required: field.required || undefined,
    defaultValue: field.initialValue,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? field.errorId : undefined,
  };
}
