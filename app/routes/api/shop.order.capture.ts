import { z } from "zod";
import { apiError, firstIssue, json, methodNotAllowed, readBody, requireApiShopper } from "~/server/platform/api.server";
import { completePayment } from "~/server/checkout/capture.server";
import type { Route } from "./+types/shop.order.capture";
import { ORDER_CONFIRMED, PAYMENT_MISSING } from "~/lib/messages/checkout";

const CaptureBody = z.object({
  paymentId: z.string({ error: PAYMENT_MISSING }).min(1, PAYMENT_MISSING).max(64, PAYMENT_MISSING),
  payerId: z.string({ error: PAYMENT_MISSING }).min(1, PAYMENT_MISSING).max(64, PAYMENT_MISSING),
  orderId: z.string().optional(),
});

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = requireApiShopper(context);
  const parsed = CaptureBody.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, firstIssue(parsed.error));
  const result = await completePayment(user, parsed.data.paymentId, parsed.data.payerId, parsed.data.orderId);
  // Declined by PayPal: the client sends the shopper to `approvalURL` to choose another way to pay.
  if (!result.ok && result.status === 402) {
    return json({ success: false, message: result.message, approvalURL: result.approvalUrl }, { status: 402 });
  }
  if (!result.ok) return apiError(result.status, result.message);
  return json({ success: true, message: ORDER_CONFIRMED, data: { orderId: result.orderId } });
}
