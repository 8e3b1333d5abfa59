import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorList, InputField } from "~/components/ui/field";
import { useSchemaForm, type FormResult } from "~/lib/form";
import { formatMoney } from "~/lib/money";
import type { OrderWithOwner } from "~/lib/orders";
import { RefundSchema } from "~/lib/schemas";
import { lineName } from "~/lib/variants";
import { ReleaseUseChoice } from "./release-use-choice";

/** Units of each line (by variant) that no refund has covered yet. */
export function refundableUnits(order: OrderWithOwner): Map<string, number> {
  const left = new Map<string, number>();
  for (const item of order.items) if (item.variantId) left.set(item.variantId, (left.get(item.variantId) ?? 0) + item.quantity);
  const less = (variantId: string | null, quantity: number) => {
    if (variantId && left.has(variantId)) left.set(variantId, left.get(variantId)! - quantity);
  };
  for (const refund of order.refunds) if (refund.status !== "failed") for (const line of refund.items) less(line.variantId, line.quantity);
  // Units asked back in a return not decided yet, or exchanged, are the return's (returns.server.ts).
  for (const request of order.returns)
    for (const line of request.items)
      if (request.status === "requested" || line.outcome === "exchanged") less(line.variantId, line.quantity);
  return left;
}

/**
 * The admin's refund in the order dialog: units of chosen lines (at the prices paid) and/or an
 * amount, "put back in stock" ticked, and a reason. Checked by RefundSchema here and by the action;
 * what PayPal and the order allow is the server's to say (refunds.server.ts).
 */
export function RefundForm({ order, lastResult }: { order: OrderWithOwner; lastResult: FormResult | undefined }) {
  const units = refundableUnits(order);
  const lines = order.items.filter((item) => item.variantId && (units.get(item.variantId) ?? 0) > 0);
  const [form, fields] = useSchemaForm(RefundSchema, {
    id: `refund-${order.id}`,
    lastResult,
    defaultValue: { items: lines.map((item) => ({ variantId: item.variantId!, quantity: "0" })), restock: "on" },
  });
  const left = order.totalCents - order.refundedCents;
  if (order.paymentMethod === "none" && order.totalCents === 0)
    return (
      <p className="rounded-md bg-gray-50 p-3 text-sm print:hidden">
        Its discount code paid for all of this order, so there is no money to refund. Rejecting it puts its items back in stock.
      </p>
    );
  if (left <= 0) return <p className="rounded-md bg-gray-50 p-3 text-sm print:hidden">This order is refunded in full.</p>;
  const itemFields = fields.items.getFieldList();
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-3 rounded-md border border-gray-200 p-3 print:hidden">
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="orderId" value={order.id} />
      <h3 className="font-semibold">Refund</h3>
      <p className="text-sm text-gray-600">
        Up to {formatMoney(left)} can still be refunded through PayPal. Choose items (refunded at the price paid), an amount, or both (the
        amount is what is refunded).
      </p>
      {lines.length ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Items to refund</legend>
          {lines.map((item, i) => {
            const field = itemFields[i]!.getFieldset();
            const max = units.get(item.variantId!) ?? 0;
            return (
              <div key={item.variantId} className="flex items-center justify-between gap-3 text-sm">
                <input {...getInputProps(field.variantId, { type: "hidden" })} />
                <label htmlFor={field.quantity.id} className="min-w-0 flex-1">
                  {lineName(item.title, item.size, item.color)}{" "}
                  <span className="text-gray-600">
                    (
                    {item.discountCents
                      ? `${formatMoney(item.unitPriceCents * item.quantity - item.discountCents)} paid for ${item.quantity} after the discount`
                      : `${formatMoney(item.unitPriceCents)} each`}
                    , up to {max})
                  </span>
                </label>
                <input
                  {...getInputProps(field.quantity, { type: "number" })}
                  min={0}
                  max={max}
                  className="w-20 rounded-md border border-gray-300 px-2 py-1"
                />
                <ErrorList id={field.quantity.errorId} errors={field.quantity.errors} />
              </div>
            );
          })}
        </fieldset>
      ) : null}
      <InputField label="Amount in dollars (optional)" meta={fields.amount} type="text" inputMode="decimal" placeholder="e.g. 12.50" />
      <div className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.restock, { type: "checkbox" })} className="h-4 w-4" />
        <label htmlFor={fields.restock.id}>Put the refunded items back in stock</label>
      </div>
      {order.discountCode ? (
        <ReleaseUseChoice id={fields.releaseDiscountUse.id} name={fields.releaseDiscountUse.name} code={order.discountCode} />
      ) : null}
      <InputField label="Reason" meta={fields.reason} type="text" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Button type="submit">Refund</Button>
    </Form>
  );
}
