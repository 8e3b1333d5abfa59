import { z } from "zod";
import { amountToCents } from "~/lib/money";
import { FULL_NAME_MAX, GuestCheckoutSchema } from "~/lib/schemas/guest-checkout";
import { currentUser } from "~/server/accounts/session.server";
import { readVisitorCart } from "~/server/cart/visitor-cart.server";
import { startGuestCheckout } from "~/server/checkout/guest.server";
import { apiError, firstIssue, methodNotAllowed, readBody } from "~/server/platform/api.server";
import { shopUrlFor } from "~/server/platform/config.server";
import { checkoutStartedResponse } from "./legacy-json.server";
import type { Route } from "./+types/shop.checkout.guest";

// POST /api/shop/checkout/guest (issue 51): a visitor's checkout without an account, from the cart
// their cart cookie names (filled on the shop's pages), when the owner allows it. The body names
// who and where: { email, name?, address: { address, city, pincode, phone, notes, country? },
// shippingMethod?, code?, expectedTotal?, remind? }; the answer is order create's.
const Body = z.object({
  email: z.unknown(),
  name: z.string({ error: "name must be text" }).optional(),
  address: z.record(z.string(), z.unknown(), { error: "address must be an object with address, city, pincode, phone and notes" }),
  shippingMethod: z.string({ error: "shippingMethod must be the id of a delivery method" }).max(40).optional(),
  code: z.string({ error: "code must be text" }).trim().min(1, "code must not be empty").max(40).optional(),
  expectedTotal: z.number({ error: "expectedTotal must be the order's total in dollars" }).nonnegative().max(1e9).optional(),
  remind: z.boolean({ error: "remind must be true or false" }).optional(),
});

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  if (currentUser(context)) return apiError(403, "You are signed in: check out with POST /api/shop/order/create.");
  const parsed = Body.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const { email, name, address, shippingMethod, code, expectedTotal, remind } = parsed.data;
  // Without a name, the e-mail address stands for it (the owner's panel, PayPal's parcel), cut to a
  // name's length: a long address the client never sent as a name is not refused as one.
  const fullName = name ?? (typeof email === "string" ? email.trim().slice(0, FULL_NAME_MAX) : "");
  const details = GuestCheckoutSchema.safeParse({ ...address, email, fullName, remind });
  if (!details.success) return apiError(400, firstIssue(details.error));
  const result = await startGuestCheckout(
    await readVisitorCart(request),
    details.data,
    shopUrlFor(request),
    shippingMethod ?? null,
    expectedTotal === undefined ? null : amountToCents(expectedTotal),
    code ?? null,
  );
  if (!result.ok) return apiError(result.status, result.message);
  return checkoutStartedResponse(result);
}
