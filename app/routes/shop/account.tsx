import { data, Form, Link, useLocation } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { CancelOrderConfirm, CancelOrderLink } from "~/components/shop/cancel-order";
import { ReturnForm } from "~/components/shop/return-form";
import { AccountSettings } from "~/components/shop/account-settings";
import { handleSettingsIntent, isSettingsIntent } from "./settings-action.server";
import { pendingEmailChange } from "~/server/accounts/settings.server";
import { lazyOverlay, serverOverlay } from "~/lib/lazy-overlay";
import { parseFormWith } from "~/server/platform/form.server";
import { requestReturn, returnOptions } from "~/server/orders/returns.server";
import { RETURN_REQUESTED } from "~/lib/messages/returns";
import { AddressManager } from "~/components/shop/address-manager";
import { OrderDetailsDialog } from "~/components/shop/order-details";
import { OrdersTable } from "~/components/shop/orders-table";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { otherDevicesSignedOut } from "~/lib/messages/accounts";
import { formatDateTime, listStatusClass } from "~/lib/orders";
import { IdSchema } from "~/lib/schemas/fields";
import { ReturnSchema } from "~/lib/schemas/orders";
import { withParams } from "~/lib/url";
import { handleAddressIntent } from "./address-action.server";
import { listAddresses } from "~/server/accounts/addresses.server";
import { shopSettings } from "~/server/settings/settings.server";
import { costSettingsOf, deliveryCountries } from "~/lib/costs/totals";
import { getOrder, listOrders } from "~/server/orders/orders.server";
import { cancelOrder } from "~/server/orders/refunds.server";
import { cancelledMessage } from "~/lib/messages/refunds";
import { ORDER_NOT_FOUND } from "~/lib/messages/checkout";
import { endOtherSessions, listSessions, type SignedInDevice, signedInUser } from "~/server/accounts/session.server";
import { readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/account";
import { pageTitle } from "~/lib/shop-name";

// The settings forms, like the return form, bring the form checks (zod, conform): they load when
// the tab or the form is opened; the server renders them directly.
const SettingsOnDemand = import.meta.env.SSR
  ? serverOverlay(AccountSettings)
  : lazyOverlay(() => import("~/components/shop/account-settings").then((m) => m.AccountSettings));

// The return form (with the form checks it brings) loads when it is opened; the server renders it directly.
const ReturnFormOnDemand = import.meta.env.SSR
  ? serverOverlay(ReturnForm)
  : lazyOverlay(() => import("~/components/shop/return-form").then((m) => m.ReturnForm));

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("My Account", matches) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const params = new URL(request.url).searchParams;
  const tab = ({ addresses: "addresses", devices: "devices", settings: "settings" } as const)[params.get("tab") ?? ""] ?? "orders";
  const orderParam = params.get("order");
  // Someone else's order id is simply not found (404), never shown.
  const order = orderParam ? (IdSchema.safeParse(orderParam).success ? await getOrder(orderParam, user.id) : null) : undefined;
  // What may be returned from it now (delivered, within the period), for "Return items".
  const returnChoices = order ? await returnOptions(order.id, user.id) : null;
  const [orders, addresses, devices, pendingEmail, settings] = await Promise.all([
    listOrders(user.id),
    listAddresses(user.id),
    tab === "devices" ? listSessions(context, user.id) : ([] as SignedInDevice[]),
    tab === "settings" ? pendingEmailChange(user.id) : null,
    shopSettings(),
  ]);
  return data(
    {
      userName: user.userName,
      email: user.email,
      pendingEmail,
      tab,
      orders,
      addresses,
      // Where a new address starts (issue 41), and the countries it may be in (issue 48).
      shopCountry: settings.country,
      countries: deliveryCountries(costSettingsOf(settings)),
      devices,
      order,
      returnChoices,
    },
    { status: order === null ? 404 : 200 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = signedInUser(context);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (isSettingsIntent(intent)) return handleSettingsIntent(request, context, user, intent, formData);
  if (intent === "end-other-sessions") {
    return redirectWithSuccess("/shop/account?tab=devices", otherDevicesSignedOut(await endOtherSessions(context, user.id)));
  }
  if (intent === "return") {
    const submission = parseFormWith(formData, ReturnSchema);
    if (submission.status !== "success") return data({ return: submission.reply() }, { status: 400 });
    const id = IdSchema.safeParse(formData.get("orderId"));
    if (!id.success) return redirectWithError("/shop/account", ORDER_NOT_FOUND);
    const outcome = await requestReturn(user.id, id.data, submission.value);
    if (!outcome.ok) return data({ return: submission.reply({ formErrors: [outcome.message] }) }, { status: outcome.status });
    return redirectWithSuccess(`/shop/account?order=${id.data}`, RETURN_REQUESTED);
  }
  if (intent === "cancel-order") {
    const id = IdSchema.safeParse(formData.get("orderId"));
    if (!id.success) return redirectWithError("/shop/account", ORDER_NOT_FOUND);
    const back = `/shop/account?order=${id.data}`;
    const outcome = await cancelOrder(user.id, id.data);
    if (!outcome.ok) return redirectWithError(outcome.status === 404 ? "/shop/account" : back, outcome.message);
    return redirectWithSuccess(back, cancelledMessage(outcome));
  }
  return handleAddressIntent(request, user, formData);
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { userName, email, pendingEmail, tab, orders, addresses, shopCountry, countries, devices, order, returnChoices } = loaderData;
  const location = useLocation();
  const returning = new URLSearchParams(location.search).get("return") === "new";
  const tabs = [
    { id: "orders", label: "My Orders", href: "/shop/account" },
    { id: "addresses", label: "My Addresses", href: "/shop/account?tab=addresses" },
    { id: "devices", label: "Devices", href: "/shop/account?tab=devices" },
    { id: "settings", label: "Settings", href: "/shop/account?tab=settings" },
  ];
  return (
    <div>
      <section className="bg-gray-900 py-12 text-center text-white">
        <h1 className="text-4xl font-extrabold">My Account</h1>
        <p className="mt-2 break-words px-4 text-gray-300">Welcome back, {userName}</p>
      </section>
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <nav aria-label="Account sections" className="mb-6 flex gap-2 overflow-x-auto border-b border-gray-200">
          {tabs.map((t) => (
            <Link
              key={t.id}
              to={t.href}
              aria-current={tab === t.id ? "page" : undefined}
              {...(t.id === "settings" ? { onPointerEnter: SettingsOnDemand.preload, onFocus: SettingsOnDemand.preload } : {})}
              className={cn(
                "-mb-px shrink-0 border-b-2 px-2 py-2 text-sm font-medium sm:px-4 sm:text-base",
                tab === t.id ? "border-gray-900 text-gray-900" : "border-transparent text-gray-600 hover:text-gray-900",
              )}
            >
              {t.label}
            </Link>
          ))}
        </nav>
        {tab === "orders" ? (
          <section aria-labelledby="orders-heading" className="rounded-lg border border-gray-200">
            <div className="flex items-center gap-2 border-b border-gray-200 p-4">
              <h2 id="orders-heading" className="text-lg font-bold">
                Your Orders
              </h2>
              <span className="rounded-full bg-gray-900 px-2 text-sm font-semibold text-white">{orders.length}</span>
            </div>
            {orders.length ? (
              <OrdersTable orders={orders} headings={["Order ID", "Date", "Status", "Amount"]} badgeClass={listStatusClass} />
            ) : (
              <div className="p-10 text-center">
                <p className="text-lg font-semibold">No orders found</p>
                <p className="mt-1 text-gray-600">You haven't placed any orders yet. Browse our products and make your first purchase!</p>
                <ButtonLink to="/shop/home" className="mt-4">
                  Browse Products
                </ButtonLink>
              </div>
            )}
          </section>
        ) : tab === "devices" ? (
          <DevicesSection devices={devices} />
        ) : tab === "settings" ? (
          <SettingsOnDemand
            userName={userName}
            email={email}
            pendingEmail={pendingEmail}
            result={actionData && "settings" in actionData ? actionData.settings : undefined}
          />
        ) : (
          <section aria-labelledby="addresses-heading">
            <h2 id="addresses-heading" className="mb-4 text-lg font-bold">
              My Addresses
            </h2>
            <AddressManager addresses={addresses} shopCountry={shopCountry} countries={countries} />
          </section>
        )}
      </div>
      {order !== undefined ? (
        <OrderDetailsDialog
          order={order}
          closeHref={withParams(location, { order: null, cancel: null, return: null })}
          notice={
            order && returning && returnChoices ? (
              <ReturnFormOnDemand
                orderId={order.id}
                choices={returnChoices}
                lastResult={actionData && "return" in actionData ? actionData.return : undefined}
              />
            ) : order ? (
              <CancelOrderConfirm order={order} />
            ) : null
          }
        >
          {order ? <CancelOrderLink order={order} /> : null}
          {order && returnChoices && !returning ? (
            <Link
              to={withParams(location, { return: "new" })}
              preventScrollReset
              onPointerEnter={ReturnFormOnDemand.preload}
              onFocus={ReturnFormOnDemand.preload}
              className={buttonClass({ variant: "outline" }, "print:hidden")}
            >
              Return items
            </Link>
          ) : null}
        </OrderDetailsDialog>
      ) : null}
    </div>
  );
}

/** Where the account is signed in, and a way to end every session but this one (a plain form). */
function DevicesSection({ devices }: { devices: SignedInDevice[] }) {
  const others = devices.filter((d) => !d.current).length;
  return (
    <section aria-labelledby="devices-heading" className="rounded-lg border border-gray-200">
      <div className="border-b border-gray-200 p-4">
        <h2 id="devices-heading" className="text-lg font-bold">
          Signed-in devices
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Each browser where you signed in. One you do not recognise? Sign out of all other devices below, and ask the shop to reset your
          password.
        </p>
      </div>
      <ul className="divide-y divide-gray-200">
        {devices.map((d) => (
          <li key={d.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4">
            <span className="font-medium">
              {d.device}
              {d.current ? (
                <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">This device</span>
              ) : null}
            </span>
            <span className="text-sm text-gray-600">
              Signed in {formatDateTime(d.createdAt)} · last active {formatDateTime(d.lastSeenAt)}
            </span>
          </li>
        ))}
      </ul>
      <Form method="post" className="border-t border-gray-200 p-4">
        <input type="hidden" name="intent" value="end-other-sessions" />
        <Button type="submit" variant="outline" disabled={others === 0}>
          Sign out of all other devices
        </Button>
      </Form>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
