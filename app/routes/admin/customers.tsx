import { Form, Link } from "react-router";
import { CustomersTable } from "~/components/admin/customers-table";
import { Pagination } from "~/components/shop/pagination";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/input-class";
import { customersHref, parseCustomerQuery } from "~/lib/customers";
import { pageTitle } from "~/lib/shop-name";
import { listCustomers } from "~/server/admin/customers.server";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Customers · Admin", matches) }];

// Shoppers' accounts, newest first, 20 a page; the search (name or e-mail) and the page live in the
// URL (`?search=ann&page=2`), so a plain GET form searches without JavaScript.
export async function loader({ request }: Route.LoaderArgs) {
  const query = parseCustomerQuery(new URL(request.url).searchParams);
  return { query, customers: await listCustomers(query) };
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { query, customers } = loaderData;
  return (
    <section aria-labelledby="customers-title" className="rounded-lg border border-gray-200 bg-white">
      <div className="space-y-3 border-b border-gray-200 p-4">
        <h1 id="customers-title" className="text-xl font-bold">
          Customers
        </h1>
        <Form method="get" action="/admin/customers" role="search" className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1 basis-48 space-y-1">
            <label htmlFor="customer-search" className="block text-sm font-medium text-gray-800">
              Search customers
            </label>
            <input
              id="customer-search"
              type="search"
              name="search"
              defaultValue={query.search}
              key={query.search}
              placeholder="Name or e-mail"
              maxLength={100}
              className={inputClass}
            />
          </div>
          <Button type="submit" variant="outline">
            Search
          </Button>
        </Form>
        {query.search ? (
          <p className="text-sm text-gray-700" data-testid="customer-search-summary">
            {customers.total
              ? `${customers.total} ${customers.total === 1 ? "customer matches" : "customers match"}`
              : "No customers match"}{" "}
            "{query.search}".{" "}
            <Link to="/admin/customers" className="font-medium underline">
              Show all customers
            </Link>
          </p>
        ) : null}
      </div>
      {customers.items.length ? (
        <CustomersTable customers={customers.items} />
      ) : (
        <p className="p-8 text-center text-gray-600">{query.search ? "No customers found." : "No customers yet."}</p>
      )}
      <div className="pb-4">
        <Pagination page={customers.page} pageCount={customers.pageCount} hrefFor={(n) => customersHref({ ...query, page: n })} />
      </div>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
