import { Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import { formatDate, type Order } from "~/lib/orders";
import { withParam } from "~/lib/url";

type OrderRow = Pick<Order, "id" | "orderDate" | "orderStatus" | "totalCents">;

/**
 * The orders list of the shopper's account and of the admin: each row opens the details dialog
 * through `?order=<id>`. The screens differ only in their column titles and badge colours (SPEC 4).
 */
export function OrdersTable({
  orders,
  headings,
  badgeClass,
}: {
  orders: OrderRow[];
  headings: readonly [id: string, date: string, status: string, amount: string];
  badgeClass: (status: string) => string;
}) {
  const location = useLocation();
  return (
    // `relative` keeps the sr-only heading inside the scroll box, so the page stays 320 px wide.
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="bg-gray-50 text-gray-700">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="p-3">
                {heading}
              </th>
            ))}
            <th scope="col" className="p-3">
              <span className="sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id} className="border-t border-gray-100">
              <td className="p-3 font-mono text-xs">{o.id}</td>
              <td className="p-3">{formatDate(o.orderDate)}</td>
              <td className="p-3">
                <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", badgeClass(o.orderStatus))}>{o.orderStatus}</span>
              </td>
              <td className="p-3">{formatMoney(o.totalCents)}</td>
              <td className="p-3">
                <Link
                  to={withParam(location, "order", o.id)}
                  preventScrollReset
                  className={buttonClass({ variant: "outline", size: "sm" })}
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
  );
}
