import { LoginSchema } from "~/lib/schemas";
import { json, methodNotAllowed, readBody } from "~/server/api.server";
import { createUserSession } from "~/server/session.server";
import { INVALID_LOGIN, LOGGED_IN, verifyLogin } from "~/server/users.server";
import type { Route } from "./+types/auth.login";

export const loader = () => methodNotAllowed("POST");

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const parsed = LoginSchema.safeParse(await readBody(request));
  const user = parsed.success ? await verifyLogin(parsed.data) : null;
  if (!user) return json({ success: false, message: INVALID_LOGIN });
  return json(
    { success: true, message: LOGGED_IN, user },
    { headers: { "Set-Cookie": await createUserSession(request, user.id) } },
  );
}
