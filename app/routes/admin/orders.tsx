import { data, useLocation } from "react-router";
import { OrderStatusForm } from "~/components/admin/order-status-form";
import { lazyOverlay, serverOverlay } from "~/lib/lazy-overlay";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { OrderDetailsDialog } from "~/components/shop/order-details";
import { OrdersTable } from "~/components/shop/orders-table";
import { Pagination } from "~/components/shop/pagination";
import { buttonClass } from "~/components/ui/button";
import { adminListStatusClass } from "~/lib/orders";
import { IdSchema, OrderStatusSchema } from "~/lib/schemas";
import { withParam } from "~/lib/url";
import { getOrder, listAllOrders, updateOrderStatus } from "~/server/checkout/orders.server";
import { parseFormWith, readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/orders";
import { ORDER_NOT_FOUND, ORDER_STATUS_UPDATED } from "~/lib/messages/checkout";
import { pageTitle } from "~/lib/shop-name";

// The status form sits in the order dialog (`?order=`): its code, with the form checking it brings,
// loads when the dialog opens; the server renders it directly.
const OrderStatusFormOnDemand = import.meta.env.SSR
  ? serverOverlay(OrderStatusForm)
  : lazyOverlay(() => import("~/components/admin/order-status-form").then((m) => m.OrderStatusForm));

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Orders · Admin", matches) }];

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const orderParam = params.get("order");
  const [orders, order] = await Promise.all([
    listAllOrders(Math.floor(Number(params.get("page"))) || 1),
    orderParam ? (IdSchema.safeParse(orderParam).success ? getOrder(orderParam) : null) : undefined,
  ]);
  return data({ orders, order }, { status: order === null ? 404 : 200 });
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const id = IdSchema.safeParse(formData.get("orderId"));
  const submission = parseFormWith(formData, OrderStatusSchema);
  // Only a tampered form sends a status outside the list: refused with its message as a toast (the
  // page it lands on may not have the order open).
  if (submission.status !== "success") return redirectWithError(back, Object.values(submission.error ?? {}).flat()[0] ?? "Invalid input");
  if (!id.success || !(await updateOrderStatus(id.data, submission.value.orderStatus))) return redirectWithError(back, ORDER_NOT_FOUND);
  return redirectWithSuccess(back, ORDER_STATUS_UPDATED);
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, order } = loaderData;
  const location = useLocation();
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
      {orders.items.length ? (
        <OrdersTable
          orders={orders.items}
          headings={["Order ID", "Order Date", "Order Status", "Order Price"]}
          badgeClass={adminListStatusClass}
        />
      ) : (
        <p className="p-8 text-center text-gray-600">No orders yet.</p>
      )}
      <Pagination page={orders.page} pageCount={orders.pageCount} hrefFor={(n) => `/admin/orders?page=${n}`} />
      {order !== undefined ? (
        <OrderDetailsDialog order={order} closeHref={withParam(location, "order", null)} shopLinks={false}>
          {order ? <OrderStatusFormOnDemand orderId={order.id} status={order.orderStatus} /> : null}
        </OrderDetailsDialog>
      ) : null}
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
