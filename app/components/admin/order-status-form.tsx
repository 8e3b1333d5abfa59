import { getFormProps, getSelectProps } from "@conform-to/react";
import { Form, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorList, InputField } from "~/components/ui/field";
import { inputClass } from "~/components/ui/input-class";
import { ADMIN_ORDER_STATUSES } from "~/lib/constants";
import { useSchemaForm, type FormResult } from "~/lib/form";
import { orderStatusLabel } from "~/lib/orders";
import { OrderStatusSchema } from "~/lib/schemas/orders";
import { CARRIER_MAX, CARRIERS, PARCEL_FIELDS, TRACKING_MAX, type Parcel } from "~/lib/tracking";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The admin's status change in the order dialog (SPEC section 3), checked by OrderStatusSchema in
 * the browser; the action refuses a tampered value with a toast, and a move back that contradicts
 * what happened beside the menu (`lastResult`, admin/orders.tsx). The menu shows the order's
 * status: one the owner cannot pick (confirmed by the payment, cancelled by the shopper) as a
 * disabled first choice. The page keys this form by the status, so it starts again from the new
 * one after an update.
 *
 * With "In shipping" the owner may give the parcel's carrier (the common ones offered as they type)
 * and tracking number (issue 48). Without JavaScript both fields are always there, labelled for
 * "In shipping"; with it they show when that status is picked.
 */
export function OrderStatusForm({
  orderId,
  status,
  parcel = { carrier: "", trackingNumber: "" },
  lastResult,
}: {
  orderId: string;
  status: string;
  parcel?: Parcel;
  lastResult?: FormResult | null;
}) {
  const [form, fields] = useSchemaForm(OrderStatusSchema, {
    id: `order-status-${orderId}`,
    lastResult,
    defaultValue: { orderStatus: status, carrier: parcel.carrier, trackingNumber: parcel.trackingNumber },
  });
  const pickable = (ADMIN_ORDER_STATUSES as readonly string[]).includes(status);
  const location = useLocation();
  const hydrated = useHydrated();
  const shipping = !hydrated || (fields.orderStatus.value ?? status) === "inShipping";
  const carriers = `${form.id}-carriers`;
  return (
    // Without JavaScript the page that comes back opens at this form (its id as the fragment; a
    // redirect keeps it), so a refusal beside the menu is in view, not below the dialog's fold.
    <Form
      method="post"
      action={`${location.pathname}${location.search}#${form.id}`}
      preventScrollReset
      {...getFormProps(form)}
      className="flex flex-wrap items-end gap-2 print:hidden"
    >
      <input type="hidden" name="orderId" value={orderId} />
      <div className="flex-1 space-y-1">
        <label htmlFor={fields.orderStatus.id} className="block text-sm font-medium">
          Order Status
        </label>
        <select {...getSelectProps(fields.orderStatus)} autoComplete="off" className={inputClass}>
          {pickable ? null : (
            <option value={status} disabled>
              {orderStatusLabel(status)}
            </option>
          )}
          {ADMIN_ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {orderStatusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      {shipping ? (
        <fieldset className="grid w-full gap-2 sm:grid-cols-2">
          <legend className="mb-1 text-sm text-gray-700">
            With &ldquo;In shipping&rdquo;, optional: the parcel for the shopper to track
          </legend>
          <input type="hidden" name={PARCEL_FIELDS} value="1" />
          <InputField label="Carrier" meta={fields.carrier} type="text" list={carriers} maxLength={CARRIER_MAX} autoComplete="off" />
          <datalist id={carriers}>
            {CARRIERS.map((c) => (
              <option key={c.name} value={c.name} />
            ))}
          </datalist>
          <InputField label="Tracking number" meta={fields.trackingNumber} type="text" maxLength={TRACKING_MAX} autoComplete="off" />
        </fieldset>
      ) : null}
      <Button type="submit">Update Order Status</Button>
      <ErrorList id={fields.orderStatus.errorId} errors={fields.orderStatus.errors} />
    </Form>
  );
}
