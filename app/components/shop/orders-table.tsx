import { Fragment, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import { formatDate, orderNumberText, orderStatusLabel, type Order } from "~/lib/orders";
import { withParam } from "~/lib/url";

type OrderRow = Pick<Order, "id" | "number" | "orderDate" | "orderStatus" | "totalCents">;

/**
 * The orders list of the shopper's account and of the admin: each order, by its number (#1001),
 * opens the details dialog through `?order=<id>`. The screens differ only in their column titles and badge colours (SPEC 4).
 * From `md` up it is a table; on phones and narrow tablets, where five columns do not fit, each
 * order is a card with the same facts, so nothing needs sideways scrolling. CSS picks one; the
 * other is display:none. `detailsHref` sends the details elsewhere (a customer's orders open in the
 * admin's orders page). The admin's list adds `columns` after the order id (customer, payment) and
 * a `note` beside the status (a return to receive); with its seven columns and the sidebar beside
 * it, the table waits for `xl` (1280 px), where it fits without scrolling.
 */
export function OrdersTable<T extends OrderRow>({
  orders,
  headings,
  badgeClass,
  detailsHref: hrefFor,
  columns = [],
  note,
  tableFrom = "md",
}: {
  orders: T[];
  headings: readonly [id: string, date: string, status: string, amount: string];
  badgeClass: (status: string) => string;
  detailsHref?: (id: string) => string;
  columns?: ReadonlyArray<{ heading: string; cell: (order: T) => ReactNode }>;
  note?: (order: T) => ReactNode;
  tableFrom?: "md" | "xl";
}) {
  const location = useLocation();
  const detailsHref = hrefFor ?? ((id: string) => withParam(location, "order", id));
  const badge = (status: string) => (
    <span className={cn("whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold", badgeClass(status))}>
      {orderStatusLabel(status)}
    </span>
  );
  const [idHeading, dateHeading, statusHeading, amountHeading] = headings;
  // The admin's seven columns fit beside the sidebar at 1280 px with narrower gaps and headings
  // that may wrap ("Order / Price"); the shopper's four keep theirs.
  const cell = columns.length ? "px-2 py-3" : "p-3";
  const status = (o: T) => (
    <span className="flex flex-col items-start gap-1">
      {badge(o.orderStatus)}
      {note?.(o)}
    </span>
  );
  return (
    <>
      {/* `relative` keeps the sr-only heading inside the box; the box scrolls rather than the page
          should it ever be too tight. */}
      <div className={cn("relative hidden overflow-x-auto", tableFrom === "xl" ? "xl:block" : "md:block")}>
        <table className="w-full text-left text-sm">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              {[idHeading, ...columns.map((c) => c.heading), dateHeading, statusHeading, amountHeading].map((heading) => (
                <th key={heading} scope="col" className={cn(cell, !columns.length && "whitespace-nowrap")}>
                  {heading}
                </th>
              ))}
              <th scope="col" className={cell}>
                <span className="sr-only">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.id} className="border-t border-gray-100">
                <td className={cn(cell, "whitespace-nowrap font-semibold")}>{orderNumberText(o)}</td>
                {columns.map((c) => (
                  <td key={c.heading} className={cell}>
                    {c.cell(o)}
                  </td>
                ))}
                <td className={cn(cell, "whitespace-nowrap")}>{formatDate(o.orderDate)}</td>
                <td className={cell}>{status(o)}</td>
                <td className={cn(cell, "whitespace-nowrap")}>{formatMoney(o.totalCents)}</td>
                <td className={cn(cell, "text-right")}>
                  <Link
                    to={detailsHref(o.id)}
                    preventScrollReset={!hrefFor}
                    className={buttonClass({ variant: "outline", size: "sm" }, "whitespace-nowrap")}
                    data-order-link={o.id}
                  >
                    View Details
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul
        className={cn("grid divide-y divide-gray-100 sm:grid-cols-2 sm:divide-y-0", tableFrom === "xl" ? "xl:hidden" : "md:hidden")}
        data-testid="order-cards"
      >
        {orders.map((o) => (
          <li key={o.id} className="p-4 sm:border-b sm:border-gray-100">
            <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 text-sm">
              <dt className="text-gray-600">{idHeading}</dt>
              <dd className="min-w-0 truncate font-semibold">{orderNumberText(o)}</dd>
              {columns.map((c) => (
                <Fragment key={c.heading}>
                  <dt className="text-gray-600">{c.heading}</dt>
                  <dd className="min-w-0">{c.cell(o)}</dd>
                </Fragment>
              ))}
              <dt className="text-gray-600">{dateHeading}</dt>
              <dd>{formatDate(o.orderDate)}</dd>
              <dt className="text-gray-600">{statusHeading}</dt>
              <dd>{status(o)}</dd>
              <dt className="text-gray-600">{amountHeading}</dt>
              <dd className="font-semibold">{formatMoney(o.totalCents)}</dd>
            </dl>
            <Link
              to={detailsHref(o.id)}
              preventScrollReset={!hrefFor}
              className={buttonClass({ variant: "outline", size: "sm" }, "mt-3 w-full")}
              data-order-link={o.id}
              aria-label={`View details of order ${orderNumberText(o)}`}
            >
              View Details
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
