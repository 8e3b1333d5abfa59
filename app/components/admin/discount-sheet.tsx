import { getCollectionProps, getFormProps, getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Form, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorList, InputField, inputClass } from "~/components/ui/field";
import { CloseLink, Modal } from "~/components/ui/modal";
import type { Choice } from "~/lib/catalogue-choices";
import { toUtcInputValue, type DiscountCode } from "~/lib/discounts/codes";
import { useSchemaForm, type FormResult } from "~/lib/form";
import { centsToAmount } from "~/lib/money";
import { DiscountSchema } from "~/lib/schemas/discounts";
import { withParam } from "~/lib/url";

/**
 * The discount code form in a sheet (`?discount=new` or `?discount=<id>`): code, kind and value,
 * minimum, period (UTC), total uses, once per customer, the owner's categories and brands, status. Checked by
 * DiscountSchema in the browser (with JavaScript) and by the action.
 */
export function DiscountSheet({
  discount,
  choices,
  lastResult,
}: {
  discount: DiscountCode | null;
  /** The owner's categories and brands (the page's loader reads them from the catalogue). */
  choices: { categories: Choice[]; brands: Choice[] };
  lastResult: FormResult | undefined;
}) {
  const location = useLocation();
  const closeHref = withParam(location, "discount", null);
  const [form, fields] = useSchemaForm(DiscountSchema, {
    id: `discount-${discount?.id ?? "new"}`,
    lastResult,
    defaultValue: discount
      ? {
          code: discount.code,
          type: discount.type,
          value: String(discount.type === "percent" ? discount.value : centsToAmount(discount.value)),
          minSubtotal: discount.minSubtotalCents ? String(centsToAmount(discount.minSubtotalCents)) : "",
          startsAt: toUtcInputValue(discount.startsAt),
          endsAt: toUtcInputValue(discount.endsAt),
          usageLimit: discount.usageLimit === null ? "" : String(discount.usageLimit),
          oncePerCustomer: discount.oncePerCustomer ? "on" : undefined,
          categories: discount.categories,
          brands: discount.brands,
          active: String(discount.active),
        }
      : { type: "percent", active: "true" },
  });
  return (
    <Modal
      closeHref={closeHref}
      labelledBy="discount-sheet-title"
      className="inset-y-0 left-auto right-0 m-0 h-full max-h-none w-full max-w-lg overflow-y-auto"
    >
      <div className="relative p-5">
        <CloseLink to={closeHref} label="Close discount form" />
        <h2 id="discount-sheet-title" className="mb-4 pr-10 text-xl font-bold">
          {discount ? `Edit ${discount.code}` : "Add Discount Code"}
        </h2>
        <Form method="post" {...getFormProps(form)} preventScrollReset className="space-y-4">
          <input type="hidden" name="intent" value="save" />
          {discount ? <input type="hidden" name="id" value={discount.id} /> : null}
          <InputField
            label="Code"
            meta={fields.code}
            type="text"
            placeholder="e.g. WELCOME10"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            className="[&_input]:uppercase"
          />
          <p className="-mt-3 text-xs text-gray-600">Letters and digits, 3 to 32. Shoppers may type it in any case.</p>
          <div className="grid grid-cols-2 gap-3">
            <div className="space-y-1">
              <label htmlFor={fields.type.id} className="block text-sm font-medium text-gray-800">
                Kind
              </label>
              <select {...getSelectProps(fields.type)} className={inputClass}>
                <option value="percent">Percent off</option>
                <option value="fixed">Amount off ($)</option>
              </select>
              <ErrorList id={fields.type.errorId} errors={fields.type.errors} />
            </div>
            <InputField label="Value" meta={fields.value} type="text" inputMode="decimal" placeholder="10 or 5.00" />
          </div>
          <p className="-mt-3 text-xs text-gray-600">A whole percent from 1 to 100, or dollars off the order.</p>
          <div className="grid grid-cols-2 gap-3">
            <InputField label="Minimum subtotal ($)" meta={fields.minSubtotal} type="text" inputMode="decimal" placeholder="None" />
            <InputField label="Total uses" meta={fields.usageLimit} type="text" inputMode="numeric" placeholder="Unlimited" />
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-gray-800">Period (times in UTC; empty: no limit)</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <DateTimeField label="Starts (UTC)" meta={fields.startsAt} />
              <DateTimeField label="Ends (UTC)" meta={fields.endsAt} />
            </div>
          </fieldset>
          <div className="flex items-center gap-2 text-sm">
            <input {...getInputProps(fields.oncePerCustomer, { type: "checkbox" })} className="h-4 w-4" />
            <label htmlFor={fields.oncePerCustomer.id}>Once per customer</label>
          </div>
          <Choices legend="Only for categories (none ticked: all)" meta={fields.categories} options={choices.categories} />
          <Choices legend="Only for brands (none ticked: all)" meta={fields.brands} options={choices.brands} />
          <div className="space-y-1">
            <label htmlFor={fields.active.id} className="block text-sm font-medium text-gray-800">
              Status
            </label>
            <select {...getSelectProps(fields.active)} className={inputClass}>
              <option value="true">Active: shoppers can use it</option>
              <option value="false">Disabled</option>
            </select>
            <ErrorList id={fields.active.errorId} errors={fields.active.errors} />
          </div>
          <ErrorList id={form.errorId} errors={form.errors} />
          <Button type="submit" className="w-full">
            {discount ? "Save Changes" : "Add Code"}
          </Button>
        </Form>
      </div>
    </Modal>
  );
}

function DateTimeField({ label, meta }: { label: string; meta: FieldMetadata<unknown> }) {
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={meta.id} className="block text-sm text-gray-800">
        {label}
      </label>
      <input {...getInputProps(meta, { type: "datetime-local" })} className={inputClass} />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** Checkboxes of some ids of a list (categories or brands), with the field's errors under them. */
function Choices({
  legend,
  meta,
  options,
}: {
  legend: string;
  meta: FieldMetadata<unknown>;
  options: ReadonlyArray<{ id: string; label: string }>;
}) {
  const boxes = getCollectionProps(meta, { type: "checkbox", options: options.map((o) => o.id) });
  return (
    <fieldset className="space-y-2" aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
      <legend className="text-sm font-medium text-gray-800">{legend}</legend>
      <div className="grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-3">
        {boxes.map(({ key, ...props }, i) => (
          <div key={key} className="flex items-center gap-2 text-sm">
            <input {...props} required={false} aria-describedby={undefined} className="h-4 w-4" />
            <label htmlFor={props.id}>{options[i]!.label}</label>
          </div>
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}
