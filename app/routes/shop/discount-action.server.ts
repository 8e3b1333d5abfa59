import { data } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { CART_EMPTY } from "~/lib/messages/checkout";
import { DISCOUNT_REMOVED } from "~/lib/messages/discounts-shopper";
import { ApplyDiscountSchema } from "~/lib/schemas/discounts";
import type { CartOwner } from "~/server/cart/cart.server";
import { applyDiscountCode, removeDiscountCode } from "~/server/discounts/apply.server";
import { parseFormWith } from "~/server/platform/form.server";
import { clientIp } from "~/server/platform/rate-limit.server";

export type DiscountIntent = "discount-apply" | "discount-remove";

/** The discount intent a form was sent with, if any (a button's `intent` beside the form's own). */
export function discountIntentOf(formData: FormData): DiscountIntent | null {
  const intents = formData.getAll("intent");
  if (intents.includes("discount-remove")) return "discount-remove";
  return intents.includes("discount-apply") ? "discount-apply" : null;
}

/**
 * What the discount code form asked of the cart of `owner` (null: a visitor without a cart): the
 * code applied or removed, with the toast's words; or refused, with the form's reply (the reason
 * beside the field, the code as typed), its status and the rate limit's headers.
 */
export async function changeDiscount(request: Request, owner: CartOwner | null, intent: DiscountIntent, formData: FormData) {
  if (intent === "discount-remove")
    return { ok: true as const, message: owner ? (await removeDiscountCode(owner)).message : DISCOUNT_REMOVED };
  const submission = parseFormWith(formData, ApplyDiscountSchema);
  if (submission.status !== "success") return { ok: false as const, reply: submission.reply(), status: 400, headers: undefined };
  const result = owner
    ? await applyDiscountCode(owner, submission.value.code, clientIp(request))
    : { ok: false as const, status: 400 as const, message: CART_EMPTY };
  if (result.ok) return { ok: true as const, message: result.message };
  return {
    ok: false as const,
    reply: submission.reply({ fieldErrors: { code: [result.message] } }),
    status: result.status,
    headers: "headers" in result ? result.headers : undefined,
  };
}

/**
 * The discount code form at checkout (`discount-apply`, `discount-remove`) for the cart of `owner`:
 * a code that applies and a removal redirect back with a toast; a refusal answers 4xx with the
 * reason beside the field, and the code as typed.
 */
export async function handleDiscountIntent(request: Request, owner: CartOwner | null, intent: DiscountIntent, formData: FormData) {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const change = await changeDiscount(request, owner, intent, formData);
  if (change.ok) return redirectWithSuccess(back, change.message);
  return data({ discount: change.reply }, { status: change.status, headers: change.headers });
}
