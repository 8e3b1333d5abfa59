import { RegisterSchema } from "~/lib/schemas/accounts";
import { apiError, firstIssue, json, methodNotAllowed, readBody } from "~/server/platform/api.server";
import { clientIp, limitAuthAttempt } from "~/server/platform/rate-limit.server";
import { registerUser } from "~/server/accounts/users.server";
import type { Route } from "./+types/auth.register";
import { REGISTERED } from "~/lib/messages/accounts";

export const loader = () => methodNotAllowed("POST");

// A refused registration answers 200 with success false, as the legacy client expects.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readBody(request);
  const limit = await limitAuthAttempt("register", clientIp(request), body.email);
  if (!limit.ok) return apiError(429, limit.message, limit.headers);
  const parsed = RegisterSchema.safeParse(body);
  if (!parsed.success) return json({ success: false, message: firstIssue(parsed.error) });
  const result = await registerUser(parsed.data);
  if (!result.ok) return json({ success: false, message: result.message });
  // Issue 51, a new field: how many orders placed as a guest with this address wait for the link e-mailed to it.
  return json({ success: true, message: REGISTERED }, { status: 201 });
}
