import { BannerUrlSchema } from "~/lib/schemas/banners";
import { apiError, firstIssue, json, methodNotAllowed, readBody, requireApiAdmin } from "~/server/platform/api.server";
import { addBanner } from "~/server/admin/banners.server";
import type { Route } from "./+types/common.feature.add";
import { BANNER_ADDED } from "~/lib/messages/admin";
import { bannerJson } from "./legacy-json.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  requireApiAdmin(context);
  const parsed = BannerUrlSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  return json({ success: true, message: BANNER_ADDED, data: bannerJson(await addBanner(parsed.data.image)) }, { status: 201 });
}
