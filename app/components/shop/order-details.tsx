import { ButtonLink } from "~/components/ui/button";
import { Button } from "~/components/ui/button";
import { CloseLink, Modal } from "~/components/ui/modal";
import { cn } from "~/lib/cn";
import { countryName } from "~/lib/countries";
import { formatMoney } from "~/lib/money";
import { costRows, receiptPath } from "~/lib/receipt";
import {
  detailStatusClass,
  estimatedDelivery,
  formatDateTime,
  orderNumberText,
  orderStatusLabel,
  paymentStatusClass,
  paymentStatusLabel,
  refundStatusLabel,
  returnStatusLabel,
} from "~/lib/orders";
import { timelineEntries } from "~/lib/timeline";
import { parcelText, trackingUrl, type Parcel } from "~/lib/tracking";
import { useHydrated } from "~/lib/use-hydrated";
import { lineName, variantLabel } from "~/lib/variants";
import { OrderLines } from "./order-lines";
import { paymentMethodLabel, type OrderWithOwner } from "~/lib/orders";

/** What marks a guest's order (issue 51) for the owner, in the orders list and the details. */
export function GuestBadge() {
  return (
    <span
      className="mt-1 inline-block rounded-full border border-gray-400 px-2 py-0.5 text-xs font-semibold text-gray-700"
      data-testid="guest-badge"
    >
      Guest
    </span>
  );
}

/** Order details dialog (`?order=<id>`), for the shopper's account and the admin's orders. */
export function OrderDetailsDialog({
  order,
  closeHref,
  ...details
}: Omit<OrderDetailsProps, "order"> & { order: OrderWithOwner | null; closeHref: string }) {
  return (
    <Modal
      closeHref={closeHref}
      labelledBy="order-title"
      className="receipt inset-0 m-auto max-h-[92vh] w-[min(40rem,calc(100vw-1.5rem))] overflow-y-auto rounded-xl"
    >
      <div className="relative space-y-5 p-5 sm:p-6">
        <span className="print:hidden">
          <CloseLink to={closeHref} label="Close order details" />
        </span>
        {order ? (
          <OrderDetails order={order} {...details} />
        ) : (
          <div className="py-8 text-center">
            <h2 id="order-title" className="text-xl font-bold">
              Order Details Not Available
            </h2>
            <p className="mt-2 text-gray-600">The order information could not be loaded. Please try again later.</p>
          </div>
        )}
      </div>
    </Modal>
  );
}

type OrderDetailsProps = {
  order: OrderWithOwner;
  children?: React.ReactNode;
  /** A confirmation to answer first (cancel, reject): right under the heading, in view on arrival. */
  notice?: React.ReactNode;
  /** What the admin may do with a return not decided yet (receive it, refuse it). */
  returnActions?: (returnId: string) => React.ReactNode;
  shopLinks?: boolean;
  /** The shopper's printable receipt; null: none (a guest's order, issue 51), "Print Receipt" prints this page. */
  receiptHref?: string | null;
};

/**
 * What an order's details say (number, status, lines, costs, refunds, returns, address, parcel,
 * timeline): in the dialog above, and on a guest's order page (issue 51) as the page itself.
 */
export function OrderDetails({ order, children, notice, returnActions, shopLinks = true, receiptHref }: OrderDetailsProps) {
  const hydrated = useHydrated();
  return (
    <>
      <h2 id="order-title" className="text-xl font-bold">
        Order Details
      </h2>
      {notice}
      {/* Each fact on one line, value to the right; a value that does not fit moves under its
                label whole (the order id never breaks mid-string). */}
      <dl className="space-y-1.5 text-sm">
        <Fact label="Order Number">
          <span className="font-semibold" data-testid="details-order-number">
            {orderNumberText(order)}
          </span>
        </Fact>
        <Fact label="Order ID">
          <span className="whitespace-nowrap font-mono text-xs">{order.id}</span>
        </Fact>
        <Fact label="Order Date">{formatDateTime(order.orderDate)}</Fact>
        <Fact label="Payment Method">{paymentMethodLabel(order.paymentMethod)}</Fact>
        <Fact label="Payment Status">
          <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", paymentStatusClass(order.paymentStatus))}>
            {paymentStatusLabel(order.paymentStatus)}
          </span>
        </Fact>
        <Fact label="Order Status">
          <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", detailStatusClass(order.orderStatus))}>
            {orderStatusLabel(order.orderStatus)}
          </span>
        </Fact>
      </dl>
      <section aria-labelledby="order-items">
        <h3 id="order-items" className="mb-2 font-semibold">
          Items
        </h3>
        <OrderLines items={order.items} />
        {/* What the order cost, as it was charged: the same rows as the receipt and the e-mails. */}
        <dl className="mt-3 space-y-1.5 text-sm">
          {costRows(order, "Total Amount").map((row) => (
            <Fact key={row.key} label={row.label}>
              <span className={row.key === "total" ? "font-semibold" : undefined}>{row.value}</span>
            </Fact>
          ))}
          {order.refundedCents > 0 ? (
            <>
              <Fact label="Refunded">{formatMoney(order.refundedCents)}</Fact>
              <Fact label="Net">{formatMoney(order.totalCents - order.refundedCents)}</Fact>
            </>
          ) : null}
        </dl>
      </section>
      {order.refunds.length ? (
        <section aria-labelledby="order-refunds" className="text-sm">
          <h3 id="order-refunds" className="mb-2 font-semibold">
            Refunds
          </h3>
          <ul className="divide-y divide-gray-100 rounded-md border border-gray-200">
            {order.refunds.map((refund) => (
              <li key={refund.id} className="space-y-0.5 p-2">
                <p className="flex flex-wrap justify-between gap-x-4">
                  <span className="font-medium">{formatMoney(refund.amountCents)}</span>
                  <span>{refundStatusLabel(refund.status)}</span>
                </p>
                <p className="text-gray-600">
                  <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time> · {refund.reason}
                </p>
                {refund.items.length ? (
                  <p className="text-gray-600">
                    {refund.items.map((line) => `${line.quantity} × ${lineName(line.title, line.size, line.color)}`).join(", ")}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {order.returns.length ? (
        <section aria-labelledby="order-returns" className="text-sm">
          <h3 id="order-returns" className="mb-2 font-semibold">
            Returns
          </h3>
          <ul className="divide-y divide-gray-100 rounded-md border border-gray-200">
            {order.returns.map((request) => (
              <li key={request.id} className="space-y-1 p-2">
                <p className="flex flex-wrap justify-between gap-x-4">
                  <span className="font-medium">
                    <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
                  </span>
                  <span>{returnStatusLabel(request.status)}</span>
                </p>
                <ul className="text-gray-700">
                  {request.items.map((line, i) => (
                    <li key={i}>
                      {line.quantity} × {lineName(line.title, line.size, line.color)}
                      {line.exchange
                        ? ` → exchange for ${variantLabel(line.exchange.size, line.exchange.color) || "another"}`
                        : " → money back"}
                      {line.outcome ? ` (${RETURN_OUTCOMES[line.outcome]})` : ""}
                    </li>
                  ))}
                </ul>
                <p className="text-gray-600">Reason: {request.reason}</p>
                {request.refusal ? <p className="text-red-700">Refused: {request.refusal}</p> : null}
                {request.status === "requested" && returnActions ? returnActions(request.id) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="order-shipping" className="text-sm">
        <h3 id="order-shipping" className="mb-2 font-semibold">
          Shipping Info
        </h3>
        <p>
          {order.user.userName}
          {/* The owner sees a guest's order as such (issue 51): there is no account to open. */}
          {!shopLinks && order.user.guest ? (
            <>
              {" "}
              <GuestBadge />
            </>
          ) : null}
        </p>
        {shopLinks ? null : <p>{order.user.email}</p>}
        <p>{order.shipping.address}</p>
        <p>
          {order.shipping.city} {order.shipping.pincode}
        </p>
        {order.shipping.country ? <p>{countryName(order.shipping.country)}</p> : null}
        <p>{order.shipping.phone}</p>
        {order.shipping.notes ? <p className="text-gray-600">{order.shipping.notes}</p> : null}
        <ParcelLine parcel={order.parcel} />
      </section>
      {order.statusHistory.length ? (
        <section aria-labelledby="order-timeline" className="text-sm">
          <h3 id="order-timeline" className="mb-2 font-semibold">
            Timeline
          </h3>
          {/* What happened and who did it, then when: "Cancelled by the shopper". */}
          <ol className="space-y-2 border-l-2 border-gray-200 pl-4">
            {timelineEntries(order).map((entry) => (
              <li key={entry.key} className="relative">
                <span aria-hidden="true" className="absolute -left-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full bg-gray-400" />
                <p className="font-medium">{entry.text}</p>
                <p className="text-gray-600">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  {entry.detail ? ` · ${entry.detail}` : null}
                </p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <p className="rounded-md bg-gray-50 p-3 text-sm" data-testid="estimated-delivery">
        {estimatedDelivery(order.orderStatus, order.shippingMethod)}
      </p>
      {children}
      <div className="flex flex-wrap gap-2 print:hidden">
        {/* The shopper's receipt is a page of its own, printable with or without JavaScript; the
            owner prints the dialog, a guest their order's page. */}
        {shopLinks && receiptHref !== null ? (
          <ButtonLink to={receiptHref ?? receiptPath(order.id)}>Print Receipt</ButtonLink>
        ) : hydrated ? (
          <Button onClick={() => window.print()}>Print Receipt</Button>
        ) : null}
        {shopLinks ? (
          <ButtonLink to="/shop/home" variant="outline">
            Continue Shopping
          </ButtonLink>
        ) : null}
      </div>
    </>
  );
}

const RETURN_OUTCOMES = {
  refunded: "refunded",
  exchanged: "exchanged, on its way",
  refundedInstead: "sold out, refunded instead",
} as const;

/** The parcel the owner sent it in: a link to the carrier's tracking page for the carriers the shop knows, else text. */
function ParcelLine({ parcel }: { parcel: Parcel }) {
  const text = parcelText(parcel);
  if (!text) return null;
  const url = trackingUrl(parcel);
  return (
    <p className="mt-2">
      <span className="font-medium">Tracking: </span>
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer" className="break-all text-blue-700 underline">
          {text}
          <span className="sr-only"> (opens the carrier&apos;s site)</span>
        </a>
      ) : (
        <span className="break-all">{text}</span>
      )}
    </p>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5">
      <dt className="font-medium">{label}</dt>
      <dd className="text-right">{children}</dd>
    </div>
  );
}
