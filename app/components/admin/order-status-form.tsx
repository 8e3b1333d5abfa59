import { getFormProps, getSelectProps } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { inputClass } from "~/components/ui/input-class";
import { ADMIN_ORDER_STATUSES } from "~/lib/constants";
import { useSchemaForm } from "~/lib/form";
import { orderStatusLabel } from "~/lib/orders";
import { OrderStatusSchema } from "~/lib/schemas";

/**
 * The admin's status change in the order dialog (SPEC section 3), checked by OrderStatusSchema in
 * the browser; the action refuses a tampered value with a toast (admin/orders.tsx).
 */
export function OrderStatusForm({ orderId, status }: { orderId: string; status: string }) {
  const [form, fields] = useSchemaForm(OrderStatusSchema, {
    id: `order-status-${orderId}`,
    defaultValue: { orderStatus: status },
  });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="flex flex-wrap items-end gap-2 print:hidden">
      <input type="hidden" name="orderId" value={orderId} />
      <div className="flex-1 space-y-1">
        <label htmlFor={fields.orderStatus.id} className="block text-sm font-medium">
          Order Status
        </label>
        <select {...getSelectProps(fields.orderStatus)} key={status} className={inputClass}>
          {ADMIN_ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {orderStatusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit">Update Order Status</Button>
      <ErrorList id={fields.orderStatus.errorId} errors={fields.orderStatus.errors} />
    </Form>
  );
}
