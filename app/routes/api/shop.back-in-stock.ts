import { mayUse } from "~/lib/access";
import { BackInStockSchema } from "~/lib/schemas/back-in-stock";
import { currentUser } from "~/server/accounts/session.server";
import { BACK_IN_STOCK_EMAIL_NEEDED, subscribeBackInStock } from "~/server/catalog/back-in-stock.server";
import { apiError, firstIssue, json, methodNotAllowed, readBody, requireApiCatalogueReader } from "~/server/platform/api.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import type { Route } from "./+types/shop.back-in-stock";

// "E-mail me when it's back" (issue 51): `{ variantId, email? }`. A signed-in shopper's address is
// their account's; a visitor of an open shop gives one. The same service as the product page's form.
export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  await requireApiCatalogueReader(context);
  const user = currentUser(context);
  if (user && !mayUse(user, "shop")) return apiError(403, "This action is for shoppers only.");
  const body = await readBody(request);
  // A shopper's address is their account's: whatever they send as `email` is not read.
  const parsed = BackInStockSchema.safeParse(user ? { ...body, email: undefined } : body);
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  if (!user && !parsed.data.email) return apiError(400, BACK_IN_STOCK_EMAIL_NEEDED);
  const result = await subscribeBackInStock(parsed.data, { user, ip: clientIp(request) });
  if (!result.ok) return apiError(result.status, result.message, result.headers);
  return json({ success: true, message: result.message });
}
