import { LoginSchema } from "~/lib/schemas";
import { apiError, json, methodNotAllowed, readBody } from "~/server/platform/api.server";
import { clientIp, limitAuthAttempt } from "~/server/platform/rate-limit.server";
import { createUserSession } from "~/server/accounts/session.server";
import { verifyLogin } from "~/server/accounts/users.server";
import type { Route } from "./+types/auth.login";
import { INVALID_LOGIN, LOGGED_IN } from "~/lib/messages/accounts";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readBody(request);
  const limit = limitAuthAttempt("login", clientIp(context), body.email);
  if (!limit.ok) return apiError(429, limit.message, limit.headers);
  const parsed = LoginSchema.safeParse(body);
  const user = parsed.success ? await verifyLogin(parsed.data) : null;
  if (!user) return json({ success: false, message: INVALID_LOGIN });
  return json({ success: true, message: LOGGED_IN, user }, { headers: { "Set-Cookie": await createUserSession(request, user.id) } });
}
