import type * as z from "zod/mini";
import { SETTINGS_SAVED, SettingsChangeSchema } from "~/lib/settings";
import { apiError, json, methodNotAllowed, readBody, requireApiAdmin } from "~/server/platform/api.server";
import { saveSettings, shopSettings } from "~/server/settings/settings.server";
import type { Route } from "./+types/admin.settings";

// The owner's shop settings as JSON: the settings page's data and its Save. A PUT changes the
// settings it names and keeps the others, so a client that knows fewer settings than the shop
// (issue 41 adds some) never resets the ones it does not know. Money in dollars, rates in percent.

export async function loader({ context }: Route.LoaderArgs) {
  requireApiAdmin(context);
  return json({ success: true, data: await shopSettings() });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT");
  requireApiAdmin(context);
  const parsed = SettingsChangeSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, where(parsed.error.issues[0]));
  return json({ success: true, message: SETTINGS_SAVED, data: await saveSettings(parsed.data) });
}

/**
 * The first problem, said with the field it is in, unless the message starts with it:
 * "shippingZones[0].methods[1].price: The method's price must be 0 or more".
 */
function where(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return "Invalid input";
  const path = issue.path.map((part, i) => (typeof part === "number" ? `[${part}]` : `${i ? "." : ""}${String(part)}`)).join("");
  return path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message;
}
