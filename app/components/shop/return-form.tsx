import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form, Link, useLocation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { ErrorList, TextareaField } from "~/components/ui/field";
import { inputClass } from "~/components/ui/input-class";
import { useSchemaForm, type FormResult } from "~/lib/form";
import { formatDate, type ReturnOptions } from "~/lib/orders";
import { ReturnSchema } from "~/lib/schemas/orders";
import { useInViewOnArrival } from "~/lib/use-in-view-on-arrival";
import { withParam } from "~/lib/url";
import { lineName, variantLabel } from "~/lib/variants";

/**
 * "Return items" (`&return=new` on a delivered order): for each line how many to send back and
 * whether for the money or another size or colour of the same product, and why. Checked by
 * ReturnSchema here and by the action (quantities, the period and the exchange are the server's).
 */
export function ReturnForm({
  orderId,
  choices,
  lastResult,
}: {
  orderId: string;
  choices: ReturnOptions;
  lastResult: FormResult | undefined;
}) {
  const location = useLocation();
  const [form, fields] = useSchemaForm(ReturnSchema, {
    id: `return-${orderId}`,
    lastResult,
    defaultValue: { items: choices.lines.map((line) => ({ variantId: line.variantId, quantity: "0", exchangeVariantId: "" })) },
  });
  const items = fields.items.getFieldList();
  // Opened from the foot of the details: in view, the focus on the first "How many".
  const ref = useInViewOnArrival<HTMLFormElement>("select");
  return (
    <Form
      ref={ref}
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      aria-labelledby="return-title"
      className="scroll-mt-4 space-y-3 rounded-md border border-gray-300 p-3 print:hidden"
    >
      <input type="hidden" name="intent" value="return" />
      <input type="hidden" name="orderId" value={orderId} />
      <h3 id="return-title" className="font-semibold">
        Return items
      </h3>
      <p className="text-sm text-gray-600">
        Until {formatDate(choices.deadline)}. Choose how many of each to send back and whether you want your money back or another size or
        colour.
      </p>
      {choices.lines.map((line, i) => {
        const field = items[i]!.getFieldset();
        return (
          <fieldset key={line.variantId} className="space-y-2 rounded-md bg-gray-50 p-2 text-sm">
            <legend className="font-medium">{lineName(line.title, line.size, line.color)}</legend>
            <input {...getInputProps(field.variantId, { type: "hidden" })} />
            <div className="flex flex-wrap items-center gap-2">
              <label htmlFor={field.quantity.id}>How many (up to {line.max})</label>
              <select {...getSelectProps(field.quantity)} className="rounded-md border border-gray-300 bg-white px-2 py-1">
                {Array.from({ length: line.max + 1 }, (_, n) => (
                  <option key={n} value={String(n)}>
                    {n}
                  </option>
                ))}
              </select>
              <ErrorList id={field.quantity.errorId} errors={field.quantity.errors} />
            </div>
            <div className="space-y-1">
              <label htmlFor={field.exchangeVariantId.id} className="block">
                Instead
              </label>
              <select {...getSelectProps(field.exchangeVariantId)} className={inputClass}>
                <option value="">My money back</option>
                {line.exchanges.map((other) => (
                  <option key={other.variantId} value={other.variantId}>
                    Exchange for {variantLabel(other.size, other.color) || "another"}
                  </option>
                ))}
              </select>
              <ErrorList id={field.exchangeVariantId.errorId} errors={field.exchangeVariantId.errors} />
            </div>
          </fieldset>
        );
      })}
      <TextareaField label="Why are you returning them?" meta={fields.reason} rows={2} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit">Send return request</Button>
        <Link to={withParam(location, "return", null)} preventScrollReset className={buttonClass({ variant: "outline" })}>
          Not now
        </Link>
      </div>
    </Form>
  );
}
