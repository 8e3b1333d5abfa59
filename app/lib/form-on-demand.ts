import { parse, useForm, type Submission } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import type { $ZodType, output } from "zod/v4/core";
import type { FormResult, Values } from "./form";

/** A form's constraints per field (required, lengths...), as getZodConstraint gives them. */
export type Constraints = ReturnType<typeof getZodConstraint>;

/** A form's check: its schema's parseWithZod, as app/lib/form-checks.ts exports them. */
export type FormCheck<Schema extends $ZodType> = (formData: FormData) => Submission<Values<Schema>, string[], output<Schema>>;

/**
 * useSchemaForm (form.ts) for a form that shows as soon as its page opens (sign-in, register, the
 * dashboard's banner URL): the same conform form, but the schema's check (zod, the schemas,
 * conform's zod adapter) loads when the visitor first reaches the form (focus or pointer), not with
 * the page. The constraints come from the route's loader (`getZodConstraint` on the server), so
 * the controls carry them from the first render. Until the check has loaded a form goes to the
 * server, which checks it with the same schema.
 */
export function useSchemaFormOnDemand<Schema extends $ZodType>(
  loadCheck: () => Promise<FormCheck<Schema>>,
  options: {
    id: string;
    constraint: Constraints;
    lastResult?: FormResult | null;
    defaultValue?: Partial<Record<keyof Values<Schema>, unknown>>;
  },
) {
  // The check is read through a ref, so its arrival does not render the form again: in a test,
  // that render lost a password typed before the page had hydrated.
  const checkRef = useRef<FormCheck<Schema>>(undefined);
  const [form, fields] = useForm<Values<Schema>, output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: options.constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Before the check has loaded, nothing is reported and the form goes to the server as it is.
    onValidate: ({ formData }) =>
      checkRef.current?.(formData) ?? (parse(formData, { resolve: () => ({ value: {} }) }) as ReturnType<FormCheck<Schema>>),
  });
  useEffect(() => {
    const element = document.getElementById(options.id);
    if (!element || checkRef.current) return;
    const load = () => {
      loadCheck()
        .then((loaded) => {
          checkRef.current = loaded;
          // Said on the form for tests and tools, outside React (no render).
          element.dataset.checked = "true";
        })
        .catch(() => {}); // offline: the server checks the form when it is sent
    };
    element.addEventListener("focusin", load, { once: true });
    element.addEventListener("pointerenter", load, { once: true });
    return () => {
      element.removeEventListener("focusin", load);
      element.removeEventListener("pointerenter", load);
    };
  }, [options.id, loadCheck]);
  return [form, fields] as const;
}
