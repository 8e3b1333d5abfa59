import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";
import { LoginSchema, RegisterSchema } from "./schemas/accounts";
import { BannerUrlSchema } from "./schemas/banners";
import { ApplyDiscountSchema } from "./schemas/discounts";
import { ReviewSchema } from "./schemas/reviews";

/**
 * A form's data checked by its schema: conform's parseWithZod, the same in the route actions and
 * in the browser. Its automatic coercion stays off: it runs Number() on number fields, so "0x10"
 * would become 16 and "1e3" 1000; the shared schemas convert form text themselves and refuse
 * anything that is not plain decimal notation.
 */
export function parseFormWith<Schema extends $ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}

// The checks of the forms that show when their page opens (form-on-demand.ts), loaded by the
// browser when a visitor first reaches such a form (the review form: on a product's page and dialog).
export const checkLogin = (formData: FormData) => parseFormWith(formData, LoginSchema);
export const checkRegister = (formData: FormData) => parseFormWith(formData, RegisterSchema);
export const checkBannerUrl = (formData: FormData) => parseFormWith(formData, BannerUrlSchema);
export const checkApplyDiscount = (formData: FormData) => parseFormWith(formData, ApplyDiscountSchema);
export const checkReview = (formData: FormData) => parseFormWith(formData, ReviewSchema);
