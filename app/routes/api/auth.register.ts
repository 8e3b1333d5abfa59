import { RegisterSchema } from "~/lib/schemas";
import { firstIssue, json, methodNotAllowed, readBody } from "~/server/api.server";
import { registerUser, REGISTERED } from "~/server/users.server";
import type { Route } from "./+types/auth.register";

export const loader = () => methodNotAllowed("POST");

// A refused registration answers 200 with success false, as the legacy client expects.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const parsed = RegisterSchema.safeParse(await readBody(request));
  if (!parsed.success) return json({ success: false, message: firstIssue(parsed.error) });
  const result = await registerUser(parsed.data);
  if (!result.ok) return json({ success: false, message: result.message });
  return json({ success: true, message: REGISTERED }, { status: 201 });
}
