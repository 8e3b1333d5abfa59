import { data } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import type { SessionUser } from "~/lib/access";
import { ApplyDiscountSchema } from "~/lib/schemas/discounts";
import { applyDiscountCode, removeDiscountCode } from "~/server/discounts/apply.server";
import { parseFormWith } from "~/server/platform/form.server";
import { clientIp } from "~/server/platform/rate-limit.server";

/**
 * The discount code form at checkout (`discount-apply`, `discount-remove`): a code that applies
 * and a removal redirect back with a toast; a refusal answers 4xx with the reason beside the field,
 * and the code as typed.
 */
export async function handleDiscountIntent(
  request: Request,
  user: SessionUser,
  intent: "discount-apply" | "discount-remove",
  formData: FormData,
) {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  if (intent === "discount-remove") return redirectWithSuccess(back, (await removeDiscountCode(user.id)).message);
  const submission = parseFormWith(formData, ApplyDiscountSchema);
  if (submission.status !== "success") return data({ discount: submission.reply() }, { status: 400 });
  const result = await applyDiscountCode(user.id, submission.value.code, clientIp(request));
  if (!result.ok)
    return data(
      { discount: submission.reply({ fieldErrors: { code: [result.message] } }) },
      { status: result.status, headers: "headers" in result ? result.headers : undefined },
    );
  return redirectWithSuccess(back, result.message);
}
