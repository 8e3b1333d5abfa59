import { data, Form, useLocation } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { OrderDetailsDialog } from "~/components/shop/order-details";
import { OrdersTable } from "~/components/shop/orders-table";
import { Pagination } from "~/components/shop/pagination";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/input-class";
import { adminListStatusClass, orderStatusLabel } from "~/lib/orders";
import { IdSchema, OrderStatusSchema } from "~/lib/schemas";
import { withParam } from "~/lib/url";
import { ADMIN_ORDER_STATUSES } from "~/lib/constants";
import { getOrder, listAllOrders, updateOrderStatus } from "~/server/checkout/orders.server";
import { readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/orders";
import { ORDER_NOT_FOUND, ORDER_STATUS_UPDATED } from "~/lib/messages/checkout";
import { pageTitle } from "~/lib/shop-name";

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
  const form = await readForm(request);
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const id = IdSchema.safeParse(form.get("orderId"));
  const status = OrderStatusSchema.safeParse({ orderStatus: form.get("orderStatus") });
  if (!status.success) return redirectWithError(back, status.error.issues[0]!.message);
  if (!id.success || !(await updateOrderStatus(id.data, status.data.orderStatus))) return redirectWithError(back, ORDER_NOT_FOUND);
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
          {order ? (
            <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2 print:hidden">
              <input type="hidden" name="orderId" value={order.id} />
              <div className="flex-1 space-y-1">
                <label htmlFor="orderStatus" className="block text-sm font-medium">
                  Order Status
                </label>
                <select id="orderStatus" name="orderStatus" defaultValue={order.orderStatus} key={order.orderStatus} className={inputClass}>
                  {ADMIN_ORDER_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {orderStatusLabel(s)}
                    </option>
                  ))}
                </select>
              </div>
              <Button type="submit">Update Order Status</Button>
            </Form>
          ) : null}
        </OrderDetailsDialog>
      ) : null}
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-page";
