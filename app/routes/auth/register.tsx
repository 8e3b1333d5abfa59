import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { Button } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/field";
import { useClearOnResult } from "~/lib/use-clear-on-result";
import { RegisterSchema } from "~/lib/schemas";
import { guard } from "~/server/session.server";
import { registerUser, REGISTERED } from "~/server/users.server";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = () => [{ title: "Create account | Fashion Shop" }];

export async function loader({ request }: Route.LoaderArgs) {
  await guard(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await guard(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: RegisterSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const result = await registerUser(submission.value);
  if (!result.ok) {
    return data(submission.reply({ fieldErrors: { [result.field]: [result.message] }, hideFields: ["password"] }), {
      status: 400,
    });
  }
  return redirectWithSuccess("/auth/login", REGISTERED);
}

export default function Register({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData,
    constraint: getZodConstraint(RegisterSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
  });
  useClearOnResult(actionData, fields.password.id);
  return (
    <div className="space-y-6">
      <div className="space-y-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900">Create new account</h1>
        <p className="text-sm text-gray-600">
          Already have an account{" "}
          <Link to="/auth/login" className="font-medium text-blue-700 hover:underline">
            Login
          </Link>
        </p>
      </div>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <Field
          label="User Name"
          errorId={fields.userName.errorId}
          errors={fields.userName.errors}
          inputProps={{
            ...getInputProps(fields.userName, { type: "text" }),
            autoComplete: "username",
            placeholder: "Enter your user name",
          }}
        />
        <Field
          label="Email"
          errorId={fields.email.errorId}
          errors={fields.email.errors}
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "email",
            placeholder: "Enter your email",
          }}
        />
        <Field
          label="Password"
          errorId={fields.password.errorId}
          errors={fields.password.errors}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "new-password",
            placeholder: "Enter your password",
          }}
        />
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
