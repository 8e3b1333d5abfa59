import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { $ZodType, input, output } from "zod/v4/core";
import { parseFormWith } from "./form-checks";

/** What an action answers for a refused form: conform's `submission.reply()`. */
export type FormResult = SubmissionResult<string[]>;

/** The values a schema reads from a form, as conform types its fields. */
export type Values<Schema extends $ZodType> = input<Schema> extends Record<string, unknown> ? input<Schema> : never;

/**
 * A form checked by its route's zod schema (app/lib/schemas/), through conform's `useForm`:
 * - the schema's constraints on each control (`required`, lengths), from `getZodConstraint`;
 * - with JavaScript, a field is checked when the shopper leaves it and again as they correct it,
 *   and a form with errors is not sent: the same schema and messages as the server's;
 * - the action's refusal (`submission.reply()`, also the only check without JavaScript) shown
 *   beside each field, with the values that were sent.
 * Ids and aria links come from conform (`getFormProps`, `getInputProps`); the form never leaves
 * checking to the browser (`noValidate`), so every message is the page's own words.
 */
export function useSchemaForm<Schema extends $ZodType>(
  schema: Schema,
  options: {
    id?: string;
    lastResult?: FormResult | null;
    defaultValue?: Partial<Record<keyof Values<Schema>, unknown>>;
    /**
     * "onSubmit": no check as a field is left, only on Save (then again as it is corrected). For a
     * long form of buttons (the settings' "Add zone"): a message appearing on leaving a field moves
     * the button under the pointer between press and release, and the click is lost (issue 48).
     */
    validateOn?: "onBlur" | "onSubmit";
  } = {},
) {
  return useForm<Values<Schema>, output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: options.validateOn ?? "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseFormWith(formData, schema),
  });
}
