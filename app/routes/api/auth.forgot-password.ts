import { ForgotPasswordSchema } from "~/lib/schemas/accounts";
import { apiError, firstIssue, json, methodNotAllowed, readBody } from "~/server/platform/api.server";
import { requestPasswordReset } from "~/server/accounts/password-reset.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import type { Route } from "./+types/auth.forgot-password";
import { RESET_SENT } from "~/lib/messages/accounts";

export const loader = () => methodNotAllowed("POST");

/** `{ email }`: the same answer whether or not the address has an account. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const parsed = ForgotPasswordSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const asked = await requestPasswordReset(parsed.data.email, clientIp(request));
  if (!asked.ok) return apiError(429, asked.message, asked.headers);
  return json({ success: true, message: RESET_SENT });
}
