import { data, Form, Link, redirect, useLocation } from "react-router";
import { OrderStatusForm } from "~/components/admin/order-status-form";
import { PARCEL_FIELDS } from "~/lib/tracking";
import { RefundForm } from "~/components/admin/refund-form";
import { ReleaseUseChoice } from "~/components/admin/release-use-choice";
import { lazyOverlay, serverOverlay } from "~/lib/lazy-overlay";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { GuestBadge, OrderDetailsDialog } from "~/components/shop/order-details";
import { OrdersTable } from "~/components/shop/orders-table";
import { Pagination } from "~/components/shop/pagination";
import { Button, buttonClass } from "~/components/ui/button";
import { adminListStatusClass, paymentStatusClass, paymentStatusLabel, RETURNS_TO_RECEIVE_HREF, type AdminOrder } from "~/lib/orders";
import { cn } from "~/lib/cn";
import { inputClass } from "~/components/ui/input-class";
import { IdSchema } from "~/lib/schemas/fields";
import { OrderStatusSchema, RefundSchema, RefuseReturnSchema } from "~/lib/schemas/orders";
import { ReturnDecision } from "~/components/admin/return-decision";
import { receiveReturn, refuseReturn } from "~/server/orders/returns.server";
import { RETURN_NOT_FOUND, RETURN_RECEIVED, RETURN_REFUSED } from "~/lib/messages/returns";
import { firstIssue } from "~/server/platform/api.server";
import { withParam, withParams } from "~/lib/url";
import { countReturnsToReceive, getOrder, listAllOrders, needsRefundToReject, updateOrderStatus } from "~/server/orders/orders.server";
import { refundByAdmin, refundShipping } from "~/server/orders/refunds.server";
import { refundFigures } from "~/server/orders/refund-pricing.server";
import { amountToCents, formatMoney } from "~/lib/money";
import { CANCELLABLE_STATUSES } from "~/lib/constants";
import { REFUND_DONE, REFUND_SENT, SHIPPING_REFUNDED } from "~/lib/messages/refunds";
import { parseFormWith, readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/orders";
import { ORDER_NOT_FOUND } from "~/lib/messages/checkout";
import { pageTitle } from "~/lib/shop-name";

// The status form sits in the order dialog (`?order=`): its code, with the form checking it brings,
// loads when the dialog opens; the server renders it directly.
const OrderStatusFormOnDemand = import.meta.env.SSR
  ? serverOverlay(OrderStatusForm)
  : lazyOverlay(() => import("~/components/admin/order-status-form").then((m) => m.OrderStatusForm));
const RefundFormOnDemand = import.meta.env.SSR
  ? serverOverlay(RefundForm)
  : lazyOverlay(() => import("~/components/admin/refund-form").then((m) => m.RefundForm));

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Orders · Admin", matches) }];

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const orderParam = params.get("order");
  // `?returns=to-receive`: only the orders with a return waiting (the dashboard links here).
  const returnsToReceive = params.get("returns") === "to-receive";
  // `?search=`: an order number ("#1001" or "1001"), an order id, or part of the buyer's name or e-mail.
  const search = (params.get("search") ?? "").trim().slice(0, 100);
  const valid = orderParam !== null && IdSchema.safeParse(orderParam).success;
  const [orders, toReceive, order, refund] = await Promise.all([
    listAllOrders(Math.floor(Number(params.get("page"))) || 1, undefined, { returnsToReceive, search }),
    countReturnsToReceive(),
    orderParam ? (valid ? getOrder(orderParam) : null) : undefined,
    // What the refund form shows of the order's money, computed here (issue 41, point 6).
    valid ? refundFigures(orderParam) : null,
  ]);
  return data({ orders, returnsToReceive, search, toReceive, order, refund }, { status: order === null ? 404 : 200 });
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const url = new URL(request.url);
  url.searchParams.delete("confirm");
  const back = url.pathname + url.search;
  const intent = formData.get("intent");
  if (intent === "receive-return" || intent === "refuse-return") {
    const returnId = IdSchema.safeParse(formData.get("returnId"));
    if (!returnId.success) return redirectWithError(back, RETURN_NOT_FOUND);
    if (intent === "refuse-return") {
      const parsed = RefuseReturnSchema.safeParse({ reason: formData.get("reason") });
      if (!parsed.success) return data({ refuse: { returnId: returnId.data, message: firstIssue(parsed.error) } }, { status: 400 });
      const refused = await refuseReturn(returnId.data, parsed.data.reason);
      return refused.ok ? redirectWithSuccess(back, RETURN_REFUSED) : redirectWithError(back, refused.message);
    }
    const received = await receiveReturn(returnId.data);
    if (!received.ok) return redirectWithError(back, received.message);
    return redirectWithSuccess(back, received.status === "requested" ? REFUND_SENT : RETURN_RECEIVED);
  }
  const id = IdSchema.safeParse(formData.get("orderId"));
  if (intent === "refund-shipping") {
    if (!id.success) return redirectWithError(back, ORDER_NOT_FOUND);
    const outcome = await refundShipping(id.data);
    if (!outcome.ok) return redirectWithError(back, outcome.message);
    return redirectWithSuccess(back, outcome.status === "requested" ? REFUND_SENT : SHIPPING_REFUNDED);
  }
  if (intent === "refund") {
    const submission = parseFormWith(formData, RefundSchema);
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    if (!id.success) return redirectWithError(back, ORDER_NOT_FOUND);
    const { items, amount, restock, reason, releaseDiscountUse } = submission.value;
    const outcome = await refundByAdmin(id.data, {
      items,
      amountCents: amount === undefined ? undefined : amountToCents(amount),
      restock,
      reason,
      releaseDiscountUse,
    });
    if (!outcome.ok) return data(submission.reply({ formErrors: [outcome.message] }), { status: outcome.status });
    return redirectWithSuccess(back, outcome.status === "requested" ? REFUND_SENT : REFUND_DONE);
  }
  const submission = parseFormWith(formData, OrderStatusSchema);
  // A carrier or tracking number as typed that cannot be: said beside its field, the dialog open.
  if (submission.status !== "success" && (submission.error?.carrier || submission.error?.trackingNumber)) {
    return data({ statusMove: submission.reply() }, { status: 400 });
  }
  // Only a tampered form sends a status outside the list: refused with its message as a toast (the
  // page it lands on may not have the order open).
  if (submission.status !== "success") return redirectWithError(back, Object.values(submission.error ?? {}).flat()[0] ?? "Invalid input");
  if (!id.success) return redirectWithError(back, ORDER_NOT_FOUND);
  // Rejecting a paid order moves money: the admin confirms first (the dialog asks, with the amount).
  if (submission.value.orderStatus === "rejected" && formData.get("confirmed") !== "yes" && (await needsRefundToReject(id.data))) {
    url.searchParams.set("confirm", "reject");
    throw redirect(url.pathname + url.search);
  }
  // The parcel's fields belong to "In shipping" (the form says so): with another status they are
  // not read. A field left blank clears it (the form shows the order's own, so blank is meant).
  const { orderStatus, carrier, trackingNumber } = submission.value;
  const outcome = await updateOrderStatus(id.data, orderStatus, {
    releaseDiscountUse: submission.value.releaseDiscountUse,
    parcel:
      orderStatus === "inShipping" && formData.has(PARCEL_FIELDS) ? { carrier: carrier ?? "", trackingNumber: trackingNumber ?? "" } : {},
  });
  if (outcome.ok) return redirectWithSuccess(back, outcome.message);
  // A move refused by what happened to the order (back to pending after shipping…): said beside
  // the menu, in the open dialog. A missing order, or a rejection's refund refused, as a toast.
  if (outcome.status === 404 || submission.value.orderStatus === "rejected") return redirectWithError(back, outcome.message);
  return data({ statusMove: submission.reply({ fieldErrors: { orderStatus: [outcome.message] } }) }, { status: outcome.status });
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, returnsToReceive, search, toReceive, order, refund } = loaderData;
  const location = useLocation();
  const confirmReject = new URLSearchParams(location.search).get("confirm") === "reject";
  // The action answers the refund form's reply, a refused return's missing reason or a refused
  // status move.
  const refuse = actionData && "refuse" in actionData ? actionData.refuse : undefined;
  const statusMove = actionData && "statusMove" in actionData ? actionData.statusMove : undefined;
  const refundResult = actionData && !("refuse" in actionData) && !("statusMove" in actionData) ? actionData : undefined;
  return (
    <section aria-labelledby="orders-title" className="rounded-lg border border-gray-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 p-4">
        <h1 id="orders-title" className="text-xl font-bold">
          All Orders
        </h1>
        {/* A download, not a page: the browser fetches it itself. */}
        <a href="/admin/orders/export.csv" download className={buttonClass({ variant: "outline", size: "sm" })}>
          Export CSV
        </a>
      </div>
      <OrdersFilter returnsToReceive={returnsToReceive} toReceive={toReceive} />
      <OrdersSearch returnsToReceive={returnsToReceive} search={search} total={orders.total} />
      {orders.items.length ? (
        <OrdersTable
          orders={orders.items}
          headings={["Order ID", "Order Date", "Order Status", "Order Price"]}
          badgeClass={adminListStatusClass}
          columns={ADMIN_COLUMNS}
          note={returnNote}
          tableFrom="xl"
        />
      ) : (
        <p className="p-8 text-center text-gray-600">
          {search ? "No orders found." : returnsToReceive ? "No returns to receive." : "No orders yet."}
        </p>
      )}
      <Pagination page={orders.page} pageCount={orders.pageCount} hrefFor={(n) => ordersHref({ returnsToReceive, search, page: n })} />
      {order !== undefined ? (
        <OrderDetailsDialog
          order={order}
          closeHref={withParams(location, { order: null, confirm: null })}
          shopLinks={false}
          returnActions={(returnId) => (
            <ReturnDecision returnId={returnId} refuseError={refuse?.returnId === returnId ? refuse.message : undefined} />
          )}
          notice={
            order && confirmReject ? (
              <ConfirmReject
                orderId={order.id}
                refundCents={refund?.leftCents ?? 0}
                restocks={CANCELLABLE_STATUSES.includes(order.orderStatus)}
                discountCode={order.discountCode}
                free={order.paymentMethod === "none" && order.totalCents === 0}
              />
            ) : null
          }
        >
          {order ? (
            // Keyed by the status and parcel: after an update the form starts again from the new ones.
            <OrderStatusFormOnDemand
              key={`${order.id}:${order.orderStatus}:${order.parcel.carrier}:${order.parcel.trackingNumber}`}
              orderId={order.id}
              status={order.orderStatus}
              parcel={order.parcel}
              lastResult={statusMove}
            />
          ) : null}
          {order && refund && ["paid", "partiallyRefunded", "refunded"].includes(order.paymentStatus) ? (
            <RefundFormOnDemand order={order} figures={refund} lastResult={refundResult} />
          ) : null}
        </OrderDetailsDialog>
      ) : null}
    </section>
  );
}

/** The admin's columns after the order id: who bought it and where its payment stands. */
const ADMIN_COLUMNS = [
  {
    heading: "Customer",
    cell: (o: AdminOrder) => (
      <span className="block min-w-0 max-w-40 wrap-break-word">
        <span className="block font-medium">{o.customer.userName}</span>
        <span className="block text-xs text-gray-600">{o.customer.email}</span>
        {o.customer.guest ? <GuestBadge /> : null}
      </span>
    ),
  },
  {
    heading: "Payment",
    cell: (o: AdminOrder) => (
      <span className={cn("whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold", paymentStatusClass(o.paymentStatus))}>
        {paymentStatusLabel(o.paymentStatus)}
      </span>
    ),
  },
] as const;

/** An order with a return on its way back to the shop. */
function returnNote(o: AdminOrder) {
  if (!o.returnsToReceive) return null;
  return (
    <span className="whitespace-nowrap rounded-full border border-blue-700 px-2 py-0.5 text-xs font-semibold text-blue-800">
      {o.returnsToReceive === 1 ? "Return to receive" : `${o.returnsToReceive} returns to receive`}
    </span>
  );
}

/** Every order, or only those with a return to receive: links, so the filter needs no JavaScript. */
function OrdersFilter({ returnsToReceive, toReceive }: { returnsToReceive: boolean; toReceive: number }) {
  const tab = (active: boolean) =>
    cn(
      "inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-600",
      active ? "bg-gray-900 text-white" : "text-gray-700 hover:bg-gray-100",
    );
  return (
    <nav aria-label="Show orders" className="flex flex-wrap gap-2 border-b border-gray-200 px-4 py-2">
      <Link to="/admin/orders" aria-current={returnsToReceive ? undefined : "page"} className={tab(!returnsToReceive)}>
        All orders
      </Link>
      <Link to={RETURNS_TO_RECEIVE_HREF} aria-current={returnsToReceive ? "page" : undefined} className={tab(returnsToReceive)}>
        Returns to receive
        <span
          className={cn(
            "rounded-full px-2 text-xs font-semibold",
            toReceive ? "bg-blue-700 text-white" : returnsToReceive ? "bg-white text-gray-900" : "bg-gray-200 text-gray-800",
          )}
        >
          {toReceive}
        </span>
      </Link>
    </nav>
  );
}

/** The orders list's address: the returns filter, the search and the page, each only when set. */
function ordersHref({ returnsToReceive, search, page }: { returnsToReceive: boolean; search: string; page: number }) {
  const params = new URLSearchParams();
  if (returnsToReceive) params.set("returns", "to-receive");
  if (search) params.set("search", search);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/orders?${query}` : "/admin/orders";
}

/**
 * The owner's search (issue 48): a GET form, so it works without JavaScript; "#1001" finds that
 * order, other words the buyer's name or e-mail. It searches within the filter shown.
 */
function OrdersSearch({ returnsToReceive, search, total }: { returnsToReceive: boolean; search: string; total: number }) {
  return (
    <div className="space-y-2 border-b border-gray-200 px-4 py-3">
      <Form method="get" action="/admin/orders" role="search" className="flex flex-wrap items-end gap-2">
        {returnsToReceive ? <input type="hidden" name="returns" value="to-receive" /> : null}
        <div className="min-w-0 flex-1 basis-48 space-y-1">
          <label htmlFor="order-search" className="block text-sm font-medium text-gray-800">
            Search orders
          </label>
          <input
            id="order-search"
            type="search"
            name="search"
            defaultValue={search}
            key={search}
            placeholder="#1001, name or e-mail"
            maxLength={100}
            className={inputClass}
          />
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </Form>
      {search ? (
        <p className="text-sm text-gray-700" data-testid="order-search-summary">
          {total ? `${total} ${total === 1 ? "order matches" : "orders match"}` : "No orders match"} "{search}".{" "}
          <Link to={ordersHref({ returnsToReceive, search: "", page: 1 })} className="font-medium underline">
            Show all orders
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** Rejecting a paid order refunds it: said in money before it happens, and done only from here. */
function ConfirmReject({
  orderId,
  refundCents,
  restocks,
  discountCode,
  free,
}: {
  orderId: string;
  refundCents: number;
  restocks: boolean;
  discountCode: string | null;
  free: boolean;
}) {
  const location = useLocation();
  return (
    <div
      role="alertdialog"
      aria-labelledby="confirm-reject-title"
      className="space-y-3 rounded-md border border-red-300 bg-red-50 p-3 print:hidden"
    >
      <h3 id="confirm-reject-title" className="font-semibold">
        {free ? "Reject this order?" : "Reject this paid order?"}
      </h3>
      {free ? (
        <p className="text-sm">
          Its discount code paid for all of this order, so no money moves.{" "}
          {restocks ? "Rejecting puts every item back in stock." : "The items have left the shop, so stock stays as it is."} This cannot be
          undone.
        </p>
      ) : (
        <p className="text-sm">
          Rejecting refunds {formatMoney(refundCents)} to the shopper through PayPal
          {restocks ? " and puts every item back in stock" : "; the items have left the shop, so stock stays as it is"}. This cannot be
          undone.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="orderId" value={orderId} />
          <input type="hidden" name="orderStatus" value="rejected" />
          <input type="hidden" name="confirmed" value="yes" />
          {discountCode ? <ReleaseUseChoice id="reject-release-use" name="releaseDiscountUse" code={discountCode} /> : null}
          <Button type="submit" variant="destructive">
            {free ? "Reject the order" : `Reject and refund ${formatMoney(refundCents)}`}
          </Button>
        </Form>
        <Link to={withParam(location, "confirm", null)} preventScrollReset className={buttonClass({ variant: "outline" })}>
          Keep the order
        </Link>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
