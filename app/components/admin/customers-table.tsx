import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { Customer } from "~/lib/customers";
import { formatMoney } from "~/lib/money";
import { formatDate } from "~/lib/orders";

/** "Blocked" or "Closed" next to a customer's name; nothing for an account in use. */
export function CustomerState({ customer }: { customer: Pick<Customer, "blockedAt" | "closedAt"> }) {
  if (customer.closedAt) return <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800">Closed</span>;
  if (customer.blockedAt) return <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Blocked</span>;
  return null;
}

const lastOrder = (c: Customer) => (c.lastOrderAt ? formatDate(c.lastOrderAt) : "None yet");

/**
 * The owner's customers: from `md` up a table, on phones a card per customer with the same facts
 * (as the orders list does), so nothing needs sideways scrolling. CSS picks one.
 */
export function CustomersTable({ customers }: { customers: Customer[] }) {
  const href = (c: Customer) => `/admin/customers/${c.id}`;
  return (
    <>
      <div className="relative hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th scope="col" className="p-3">
                Customer
              </th>
              <th scope="col" className="whitespace-nowrap p-3">
                Joined
              </th>
              <th scope="col" className="whitespace-nowrap p-3 text-right">
                Orders
              </th>
              <th scope="col" className="whitespace-nowrap p-3 text-right">
                Total spent
              </th>
              <th scope="col" className="whitespace-nowrap p-3">
                Last order
              </th>
            </tr>
          </thead>
          <tbody>
            {customers.map((c) => (
              <tr key={c.id} className="border-t border-gray-100">
                <td className="max-w-xs p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <Link to={href(c)} className="font-medium text-blue-700 underline-offset-2 hover:underline" data-customer-link={c.id}>
                      {c.userName}
                    </Link>
                    <CustomerState customer={c} />
                  </div>
                  {c.email ? <p className="break-all text-gray-600">{c.email}</p> : null}
                </td>
                <td className="whitespace-nowrap p-3">{formatDate(c.joinedAt)}</td>
                <td className="p-3 text-right">{c.orderCount}</td>
                <td className="whitespace-nowrap p-3 text-right">{formatMoney(c.spentCents)}</td>
                <td className="whitespace-nowrap p-3">{lastOrder(c)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid divide-y divide-gray-100 sm:grid-cols-2 sm:divide-y-0 md:hidden" data-testid="customer-cards">
        {customers.map((c) => (
          <li key={c.id} className="min-w-0 p-4 sm:border-b sm:border-gray-100">
            <div className="flex flex-wrap items-center gap-2">
              <p className="min-w-0 break-words font-semibold">{c.userName}</p>
              <CustomerState customer={c} />
            </div>
            {c.email ? <p className="break-all text-sm text-gray-600">{c.email}</p> : null}
            <dl className="mt-2 grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 text-sm">
              <dt className="text-gray-600">Joined</dt>
              <dd>{formatDate(c.joinedAt)}</dd>
              <dt className="text-gray-600">Orders</dt>
              <dd>{c.orderCount}</dd>
              <dt className="text-gray-600">Total spent</dt>
              <dd className="font-semibold">{formatMoney(c.spentCents)}</dd>
              <dt className="text-gray-600">Last order</dt>
              <dd>{lastOrder(c)}</dd>
            </dl>
            <Link
              to={href(c)}
              className={buttonClass({ variant: "outline", size: "sm" }, "mt-3 w-full")}
              aria-label={`View customer ${c.userName}`}
              data-customer-link={c.id}
            >
              View customer
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
