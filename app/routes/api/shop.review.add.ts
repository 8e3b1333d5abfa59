import * as z from "zod/mini";
import { ReviewSchema } from "~/lib/schemas/reviews";
import { apiError, firstIssue, json, methodNotAllowed, readBody, requireApiShopper } from "~/server/platform/api.server";
import { addReview } from "~/server/catalog/reviews.server";
import type { Route } from "./+types/shop.review.add";
import { REVIEW_ADDED } from "~/lib/messages/catalog";
import { reviewJson } from "./legacy-json.server";

export const loader = () => methodNotAllowed("POST");

// The legacy body names the reviewer; we only accept it when it is the signed-in shopper.
const Body = z.extend(ReviewSchema, {
  userId: z.optional(z.string()),
  userName: z.optional(z.string()),
});

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = requireApiShopper(context);
  const parsed = Body.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const { userId, userName, ...input } = parsed.data;
  if ((userId !== undefined && userId !== user.id) || (userName !== undefined && userName !== user.userName)) {
    return apiError(403, "You can only post reviews as yourself.");
  }
  const result = await addReview(user, input);
  if (!result.ok) return apiError(result.status, result.message);
  return json({ success: true, message: REVIEW_ADDED, data: reviewJson(result.review) }, { status: 201 });
}
