import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorList, InputField } from "~/components/ui/field";
import { useSchemaForm, type FormResult } from "~/lib/form";
import { formatDateTime } from "~/lib/orders";
import { ChangeEmailSchema, ChangePasswordSchema, CloseAccountSchema, UserNameSchema } from "~/lib/schemas/accounts";
import { useClearOnResult } from "~/lib/use-clear-on-result";

export type SettingsFormName = "user-name" | "password" | "email" | "cancel-email" | "close-account";

/**
 * The account's Settings tab: the user name, the e-mail address (confirmed from the new address),
 * the password, "Download my data" and "Close account". Plain forms posted to /shop/account with an
 * `intent`; each shows its own field errors (`result` is the refused form's reply).
 */
export function AccountSettings({
  userName,
  email,
  pendingEmail,
  result,
}: {
  userName: string;
  email: string;
  pendingEmail: { email: string; expiresAt: string } | null;
  result: { form: SettingsFormName; reply: FormResult } | undefined;
}) {
  const replyFor = (form: SettingsFormName) => (result?.form === form ? result.reply : undefined);
  return (
    <div className="space-y-6">
      <UserNameForm userName={userName} lastResult={replyFor("user-name")} />
      <EmailForm email={email} pendingEmail={pendingEmail} lastResult={replyFor("email")} />
      <PasswordForm lastResult={replyFor("password")} />
      <Card title="Your data" id="data-heading">
        <p className="text-sm text-gray-600">
          A copy of everything the shop keeps about you: your profile, addresses, orders and reviews, as one JSON file.
        </p>
        <a
          href="/shop/account/data.json"
          download
          className="inline-flex h-10 items-center rounded-md border border-gray-300 bg-white px-4 text-sm font-medium hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          Download my data
        </a>
      </Card>
      <CloseAccountForm lastResult={replyFor("close-account")} />
    </div>
  );
}

function Card({ title, id, children, danger }: { title: string; id: string; children: ReactNode; danger?: boolean }) {
  return (
    <section
      aria-labelledby={id}
      className={danger ? "space-y-3 rounded-lg border border-red-300 p-4" : "space-y-3 rounded-lg border border-gray-200 p-4"}
    >
      <h2 id={id} className={danger ? "text-lg font-bold text-red-800" : "text-lg font-bold"}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Whether this form is the one being sent now (its button waits). */
function useSending(intent: SettingsFormName) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function UserNameForm({ userName, lastResult }: { userName: string; lastResult: FormResult | undefined }) {
  const [form, fields] = useSchemaForm(UserNameSchema, { id: "user-name-form", lastResult, defaultValue: { userName } });
  const sending = useSending("user-name");
  return (
    <Card title="User name" id="user-name-heading">
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="user-name" />
        <InputField label="User name" meta={fields.userName} type="text" autoComplete="username" />
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <Button type="submit" disabled={sending}>
          Save user name
        </Button>
      </Form>
    </Card>
  );
}

function EmailForm({
  email,
  pendingEmail,
  lastResult,
}: {
  email: string;
  pendingEmail: { email: string; expiresAt: string } | null;
  lastResult: FormResult | undefined;
}) {
  const [form, fields] = useSchemaForm(ChangeEmailSchema, { id: "email-form", lastResult });
  useClearOnResult(lastResult, fields.currentPassword.id);
  const sending = useSending("email");
  return (
    <Card title="E-mail address" id="email-heading">
      <p className="text-sm">
        Now: <span className="font-medium break-all">{email}</span>
      </p>
      {pendingEmail ? <PendingEmailChange pendingEmail={pendingEmail} /> : null}
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="email" />
        <InputField label="New e-mail address" meta={fields.email} type="email" autoComplete="email" />
        <InputField label="Current password" meta={fields.currentPassword} type="password" autoComplete="current-password" />
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <p className="text-sm text-gray-600">We send a link to the new address; your address changes when you open it.</p>
        <Button type="submit" disabled={sending}>
          Send the confirmation link
        </Button>
      </Form>
    </Card>
  );
}

/** A change waiting for its link, and the way to call it off (where the notice to the old address leads). */
function PendingEmailChange({ pendingEmail }: { pendingEmail: { email: string; expiresAt: string } }) {
  const sending = useSending("cancel-email");
  return (
    <div className="space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      <p>
        Waiting for you to open the link we sent to <span className="font-medium break-all">{pendingEmail.email}</span> (until{" "}
        {formatDateTime(pendingEmail.expiresAt)}). Until then, sign in with your current address.
      </p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="cancel-email" />
        <Button type="submit" variant="outline" disabled={sending}>
          Cancel the change
        </Button>
      </Form>
    </div>
  );
}

function PasswordForm({ lastResult }: { lastResult: FormResult | undefined }) {
  const [form, fields] = useSchemaForm(ChangePasswordSchema, { id: "password-form", lastResult });
  useClearOnResult(lastResult, fields.currentPassword.id, fields.password.id);
  const sending = useSending("password");
  return (
    <Card title="Password" id="password-heading">
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="password" />
        <InputField label="Current password" meta={fields.currentPassword} type="password" autoComplete="current-password" />
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
        <p className="text-sm text-gray-600">Every other device signed in to your account is signed out.</p>
        <Button type="submit" disabled={sending}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}

function CloseAccountForm({ lastResult }: { lastResult: FormResult | undefined }) {
  const [form, fields] = useSchemaForm(CloseAccountSchema, { id: "close-account-form", lastResult });
  useClearOnResult(lastResult, fields.currentPassword.id);
  const sending = useSending("close-account");
  return (
    <Card title="Close account" id="close-heading" danger>
      <p className="text-sm text-gray-700">
        Your name, e-mail address, saved addresses and sign-ins are erased, and you are signed out everywhere. Your orders stay in the
        shop's books; your reviews stay, signed "Former customer". This cannot be undone, but you may register again with the same address.
        Download your data first if you want a copy.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="close-account" />
        <InputField label="Your password, to confirm" meta={fields.currentPassword} type="password" autoComplete="current-password" />
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <Button type="submit" variant="destructive" disabled={sending}>
          Close my account
        </Button>
      </Form>
    </Card>
  );
}
