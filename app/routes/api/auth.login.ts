import { apiError, json, methodNotAllowed } from "~/server/platform/api.server";
import { authenticator } from "~/server/accounts/sign-in.server";
import type { Route } from "./+types/auth.login";
import { LOGGED_IN } from "~/lib/messages/accounts";

export const loader = () => methodNotAllowed("POST");

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const result = await authenticator.authenticate("json", request);
  if (!result.ok && result.status === 429) return apiError(429, result.message, result.headers);
  if (!result.ok && result.status === 403) return apiError(403, result.message);
  // A refused login answers 200 with success false, as the legacy client expects.
  if (!result.ok) return json({ success: false, message: result.message });
  // Issue 51, a new field: how many orders placed as a guest with the account's address wait for the link e-mailed to it.
  return json({ success: true, message: LOGGED_IN, user: result.user }, { headers: result.headers });
}
