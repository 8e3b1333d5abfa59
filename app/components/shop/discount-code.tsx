import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/field";
import type { FormResult } from "~/lib/form";
import { useSchemaFormOnDemand, type Constraints } from "~/lib/form-on-demand";
import type { ApplyDiscountSchema } from "~/lib/schemas/discounts";

const loadCheck = () => import("~/lib/form-checks").then((m) => m.checkApplyDiscount);

/** The code on the cart as the page shows it: what it takes off now, or why it takes nothing. */
export type AppliedCode = { code: string; cents: number; refusal: string | null };

/**
 * The checkout's discount code (issue 33): a form to apply one, or the code applied with Remove.
 * Both are plain forms posting to the page (intents `discount-apply`, `discount-remove`), so they
 * work without JavaScript; the page answers a refusal beside the field. With `formId`, they are no
 * forms of their own: the field and the buttons are that form's (a guest's checkout without
 * JavaScript, whose details are sent with the code and shown again), and the page's action sees
 * the button's intent beside the form's own.
 */
export function DiscountCode({
  applied,
  constraint,
  lastResult,
  formId,
}: {
  applied: AppliedCode | null;
  constraint: Constraints;
  lastResult: FormResult | undefined;
  formId?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && String(navigation.formData?.get("intent") ?? "").startsWith("discount-");
  if (applied) {
    return (
      <div className="space-y-1 rounded-md border border-gray-200 bg-gray-50 p-3" data-testid="applied-code">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm">
            Discount code <span className="font-semibold">{applied.code}</span>
          </p>
          <FormOf formId={formId}>
            <Button
              type="submit"
              form={formId}
              formNoValidate
              name="intent"
              value="discount-remove"
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={`Remove discount code ${applied.code}`}
            >
              Remove
            </Button>
          </FormOf>
        </div>
        {applied.refusal ? <p className="text-sm text-red-700">{applied.refusal}</p> : null}
      </div>
    );
  }
  return <ApplyForm constraint={constraint} lastResult={lastResult} busy={busy} formId={formId} />;
}

/** A form of its own, or (with `formId`) the controls alone, which are that form's. */
function FormOf({ formId, children }: { formId: string | undefined; children: ReactNode }) {
  return formId ? (
    <div>{children}</div>
  ) : (
    <Form method="post" preventScrollReset>
      {children}
    </Form>
  );
}

function ApplyForm({
  constraint,
  lastResult,
  busy,
  formId,
}: {
  constraint: Constraints;
  lastResult: FormResult | undefined;
  busy: boolean;
  formId: string | undefined;
}) {
  const [form, fields] = useSchemaFormOnDemand<typeof ApplyDiscountSchema>(loadCheck, { id: "discount-form", constraint, lastResult });
  if (formId) {
    return (
      <div className="flex items-start gap-2">
        <InputField
          label="Discount code"
          meta={fields.code}
          form={formId}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="Enter a code"
          className="flex-1"
        />
        <Button type="submit" form={formId} formNoValidate name="intent" value="discount-apply" variant="outline" className="mt-6">
          Apply
        </Button>
      </div>
    );
  }
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="flex items-start gap-2">
      <input type="hidden" name="intent" value="discount-apply" />
      <InputField
        label="Discount code"
        meta={fields.code}
        type="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="Enter a code"
        className="flex-1"
      />
      <Button type="submit" variant="outline" className="mt-6" disabled={busy}>
        Apply
      </Button>
    </Form>
  );
}
