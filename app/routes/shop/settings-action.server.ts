import { data, type RouterContextProvider } from "react-router";
import { redirectWithInfo, redirectWithSuccess } from "remix-toast";
import type { SettingsFormName as SettingsForm } from "~/components/shop/account-settings";
import type { SessionUser } from "~/lib/access";
import type { FormResult } from "~/lib/form";
import {
  ACCOUNT_CLOSED,
  EMAIL_CHANGE_CANCELLED,
  EMAIL_CHANGE_SENT,
  NO_EMAIL_CHANGE,
  PASSWORD_CHANGED,
  USER_NAME_CHANGED,
  otherDevicesSignedOut,
} from "~/lib/messages/accounts";
import { ChangeEmailSchema, ChangePasswordSchema, CloseAccountSchema, UserNameSchema } from "~/lib/schemas/accounts";
import { closeAccount } from "~/server/accounts/close.server";
import { currentSessionKey, destroyUserSession } from "~/server/accounts/session.server";
import {
  cancelEmailChange,
  changePassword,
  changeUserName,
  requestEmailChange,
  type SettingsRefusal,
} from "~/server/accounts/settings.server";
import { forgetDevice } from "~/server/accounts/sign-in.server";
import { parseFormWith } from "~/server/platform/form.server";

/** The forms of the account's Settings tab, by their `intent`. */
const SETTINGS_FORMS: readonly SettingsForm[] = ["user-name", "password", "email", "cancel-email", "close-account"];

/** What a refused settings form answers: which form, and conform's reply for it. */
type SettingsResult = { settings: { form: SettingsForm; reply: FormResult } };

const SETTINGS = "/shop/account?tab=settings";
const PASSWORDS = ["currentPassword", "password"];

export const isSettingsIntent = (intent: unknown): intent is SettingsForm => SETTINGS_FORMS.includes(intent as SettingsForm);

/**
 * Handles one of the Settings tab's forms (posted to /shop/account): field errors come back with
 * the form they belong to (and a 4xx), a change redirects to the tab with a toast, and closing the
 * account signs this browser out on the way to the sign-in page.
 */
export async function handleSettingsIntent(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: SessionUser,
  form: SettingsForm,
  formData: FormData,
) {
  if (form === "cancel-email")
    return (await cancelEmailChange(user.id))
      ? redirectWithSuccess(SETTINGS, EMAIL_CHANGE_CANCELLED)
      : redirectWithInfo(SETTINGS, NO_EMAIL_CHANGE);
  const refused = (reply: FormResult, status: number, headers?: Record<string, string>) =>
    data<SettingsResult>({ settings: { form, reply } }, { status, headers });
  const schema = {
    "user-name": UserNameSchema,
    password: ChangePasswordSchema,
    email: ChangeEmailSchema,
    "close-account": CloseAccountSchema,
  }[form];
  const submission = parseFormWith(formData, schema);
  if (submission.status !== "success") return refused(submission.reply({ hideFields: PASSWORDS }), 400);
  const refusal = (outcome: SettingsRefusal) =>
    refused(
      submission.reply({
        ...(outcome.field ? { fieldErrors: { [outcome.field]: [outcome.message] } } : { formErrors: [outcome.message] }),
        hideFields: PASSWORDS,
      }),
      outcome.status,
      outcome.headers,
    );
  const values = submission.value as Record<string, string>;

  if (form === "user-name") {
    const outcome = await changeUserName(user.id, values.userName!);
    return outcome.ok ? redirectWithSuccess(SETTINGS, USER_NAME_CHANGED) : refusal(outcome);
  }
  if (form === "password") {
    const outcome = await changePassword(
      user.id,
      { currentPassword: values.currentPassword!, password: values.password! },
      currentSessionKey(context),
    );
    if (!outcome.ok) return refusal(outcome);
    return redirectWithSuccess(
      SETTINGS,
      outcome.signedOut ? `${PASSWORD_CHANGED}. ${otherDevicesSignedOut(outcome.signedOut)}` : PASSWORD_CHANGED,
    );
  }
  if (form === "email") {
    const outcome = await requestEmailChange(user.id, { email: values.email!, currentPassword: values.currentPassword! });
    return outcome.ok ? redirectWithSuccess(SETTINGS, EMAIL_CHANGE_SENT(outcome.email)) : refusal(outcome);
  }
  const outcome = await closeAccount(user.id, values.currentPassword!);
  if (!outcome.ok) return refusal(outcome);
  const headers = new Headers();
  headers.append("Set-Cookie", await destroyUserSession(request));
  headers.append("Set-Cookie", await forgetDevice(request, user.email));
  return redirectWithSuccess("/auth/login", ACCOUNT_CLOSED, { headers });
}
