import { getFormProps } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { AuthHeading } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { ErrorList, InputField } from "~/components/ui/field";
import { useSchemaForm } from "~/lib/form";
import { RESET_SENT } from "~/lib/messages/accounts";
import { ForgotPasswordSchema } from "~/lib/schemas/accounts";
import { pageTitle } from "~/lib/shop-name";
import { requestPasswordReset } from "~/server/accounts/password-reset.server";
import { parseFormWith, readForm } from "~/server/platform/form.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Forgot password", matches) }];

export async function action({ request }: Route.ActionArgs) {
  const submission = parseFormWith(await readForm(request), ForgotPasswordSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const asked = await requestPasswordReset(submission.value.email, clientIp(request));
  if (!asked.ok) return data(submission.reply({ formErrors: [asked.message] }), { status: 429, headers: asked.headers });
  // The same answer whether or not the address has an account.
  return redirectWithSuccess("/auth/login", RESET_SENT);
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(ForgotPasswordSchema, { id: "forgot-password-form", lastResult: actionData });
  return (
    <div className="space-y-6">
      <AuthHeading title="Forgot your password?" prompt="Remembered it?" linkText="Sign in" to="/auth/login" />
      <p className="text-sm text-gray-600">Enter the e-mail address of your account. We will send you a link to set a new password.</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <InputField label="Email" meta={fields.email} type="email" autoComplete="email" placeholder="Enter your email" />
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          Send the link
        </Button>
      </Form>
      <p className="text-center text-sm">
        <Link to="/auth/register" className="font-medium text-blue-700 hover:underline">
          Create an account instead
        </Link>
      </p>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
