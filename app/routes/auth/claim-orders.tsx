import { getFormProps } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { AuthHeading } from "~/components/auth-card";
import { Button, ButtonLink } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { signInTo } from "~/lib/access";
import { useSchemaForm } from "~/lib/form";
import { CLAIM_LINK_INVALID, CLAIM_OTHER_ACCOUNT, guestOrdersClaimed } from "~/lib/messages/order-claims";
import { ClaimOrdersSchema } from "~/lib/schemas/accounts";
import { pageTitle } from "~/lib/shop-name";
import { claimGuestOrders, claimTarget } from "~/server/accounts/order-claims.server";
import { currentUser } from "~/server/accounts/session.server";
import { parseFormWith, readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/claim-orders";

// /auth/claim-orders?token=...: the link e-mailed after someone registered or signed in with an
// address that orders were placed with as a guest (issue 51, order-claims.server.ts). Opening the
// link changes nothing by itself (mail scanners open links too); the button does, for the account
// the link was sent for, signed in: the link proves the address, the password the account (someone
// who registered with another person's address gets nothing when that person presses it). Open to
// everyone (access.ts, OPEN_PATHS): a visitor is asked to sign in and comes back here.

const ORDERS = "/shop/account?tab=orders";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Add your orders to your account", matches) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const user = currentUser(context);
  const target = token.length > 0 && token.length <= 200 ? await claimTarget(token, user?.id ?? null) : null;
  return data(
    { token, target, signedIn: !!user, signInHere: signInTo(`/auth/claim-orders?${new URLSearchParams({ token })}`) },
    { status: target ? 200 : 410 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseFormWith(await readForm(request), ClaimOrdersSchema);
  if (submission.status !== "success") return data(submission.reply({ formErrors: [CLAIM_LINK_INVALID] }), { status: 410 });
  const user = currentUser(context);
  // Not signed in (a form sent without the page): sign in first, then back to the link's page.
  if (!user) {
    if (!(await claimTarget(submission.value.token, null)))
      return data(submission.reply({ formErrors: [CLAIM_LINK_INVALID] }), { status: 410 });
    return redirect(signInTo(`/auth/claim-orders?${new URLSearchParams({ token: submission.value.token })}`));
  }
  const outcome = await claimGuestOrders(submission.value.token, user.id);
  if (!outcome.ok) return data(submission.reply({ formErrors: [outcome.message] }), { status: outcome.status });
  return redirectWithSuccess(ORDERS, guestOrdersClaimed(outcome.count));
}

export default function ClaimOrders({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(ClaimOrdersSchema, { id: "claim-orders-form", lastResult: actionData });
  const { target, signedIn } = loaderData;
  const back = signedIn
    ? { prompt: "Not now?", linkText: "Your orders", to: ORDERS }
    : { prompt: "Not now?", linkText: "Sign in", to: "/auth/login" };
  const title = target?.count === 1 ? "Add your earlier order to your account" : "Add your earlier orders to your account";
  if (!target)
    return (
      <div className="space-y-6">
        <AuthHeading title={title} {...back} />
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {CLAIM_LINK_INVALID}
        </p>
        {signedIn ? (
          <Link to={ORDERS} className="block text-center font-medium text-blue-700 hover:underline">
            Go to your orders
          </Link>
        ) : null}
      </div>
    );
  return (
    <div className="space-y-6">
      <AuthHeading title={title} {...back} />
      <p className="text-sm text-gray-700">
        {target.count === 0
          ? "The orders placed as a guest with "
          : `${target.count === 1 ? "1 order was" : `${target.count} orders were`} placed as a guest with `}
        <span className="font-medium break-all">{target.email}</span>
        {target.count === 0
          ? " are already in your account."
          : `. Add ${target.count === 1 ? "it" : "them"} to your account to follow ${target.count === 1 ? "it" : "them"} with your other orders. The links in earlier e-mails about ${target.count === 1 ? "it" : "them"} stop working.`}
      </p>
      {!signedIn ? (
        <ButtonLink to={loaderData.signInHere} className="w-full">
          Sign in to add {target.count === 1 ? "it" : "them"}
        </ButtonLink>
      ) : !target.forYou ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {CLAIM_OTHER_ACCOUNT}
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name={fields.token.name} value={loaderData.token} />
          <div role="alert">
            <ErrorList id={form.errorId} errors={form.errors} />
          </div>
          <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
            {target.count === 1 ? "Add the order to my account" : "Add the orders to my account"}
          </Button>
        </Form>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
