import { z } from "zod";
import { IdSchema } from "~/lib/schemas";
import { apiError, assertOwnUserId, firstIssue, json, methodNotAllowed, readBody, requireApiShopper } from "~/server/api.server";
import { completePayment, startCheckout } from "~/server/checkout.server";
import { getOrder, listOrders } from "~/server/orders.server";
import type { Route } from "./+types/shop.order";
import { shopUrlFor } from "~/server/config.server";

// /api/shop/order/{create | capture | list/:userId | details/:orderId}
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireApiShopper(request);
  const [op, id] = (params["*"] ?? "").split("/");
  if (op === "list") {
    assertOwnUserId(user, id);
    return json({ success: true, data: await listOrders(user.id) });
  }
  if (op === "details") {
    const orderId = IdSchema.safeParse(id);
    const order = orderId.success ? await getOrder(orderId.data, user.id) : null;
    if (!order) return apiError(404, "Order not found");
    const { user: _owner, ...data } = order;
    return json({ success: true, data });
  }
  return op === "create" || op === "capture" ? methodNotAllowed("POST") : apiError(404, "Not found");
}

// Only the address id is taken from the legacy create body: items, prices and the total come
// from the shopper's cart and the database, whatever the client sent.
const CreateBody = z.object({
  userId: z.string().optional(),
  addressInfo: z.object(
    { addressId: z.string({ error: "Please select one address to proceed." }) },
    { error: "Please select one address to proceed." },
  ),
});
const CaptureBody = z.object({
  paymentId: z.string({ error: "Missing payment information. Please try again." }).min(1).max(64),
  payerId: z.string({ error: "Missing payment information. Please try again." }).min(1).max(64),
  orderId: z.string().optional(),
});

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiShopper(request);
  const op = params["*"];
  if (op === "create") {
    const body = await readBody(request);
    assertOwnUserId(user, body.userId);
    const parsed = CreateBody.safeParse(body);
    if (!parsed.success) return apiError(400, firstIssue(parsed.error));
    const result = await startCheckout(user, parsed.data.addressInfo.addressId, shopUrlFor(request));
    if (!result.ok) return apiError(result.status, result.message);
    return json({ success: true, approvalURL: result.approvalUrl, orderId: result.orderId }, { status: 201 });
  }
  if (op === "capture") {
    const parsed = CaptureBody.safeParse(await readBody(request));
    if (!parsed.success) return apiError(400, firstIssue(parsed.error));
    const result = await completePayment(user, parsed.data.paymentId, parsed.data.payerId, parsed.data.orderId);
    if (!result.ok) return apiError(result.status, result.message);
    return json({ success: true, message: "Order confirmed", data: { orderId: result.orderId } });
  }
  return apiError(404, "Not found");
}
