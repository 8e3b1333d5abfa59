import { json, methodNotAllowed } from "~/server/platform/api.server";
import { destroyUserSession } from "~/server/accounts/session.server";
import type { Route } from "./+types/auth.logout";
import { LOGGED_OUT } from "~/lib/messages/accounts";

export const loader = () => methodNotAllowed("POST");

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return json({ success: true, message: LOGGED_OUT }, { headers: { "Set-Cookie": await destroyUserSession(request) } });
}
