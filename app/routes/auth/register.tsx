import { data, Form, useNavigation, useSearchParams } from "react-router";
import { safeRedirectTo } from "~/lib/access";
import { redirectWithSuccess } from "remix-toast";
import { Button } from "~/components/ui/button";
import { AuthHeading } from "~/components/auth-card";
import { ErrorList, InputField } from "~/components/ui/field";
import { getFormProps } from "@conform-to/react";
import { useSchemaFormOnDemand } from "~/lib/form-on-demand";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useClearOnResult } from "~/lib/use-clear-on-result";
import { RegisterSchema } from "~/lib/schemas/accounts";
import { clientIp, limitAuthAttempt } from "~/server/platform/rate-limit.server";
import { registerUser } from "~/server/accounts/users.server";
import { parseFormWith, readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/register";
import { REGISTERED } from "~/lib/messages/accounts";
import { pageTitle } from "~/lib/shop-name";

const HONEYPOT = "website";

const loadRegisterCheck = () => import("~/lib/form-checks").then((m) => m.checkRegister);

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Create account", matches) }];

export async function loader() {
  // The form's constraints (required, lengths) from its schema, for its controls' attributes.
  return { constraint: getZodConstraint(RegisterSchema) };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseFormWith(formData, RegisterSchema);
  // Signing in follows, and then where the visitor was going (a checkout, say), when they came from there.
  const redirectTo = safeRedirectTo(formData.get("redirectTo"));
  const signIn = redirectTo ? `/auth/login?${new URLSearchParams({ redirectTo })}` : "/auth/login";
  // Honeypot: people never see this field; a bot that fills it is told "done" and nothing is stored.
  if (formData.get(HONEYPOT)) return redirectWithSuccess(signIn, REGISTERED);
  const limit = await limitAuthAttempt("register", clientIp(request), formData.get("email"));
  if (!limit.ok) {
    return data(submission.reply({ formErrors: [limit.message], hideFields: ["password"] }), { status: 429, headers: limit.headers });
  }
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const result = await registerUser(submission.value);
  if (!result.ok) {
    return data(submission.reply({ fieldErrors: { [result.field]: [result.message] }, hideFields: ["password"] }), {
      status: 400,
    });
  }
  // Orders placed as a guest with this address got a link to add them sent there, and nothing is
  // said of it here: whoever registers with an address does not learn that it bought here (issue 51).
  return redirectWithSuccess(signIn, REGISTERED);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useSchemaFormOnDemand<typeof RegisterSchema>(loadRegisterCheck, {
    id: "register-form",
    constraint: loaderData.constraint,
    lastResult: actionData,
  });
  useClearOnResult(actionData, fields.password.id);
  const redirectTo = safeRedirectTo(searchParams.get("redirectTo"));
  const signIn = redirectTo ? `/auth/login?${new URLSearchParams({ redirectTo })}` : "/auth/login";
  return (
    <div className="space-y-6">
      <AuthHeading title="Create new account" prompt="Already have an account" linkText="Login" to={signIn} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <InputField label="User Name" meta={fields.userName} type="text" autoComplete="username" placeholder="Enter your user name" />
        <InputField label="Email" meta={fields.email} type="email" autoComplete="email" placeholder="Enter your email" />
        <InputField label="Password" meta={fields.password} type="password" autoComplete="new-password" placeholder="Enter your password" />
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={HONEYPOT}>Leave this field empty</label>
          <input id={HONEYPOT} name={HONEYPOT} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          Sign Up
        </Button>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
