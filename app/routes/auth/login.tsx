import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { Button } from "~/components/ui/button";
import { AuthHeading } from "~/components/auth-card";
import { ErrorList, InputField } from "~/components/ui/field";
import { homeFor, safeRedirectTo } from "~/lib/access";
import { getFormProps } from "@conform-to/react";
import { useSchemaFormOnDemand } from "~/lib/form-on-demand";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useClearOnResult } from "~/lib/use-clear-on-result";
import { LoginSchema } from "~/lib/schemas/accounts";
import { authenticator } from "~/server/accounts/sign-in.server";
import { parseFormWith, readForm } from "~/server/platform/form.server";
import type { Route } from "./+types/login";
import { LOGGED_IN, MEMBERS_ONLY } from "~/lib/messages/accounts";
import { isShopOpen } from "~/server/settings/settings.server";
import { pageTitle } from "~/lib/shop-name";

const loadLoginCheck = () => import("~/lib/form-checks").then((m) => m.checkLogin);

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Sign in", matches) }];

export async function loader({ request }: Route.LoaderArgs) {
  // A visitor sent here from a shop page (a shared link) of a shop closed to visitors is told why.
  const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get("redirectTo"));
  const membersOnly = !!redirectTo?.startsWith("/shop/") && !(await isShopOpen());
  // The form's constraints (required, lengths) from its schema, for its controls' attributes.
  return { constraint: getZodConstraint(LoginSchema), membersOnly };
}

export async function action({ request }: Route.ActionArgs) {
  // The form for the answer (field errors, the e-mail kept), read from a copy: remix-auth's
  // FormStrategy reads the request itself. An unreadable body is a 4xx here, before any attempt.
  const formData = await readForm(request.clone());
  const submission = parseFormWith(formData, LoginSchema);
  // Where to go after: read (and made safe to send) before the sign-in writes anything.
  const redirectTo = safeRedirectTo(formData.get("redirectTo"));
  const result = await authenticator.authenticate("form", request);
  if (!result.ok && result.status === 429) {
    return data(submission.reply({ formErrors: [result.message], hideFields: ["password"] }), { status: 429, headers: result.headers });
  }
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  // A wrong password (400), or a blocked account (403).
  if (!result.ok) {
    return data(submission.reply({ formErrors: [result.message], hideFields: ["password"] }), { status: result.status });
  }
  const target = redirectTo ?? homeFor(result.user);
  // With what became of a visitor's cart, when they had one. (Guest orders of the address get a
  // link sent there, unsaid here: the address is not proven to be the signed-in person's.)
  const description = result.cartNotices.join(" ") || undefined;
  return redirectWithSuccess(target, { message: LOGGED_IN, description }, { headers: result.headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useSchemaFormOnDemand<typeof LoginSchema>(loadLoginCheck, {
    id: "login-form",
    constraint: loaderData.constraint,
    lastResult: actionData,
  });
  useClearOnResult(actionData, fields.password.id);
  const redirectTo = safeRedirectTo(searchParams.get("redirectTo")) ?? "";
  // Registering on the way (a visitor going to checkout) comes back here, then to where they were going.
  const register = redirectTo ? `/auth/register?${new URLSearchParams({ redirectTo })}` : "/auth/register";
  return (
    <div className="space-y-6">
      <AuthHeading title="Sign in to your account" prompt="Don't have an account" linkText="Register" to={register} />
      {loaderData.membersOnly ? (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="members-only">
          {MEMBERS_ONLY}
        </p>
      ) : redirectTo.startsWith("/shop/checkout") ? (
        <p className="rounded-md bg-blue-50 p-3 text-sm text-blue-900">
          Sign in or create an account to check out. Your cart comes with you.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <InputField label="Email" meta={fields.email} type="email" autoComplete="email" placeholder="Enter your email" />
        <InputField
          label="Password"
          meta={fields.password}
          type="password"
          autoComplete="current-password"
          placeholder="Enter your password"
        />
        <p className="text-right text-sm">
          <Link to="/auth/forgot-password" className="font-medium text-blue-700 hover:underline">
            Forgot password?
          </Link>
        </p>
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          Sign In
        </Button>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
