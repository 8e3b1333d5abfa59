import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { REMINDER_LINK_INVALID, REMINDERS_STOPPED } from "~/lib/messages/reminders";
import { pageTitle } from "~/lib/shop-name";
import { unsubscribeCartReminders, unsubscribeTarget } from "~/server/cart/reminders.server";
import type { Route } from "./+types/unsubscribe";

// /reminders/unsubscribe/:token: the cart reminder's "stop cart reminders" link (issue 51).
// Opening it changes nothing (mail scanners open links too); the button does, without or with
// JavaScript. For everyone, signed in or not (access.ts, REMINDER_LINKS). A link we never sent
// (guessed, cut short, changed) is a 404 that says so.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Stop cart reminders", matches) },
  { name: "robots", content: "noindex" },
];

export async function loader({ params }: Route.LoaderArgs) {
  const target = await unsubscribeTarget(params.token);
  return data({ email: target?.email ?? null }, { status: target ? 200 : 404 });
}

export async function action({ params }: Route.ActionArgs) {
  const stopped = await unsubscribeCartReminders(params.token);
  return data({ stopped }, { status: stopped ? 200 : 404 });
}

export default function StopCartReminders({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const heading = <h1 className="text-center text-3xl font-bold tracking-tight text-gray-900">Stop cart reminders</h1>;
  const shopLink = (
    <Link to="/shop/home" className="block text-center font-medium text-blue-700 hover:underline">
      Go to the shop
    </Link>
  );
  if (!loaderData.email || actionData?.stopped === false)
    return (
      <div className="space-y-6">
        {heading}
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {REMINDER_LINK_INVALID}
        </p>
        {shopLink}
      </div>
    );
  if (actionData?.stopped)
    return (
      <div className="space-y-6">
        {heading}
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
          {REMINDERS_STOPPED}
        </p>
        {shopLink}
      </div>
    );
  return (
    <div className="space-y-6">
      {heading}
      <p className="text-sm text-gray-700">
        No more e-mails about carts left behind to <span className="font-medium break-all">{loaderData.email}</span>. Orders, payments and
        your account still send theirs.
      </p>
      <Form method="post" className="space-y-4">
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          Stop cart reminders
        </Button>
      </Form>
      {shopLink}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
