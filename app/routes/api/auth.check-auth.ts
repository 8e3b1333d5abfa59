import { apiError, json, methodNotAllowed } from "~/server/platform/api.server";
import { getSessionUser } from "~/server/accounts/session.server";
import type { Route } from "./+types/auth.check-auth";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) return apiError(401, "Unauthorised user!");
  return json({ success: true, message: "Authenticated user!", user });
}

export const action = () => methodNotAllowed("GET");
