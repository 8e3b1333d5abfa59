import { data, Form, Link, useLocation } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { CustomerState } from "~/components/admin/customers-table";
import { OrdersTable } from "~/components/shop/orders-table";
import { Button, buttonClass } from "~/components/ui/button";
import type { Customer } from "~/lib/customers";
import { CUSTOMER_NOT_FOUND } from "~/lib/messages/customers";
import { formatMoney } from "~/lib/money";
import { adminListStatusClass, formatDate, formatDateTime } from "~/lib/orders";
import { IdSchema } from "~/lib/schemas/fields";
import { pageTitle } from "~/lib/shop-name";
import { withParam } from "~/lib/url";
import { blockCustomer, getCustomer, unblockCustomer } from "~/server/admin/customers.server";
import { readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/customer";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(`${loaderData?.customer.userName ?? "Customer"} · Admin`, matches) },
];

// One shopper's account and orders (`/admin/customers/:id`), with Block or Unblock. Each asks first
// (`?confirm=block`, a GET form), then posts from the confirmation: no JavaScript needed.
export async function loader({ params }: Route.LoaderArgs) {
  const id = IdSchema.safeParse(params.id);
  const found = id.success ? await getCustomer(id.data) : null;
  if (!found) throw data(CUSTOMER_NOT_FOUND, { status: 404 });
  return found;
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await readForm(request);
  const url = new URL(request.url);
  url.searchParams.delete("confirm");
  const back = url.pathname + url.search;
  const id = IdSchema.safeParse(params.id);
  if (!id.success) return redirectWithError("/admin/customers", CUSTOMER_NOT_FOUND);
  const intent = formData.get("intent");
  if (intent !== "block" && intent !== "unblock") return redirectWithError(back, "Please choose Block or Unblock");
  const outcome = intent === "block" ? await blockCustomer(id.data) : await unblockCustomer(id.data);
  if (!outcome.ok) return redirectWithError(outcome.status === 404 ? "/admin/customers" : back, outcome.message);
  return redirectWithSuccess(back, outcome.message);
}

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  const { customer, orders } = loaderData;
  const location = useLocation();
  const confirm = new URLSearchParams(location.search).get("confirm");
  // The confirmation that fits the account's state, if one is asked for (a stale link shows none).
  const confirming =
    customer.closedAt === null && ((confirm === "block" && !customer.blockedAt) || (confirm === "unblock" && customer.blockedAt))
      ? confirm
      : null;
  return (
    <div className="space-y-6">
      <Link to="/admin/customers" className="text-sm font-medium text-blue-700 hover:underline">
        ← All customers
      </Link>
      <section aria-labelledby="customer-title" className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h1 id="customer-title" className="break-words text-2xl font-extrabold">
                {customer.userName}
              </h1>
              <CustomerState customer={customer} />
            </div>
            {customer.email ? <p className="break-all text-gray-700">{customer.email}</p> : null}
          </div>
          {customer.closedAt || confirming ? null : <BlockButton customer={customer} />}
        </div>
        {confirming ? <ConfirmChange customer={customer} intent={confirming} /> : null}
        <CustomerFacts customer={customer} />
      </section>
      <section aria-labelledby="customer-orders-title" className="rounded-lg border border-gray-200 bg-white">
        <h2 id="customer-orders-title" className="border-b border-gray-200 p-4 text-lg font-bold">
          Orders ({orders.length})
        </h2>
        {orders.length ? (
          <OrdersTable
            orders={orders}
            headings={["Order ID", "Order Date", "Order Status", "Order Price"]}
            badgeClass={adminListStatusClass}
            detailsHref={(orderId) => `/admin/orders?order=${orderId}`}
          />
        ) : (
          <p className="p-8 text-center text-gray-600">No orders yet.</p>
        )}
      </section>
    </div>
  );
}

function CustomerFacts({ customer }: { customer: Customer }) {
  const facts: Array<[string, string]> = [
    ["Joined", formatDate(customer.joinedAt)],
    ["Orders", String(customer.orderCount)],
    ["Total spent", formatMoney(customer.spentCents)],
    ["Last order", customer.lastOrderAt ? formatDate(customer.lastOrderAt) : "None yet"],
  ];
  if (customer.blockedAt) facts.push(["Blocked since", formatDateTime(customer.blockedAt)]);
  if (customer.closedAt) facts.push(["Closed", formatDateTime(customer.closedAt)]);
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label} className="rounded-md bg-gray-50 p-3">
            <dt className="text-xs font-medium uppercase tracking-wide text-gray-600">{label}</dt>
            <dd className="mt-1 font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-gray-600">Total spent counts paid orders, less what was refunded.</p>
    </>
  );
}

/** Block or Unblock: a GET form that opens the confirmation (`?confirm=`), so it works without JavaScript. */
function BlockButton({ customer }: { customer: Customer }) {
  const intent = customer.blockedAt ? "unblock" : "block";
  return (
    <Form method="get" preventScrollReset>
      <input type="hidden" name="confirm" value={intent} />
      <Button type="submit" variant={intent === "block" ? "destructive" : "outline"}>
        {intent === "block" ? "Block" : "Unblock"}
      </Button>
    </Form>
  );
}

/** What blocking or unblocking does, said before it happens, and done only from here. */
function ConfirmChange({ customer, intent }: { customer: Customer; intent: "block" | "unblock" }) {
  const location = useLocation();
  const block = intent === "block";
  return (
    <div
      role="alertdialog"
      aria-labelledby="confirm-change-title"
      aria-describedby="confirm-change-text"
      className={
        block ? "space-y-3 rounded-md border border-red-300 bg-red-50 p-3" : "space-y-3 rounded-md border border-gray-300 bg-gray-50 p-3"
      }
    >
      <h2 id="confirm-change-title" className="font-semibold">
        {block ? `Block ${customer.userName}?` : `Unblock ${customer.userName}?`}
      </h2>
      <p id="confirm-change-text" className="text-sm">
        {block
          ? "They are signed out on every device at once and cannot sign in until you unblock them. Their orders, addresses and reviews stay as they are."
          : "They can sign in again with their password."}
      </p>
      <div className="flex flex-wrap gap-2">
        <Form method="post" action={withParam(location, "confirm", null)} preventScrollReset>
          <input type="hidden" name="intent" value={intent} />
          <Button type="submit" variant={block ? "destructive" : "primary"}>
            {block ? "Yes, block" : "Yes, unblock"}
          </Button>
        </Form>
        <Link to={withParam(location, "confirm", null)} preventScrollReset className={buttonClass({ variant: "outline" })}>
          Cancel
        </Link>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
