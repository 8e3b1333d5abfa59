import { getFormProps } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { Button } from "~/components/ui/button";
import { ErrorList, InputField } from "~/components/ui/field";
import { useSchemaForm } from "~/lib/form";
import { OrderLookupSchema } from "~/lib/schemas/order-lookup";
import { pageTitle } from "~/lib/shop-name";
import { lookupGuestOrder } from "~/server/orders/guest-orders.server";
import { parseFormWith, readForm } from "~/server/platform/form.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import type { Route } from "./+types/order-lookup";

// /shop/orders/lookup (issue 51): a guest who lost the e-mail with their order's link asks for a
// new one by the order's number and the address it was placed with. The answer is the same whether
// or not there is such an order (a toast after the redirect); too many look-ups from one client
// address, or for one number, are refused beside the form (429). For anyone (access.ts).

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Find your order", matches) },
  { name: "robots", content: "noindex" },
];

/** A refused look-up's Retry-After reaches the page's answer too (a document takes only the headers a route gives it here). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return new Headers(retryAfter ? { "Retry-After": retryAfter } : {});
};

export async function action({ request }: Route.ActionArgs) {
  const submission = parseFormWith(await readForm(request), OrderLookupSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const asked = await lookupGuestOrder(submission.value, clientIp(request));
  if (!asked.ok) return data(submission.reply({ formErrors: [asked.message] }), { status: asked.status, headers: asked.headers });
  return redirectWithSuccess("/shop/orders/lookup", asked.message);
}

export default function OrderLookup({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(OrderLookupSchema, { id: "order-lookup-form", lastResult: actionData });
  return (
    <div className="mx-auto max-w-md space-y-6 px-4 py-12 sm:px-6">
      <div className="space-y-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900">Find your order</h1>
        <p className="text-sm text-gray-600">
          Ordered without an account? Enter your order number (it is in your confirmation e-mail) and the e-mail address you ordered with.
          We will e-mail you a link to your order.
        </p>
      </div>
      <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-lg border border-gray-200 p-4 sm:p-6">
        <InputField label="Order number" meta={fields.number} type="text" inputMode="numeric" autoComplete="off" placeholder="#1001" />
        <InputField label="Email" meta={fields.email} type="email" autoComplete="email" placeholder="you@example.com" />
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          E-mail me the link
        </Button>
      </Form>
      <p className="text-center text-sm text-gray-600">
        Have an account?{" "}
        <Link to="/auth/login" className="font-medium text-blue-700 hover:underline">
          Sign in
        </Link>{" "}
        to see all your orders.
      </p>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
