import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorList, InputField } from "~/components/ui/field";
import { useSchemaForm, type FormResult } from "~/lib/form";
import { formatMoney } from "~/lib/money";
import type { OrderWithOwner } from "~/lib/orders";
import type { RefundFigures } from "~/lib/refund-figures";
import { RefundSchema } from "~/lib/schemas/orders";
import { lineName } from "~/lib/variants";
import { ReleaseUseChoice } from "./release-use-choice";

/**
 * The admin's refund in the order dialog: units of chosen lines (at the prices paid, with their tax
 * when prices exclude it) and/or an amount, "put back in stock" ticked, and a reason; and, when the
 * order's shipping is not refunded yet, a button that gives it back (issue 41). Checked by
 * RefundSchema here and by the action; what PayPal and the order allow is the server's to say
 * (refunds.server.ts). Every amount shown comes from the server (`figures`, refundFigures).
 */
export function RefundForm({
  order,
  figures,
  lastResult,
}: {
  order: OrderWithOwner;
  figures: RefundFigures;
  lastResult: FormResult | undefined;
}) {
  const units = new Map(figures.lines.map((line) => [line.variantId, line]));
  const lines = order.items.filter((item) => item.variantId && units.has(item.variantId));
  const [form, fields] = useSchemaForm(RefundSchema, {
    id: `refund-${order.id}`,
    lastResult,
    defaultValue: { items: lines.map((item) => ({ variantId: item.variantId!, quantity: "0" })), restock: "on" },
  });
  const left = figures.leftCents;
  if (order.paymentMethod === "none" && order.totalCents === 0)
    return (
      <p className="rounded-md bg-gray-50 p-3 text-sm print:hidden">
        Its discount code paid for all of this order, so there is no money to refund. Rejecting it puts its items back in stock.
      </p>
    );
  if (left <= 0) return <p className="rounded-md bg-gray-50 p-3 text-sm print:hidden">This order is refunded in full.</p>;
  const itemFields = fields.items.getFieldList();
  return (
    <div className="space-y-3 print:hidden">
      {figures.shippingCents > 0 ? <RefundShipping orderId={order.id} cents={figures.shippingCents} /> : null}
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-3 rounded-md border border-gray-200 p-3">
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
              const figure = units.get(item.variantId!)!;
              const max = figure.unitsLeft;
              const taxAdded = !order.taxIncluded && item.taxCents > 0;
              return (
                <div key={item.variantId} className="flex items-center justify-between gap-3 text-sm">
                  <input {...getInputProps(field.variantId, { type: "hidden" })} />
                  <label htmlFor={field.quantity.id} className="min-w-0 flex-1">
                    {lineName(item.title, item.size, item.color)}{" "}
                    <span className="text-gray-600">
                      (
                      {item.discountCents || taxAdded
                        ? `${formatMoney(figure.paidCents)} paid for ${item.quantity}${item.discountCents ? " after the discount" : ""}${taxAdded ? " with tax" : ""}`
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
    </div>
  );
}

/** The order's shipping given back on its own: one button, a plain POST (the action toasts the result). */
function RefundShipping({ orderId, cents }: { orderId: string; cents: number }) {
  return (
    <Form
      method="post"
      preventScrollReset
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-gray-200 p-3"
    >
      <input type="hidden" name="intent" value="refund-shipping" />
      <input type="hidden" name="orderId" value={orderId} />
      <p className="text-sm text-gray-600">The shipping has not been refunded.</p>
      <Button type="submit" variant="outline">
        Refund shipping ({formatMoney(cents)})
      </Button>
    </Form>
  );
}
