import { data } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { countryName } from "~/lib/countries";
import { formatMoney } from "~/lib/money";
import { formatDateTime, orderNumberText, paymentMethodLabel, paymentStatusLabel, refundStatusLabel } from "~/lib/orders";
import { costRows } from "~/lib/receipt";
import { IdSchema } from "~/lib/schemas/fields";
import { pageTitle } from "~/lib/shop-name";
import { useHydrated } from "~/lib/use-hydrated";
import { lineName, variantLabel } from "~/lib/variants";
import { signedInUser } from "~/server/accounts/session.server";
import { getOrder } from "~/server/orders/orders.server";
import { shopSettings } from "~/server/settings/settings.server";
import type { Route } from "./+types/receipt";

// The shopper's printable receipt of one of their orders (docs/decisions/0056-receipts-and-numbers.md):
// the shop, the order, where it went, its lines and what it cost as it was charged, the payment and
// any refunds. Someone else's order, or no such order, is not found. The page is the receipt: the
// browser prints it as it is (the print stylesheet leaves out the shop's header and footer), with
// or without JavaScript; "Print" opens the print dialog where JavaScript runs.

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData ? `Receipt ${orderNumberText(loaderData.order)}` : "Receipt", matches) },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const id = IdSchema.safeParse(params.id);
  const [order, settings] = await Promise.all([id.success ? getOrder(id.data, user.id) : null, shopSettings()]);
  if (!order) throw data("Order not found", { status: 404 });
  return {
    shop: { name: settings.shopName, address: settings.shopAddress, email: settings.contactEmail },
    order,
  };
}

export default function Receipt({ loaderData }: Route.ComponentProps) {
  const { shop, order } = loaderData;
  const hydrated = useHydrated();
  const refunds = order.refunds.filter((r) => r.status !== "failed");
  const cell = "px-2 py-2 align-top";
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap gap-2 print:hidden">
        {hydrated ? <Button onClick={() => window.print()}>Print</Button> : null}
        <ButtonLink to={`/shop/account?order=${order.id}`} variant="outline">
          Back to the order
        </ButtonLink>
      </div>
      <article
        aria-labelledby="receipt-title"
        className="receipt-page space-y-6 rounded-lg border border-gray-200 p-4 sm:p-8 print:border-0 print:p-0"
      >
        <div className="flex flex-wrap items-start justify-between gap-x-8 gap-y-4">
          <div>
            <p className="text-xl font-bold">{shop.name}</p>
            {shop.address ? <p className="whitespace-pre-line text-sm text-gray-700">{shop.address}</p> : null}
            <p className="text-sm text-gray-700">{shop.email}</p>
          </div>
          <div className="text-sm sm:text-right">
            <h1 id="receipt-title" className="text-2xl font-extrabold">
              Receipt
            </h1>
            <p>
              Order <span className="font-semibold">{orderNumberText(order)}</span>
            </p>
            <p>
              <time dateTime={order.orderDate}>{formatDateTime(order.orderDate)}</time>
            </p>
          </div>
        </div>

        <section aria-labelledby="receipt-shipping" className="text-sm">
          <h2 id="receipt-shipping" className="mb-1 font-semibold">
            Shipped to
          </h2>
          <p>{order.user.userName}</p>
          <p className="break-words">{order.shipping.address}</p>
          <p>
            {order.shipping.city} {order.shipping.pincode}
          </p>
          {order.shipping.country ? <p>{countryName(order.shipping.country)}</p> : null}
          <p>{order.shipping.phone}</p>
          {order.shippingMethod ? (
            <p className="text-gray-700">
              {order.shippingMethod.name}
              {order.shippingMethod.estimate ? ` · ${order.shippingMethod.estimate}` : null}
            </p>
          ) : null}
        </section>

        <section aria-labelledby="receipt-items">
          <h2 id="receipt-items" className="sr-only">
            Items
          </h2>
          <table className="w-full border-collapse text-sm">
            <thead>
              <tr className="border-b border-gray-300 text-left">
                <th scope="col" className={cell}>
                  Item
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  Qty
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  Unit price
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item, i) => (
                <tr key={i} className="border-b border-gray-100">
                  <td className={`${cell} break-words`}>
                    <span className="block font-medium">{item.title}</span>
                    {variantLabel(item.size, item.color) ? (
                      <span className="block text-gray-600">{variantLabel(item.size, item.color)}</span>
                    ) : null}
                  </td>
                  <td className={`${cell} text-right`}>{item.quantity}</td>
                  <td className={`${cell} whitespace-nowrap text-right`}>{formatMoney(item.unitPriceCents)}</td>
                  <td className={`${cell} whitespace-nowrap text-right`}>{formatMoney(item.unitPriceCents * item.quantity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="ml-auto mt-3 max-w-xs space-y-1 px-2 text-sm">
            {costRows(order).map((row) => (
              <div
                key={row.key}
                className={
                  row.key === "total"
                    ? "flex justify-between gap-4 border-t border-gray-300 pt-1 text-base font-bold"
                    : "flex justify-between gap-4"
                }
              >
                <dt>{row.label}</dt>
                <dd className="whitespace-nowrap text-right">{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="receipt-payment" className="text-sm">
          <h2 id="receipt-payment" className="mb-1 font-semibold">
            Payment
          </h2>
          <dl className="space-y-1">
            <div className="flex flex-wrap justify-between gap-x-4">
              <dt>Method</dt>
              <dd>{paymentMethodLabel(order.paymentMethod)}</dd>
            </div>
            <div className="flex flex-wrap justify-between gap-x-4">
              <dt>Status</dt>
              <dd>{paymentStatusLabel(order.paymentStatus)}</dd>
            </div>
            {order.paymentId ? (
              <div className="flex flex-wrap justify-between gap-x-4">
                <dt>PayPal reference</dt>
                <dd className="break-all font-mono text-xs">{order.paymentId}</dd>
              </div>
            ) : null}
          </dl>
        </section>

        {refunds.length ? (
          <section aria-labelledby="receipt-refunds" className="text-sm">
            <h2 id="receipt-refunds" className="mb-1 font-semibold">
              Refunds
            </h2>
            <ul className="divide-y divide-gray-100">
              {refunds.map((refund) => (
                <li key={refund.id} className="py-1.5">
                  <p className="flex flex-wrap justify-between gap-x-4">
                    <span>
                      <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time> · {refund.reason}
                    </span>
                    <span className="whitespace-nowrap font-medium">
                      −{formatMoney(refund.amountCents)} ({refundStatusLabel(refund.status)})
                    </span>
                  </p>
                  {refund.items.length ? (
                    <p className="text-gray-600">
                      {refund.items.map((line) => `${line.quantity} × ${lineName(line.title, line.size, line.color)}`).join(", ")}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
            <dl className="ml-auto mt-2 max-w-xs space-y-1 px-2">
              <div className="flex justify-between gap-4">
                <dt>Refunded</dt>
                <dd className="whitespace-nowrap">{formatMoney(order.refundedCents)}</dd>
              </div>
              <div className="flex justify-between gap-4 font-bold">
                <dt>Net paid</dt>
                <dd className="whitespace-nowrap">{formatMoney(order.totalCents - order.refundedCents)}</dd>
              </div>
            </dl>
          </section>
        ) : null}

        <p className="text-sm text-gray-600">Questions about this order? Write to {shop.email} with the order number.</p>
      </article>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
