import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { pageTitle } from "~/lib/shop-name";
import { findUnsubscribe, unsubscribeBackInStock } from "~/server/catalog/back-in-stock.server";
import { readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/back-in-stock-unsubscribe";

// /back-in-stock/unsubscribe?token=...: the link in a back-in-stock e-mail (issue 51). Opening it
// changes nothing (mail scanners open links too); the button removes the subscription, and every
// other one of that address still waiting. For anyone holding the link (access.ts, OPEN_PATHS).
// A token that is not one of ours: "This link is not valid", 404.

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Back-in-stock e-mails", matches) }];

export const LINK_NOT_VALID = "This link is not valid. It may have been used already, or copied only in part.";

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const target = await findUnsubscribe(token);
  return data({ token, target }, { status: target ? 200 : 404 });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const done = await unsubscribeBackInStock(form.get("token"));
  return data({ done }, { status: done ? 200 : 404 });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const heading = (
    <h1 className="text-center text-3xl font-bold tracking-tight text-gray-900" id="unsubscribe-heading">
      Back-in-stock e-mails
    </h1>
  );
  if (actionData) {
    return (
      <div className="space-y-6">
        {heading}
        {actionData.done ? (
          <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
            You're unsubscribed: we won't e-mail <span className="font-medium break-all">{actionData.done.email}</span> when a size is back
            in stock.
          </p>
        ) : (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {LINK_NOT_VALID}
          </p>
        )}
        <ShopLink />
      </div>
    );
  }
  const target = loaderData.target;
  if (!target) {
    return (
      <div className="space-y-6">
        {heading}
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {LINK_NOT_VALID}
        </p>
        <ShopLink />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {heading}
      <p className="text-sm text-gray-700">
        Stop e-mailing <span className="font-medium break-all">{target.email}</span> about{" "}
        <span className="font-medium">{target.name}</span> and any other size it waits for?
      </p>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          Unsubscribe
        </Button>
      </Form>
      <Link to={target.productPath} className="block text-center text-sm font-medium text-blue-700 hover:underline">
        Back to the product
      </Link>
    </div>
  );
}

function ShopLink() {
  return (
    <Link to="/shop/home" className="block text-center text-sm font-medium text-blue-700 hover:underline">
      Go to the shop
    </Link>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
