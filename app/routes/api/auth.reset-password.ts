import { ResetPasswordSchema } from "~/lib/schemas/accounts";
import { apiError, firstIssue, json, methodNotAllowed, readBody } from "~/server/platform/api.server";
import { resetPassword } from "~/server/accounts/password-reset.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import type { Route } from "./+types/auth.reset-password";
import { PASSWORD_RESET } from "~/lib/messages/accounts";

export const loader = () => methodNotAllowed("POST");

/** `{ token, password }`: the link's token sets a new password once; every session of the account ends. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const parsed = ResetPasswordSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const reset = await resetPassword(parsed.data.token, parsed.data.password, clientIp(request));
  if (!reset.ok) return apiError(reset.status, reset.message, "headers" in reset ? reset.headers : undefined);
  return json({ success: true, message: PASSWORD_RESET });
}
