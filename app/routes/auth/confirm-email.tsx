import { getFormProps } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { AuthHeading } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { useSchemaForm } from "~/lib/form";
import { EMAIL_CHANGED, EMAIL_LINK_INVALID } from "~/lib/messages/accounts";
import { ConfirmEmailSchema } from "~/lib/schemas/accounts";
import { pageTitle } from "~/lib/shop-name";
import { currentUser } from "~/server/accounts/session.server";
import { confirmEmailChange, emailLinkTarget } from "~/server/accounts/settings.server";
import { parseFormWith, readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/confirm-email";

// /auth/confirm-email?token=...: the link e-mailed to a new address (Settings, "E-mail address").
// Opening the link changes nothing by itself (mail scanners open links too); the button does.
// For everyone, signed in or not (access.ts, OPEN_PATHS).

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Confirm your new e-mail address", matches) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const newEmail = token.length > 0 && token.length <= 200 ? await emailLinkTarget(token) : null;
  return data({ token, newEmail, signedIn: !!currentUser(context) }, { status: newEmail ? 200 : 410 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseFormWith(await readForm(request), ConfirmEmailSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const outcome = await confirmEmailChange(submission.value.token);
  if (!outcome.ok) return data(submission.reply({ formErrors: [outcome.message] }), { status: outcome.status });
  const user = currentUser(context);
  return redirectWithSuccess(user?.role === "user" ? "/shop/account?tab=settings" : "/auth/login", EMAIL_CHANGED);
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(ConfirmEmailSchema, { id: "confirm-email-form", lastResult: actionData });
  const back = loaderData.signedIn
    ? { prompt: "Changed your mind?", linkText: "Your account", to: "/shop/account?tab=settings" }
    : { prompt: "Changed your mind?", linkText: "Sign in", to: "/auth/login" };
  if (!loaderData.newEmail)
    return (
      <div className="space-y-6">
        <AuthHeading title="Confirm your new e-mail address" {...back} />
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {EMAIL_LINK_INVALID}
        </p>
        {loaderData.signedIn ? (
          <Link to="/shop/account?tab=settings" className="block text-center font-medium text-blue-700 hover:underline">
            Go to your settings
          </Link>
        ) : null}
      </div>
    );
  return (
    <div className="space-y-6">
      <AuthHeading title="Confirm your new e-mail address" {...back} />
      <p className="text-sm text-gray-700">
        From now on, sign in and get our e-mails at <span className="font-medium break-all">{loaderData.newEmail}</span>.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name={fields.token.name} value={loaderData.token} />
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          Use this address
        </Button>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
