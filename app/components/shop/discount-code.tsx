import { getFormProps } from "@conform-to/react";
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
 * work without JavaScript; the page answers a refusal beside the field.
 */
export function DiscountCode({
  applied,
  constraint,
  lastResult,
}: {
  applied: AppliedCode | null;
  constraint: Constraints;
  lastResult: FormResult | undefined;
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
          <Form method="post" preventScrollReset>
            <Button
              type="submit"
              name="intent"
              value="discount-remove"
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={`Remove discount code ${applied.code}`}
            >
              Remove
            </Button>
          </Form>
        </div>
        {applied.refusal ? <p className="text-sm text-red-700">{applied.refusal}</p> : null}
      </div>
    );
  }
  return <ApplyForm constraint={constraint} lastResult={lastResult} busy={busy} />;
}

function ApplyForm({ constraint, lastResult, busy }: { constraint: Constraints; lastResult: FormResult | undefined; busy: boolean }) {
  const [form, fields] = useSchemaFormOnDemand<typeof ApplyDiscountSchema>(loadCheck, { id: "discount-form", constraint, lastResult });
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
