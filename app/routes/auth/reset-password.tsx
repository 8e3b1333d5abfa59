import { getFormProps } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { AuthHeading } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { ErrorList, InputField } from "~/components/ui/field";
import { useSchemaForm } from "~/lib/form";
import { PASSWORD_RESET, RESET_LINK_INVALID } from "~/lib/messages/accounts";
import { ResetPasswordSchema } from "~/lib/schemas/accounts";
import { pageTitle } from "~/lib/shop-name";
import { useClearOnResult } from "~/lib/use-clear-on-result";
import { resetLinkValid, resetPassword } from "~/server/accounts/password-reset.server";
import { parseFormWith, readForm } from "~/server/platform/form.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Set a new password", matches) }];

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // An expired or used link says so at once, rather than after the new password is typed.
  const valid = token.length > 0 && token.length <= 200 && (await resetLinkValid(token));
  return data({ token, valid }, { status: valid ? 200 : 410 });
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseFormWith(await readForm(request), ResetPasswordSchema);
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const reset = await resetPassword(submission.value.token, submission.value.password, clientIp(request));
  if (!reset.ok)
    return data(submission.reply({ formErrors: [reset.message], hideFields: ["password"] }), {
      status: reset.status,
      headers: "headers" in reset ? reset.headers : undefined,
    });
  return redirectWithSuccess("/auth/login", PASSWORD_RESET);
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(ResetPasswordSchema, {
    id: "reset-password-form",
    lastResult: actionData,
    defaultValue: { token: loaderData.token },
  });
  useClearOnResult(actionData, fields.password.id);
  if (!loaderData.valid)
    return (
      <div className="space-y-6">
        <AuthHeading title="Set a new password" prompt="Remembered it?" linkText="Sign in" to="/auth/login" />
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {RESET_LINK_INVALID}
        </p>
        <Link to="/auth/forgot-password" className="block text-center font-medium text-blue-700 hover:underline">
          Ask for a new link
        </Link>
      </div>
    );
  return (
    <div className="space-y-6">
      <AuthHeading title="Set a new password" prompt="Remembered it?" linkText="Sign in" to="/auth/login" />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name={fields.token.name} value={loaderData.token} />
        <InputField
          label="New password"
          meta={fields.password}
          type="password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
        />
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          Set the new password
        </Button>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
