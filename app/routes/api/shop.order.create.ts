import { z } from "zod";
import { apiError, assertOwnUserId, firstIssue, methodNotAllowed, readBody, requireApiShopper } from "~/server/platform/api.server";
import { startCheckout } from "~/server/checkout/start.server";
import { shopUrlFor } from "~/server/platform/config.server";
import { checkoutStartedResponse } from "./legacy-json.server";
import type { Route } from "./+types/shop.order.create";
import { SELECT_ADDRESS } from "~/lib/messages/checkout";
import { amountToCents } from "~/lib/money";

// Only the address id (and, since issue 41, the delivery method's id) is taken from the legacy
// create body: items, prices, shipping, tax and the total come from the shopper's cart, the
// settings and the database, whatever the client sent. Without a method, the cheapest to the
// address. The answer gains what the order costs beyond its lines, and the order's number. With
// `expectedTotal` (dollars, the total the client showed), an order that would cost anything else
// is refused, as the checkout page refuses it: 409, nothing written.
const CreateBody = z.object({
  userId: z.string().optional(),
  addressInfo: z.object({ addressId: z.string({ error: SELECT_ADDRESS }) }, { error: SELECT_ADDRESS }),
  shippingMethod: z.string({ error: "shippingMethod must be the id of a delivery method" }).max(40).optional(),
  expectedTotal: z.number({ error: "expectedTotal must be the order's total in dollars" }).nonnegative().max(1e9).optional(),
});

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = requireApiShopper(context);
  const body = await readBody(request);
  assertOwnUserId(user, body.userId);
  const parsed = CreateBody.safeParse(body);
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const { addressInfo, shippingMethod, expectedTotal } = parsed.data;
  const expectedCents = expectedTotal === undefined ? null : amountToCents(expectedTotal);
  const result = await startCheckout(user, addressInfo.addressId, shopUrlFor(request), shippingMethod ?? null, expectedCents);
  if (!result.ok) return apiError(result.status, result.message);
  return checkoutStartedResponse(result);
}
