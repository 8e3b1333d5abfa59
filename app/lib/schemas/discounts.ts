import * as z from "zod/mini";
import { DISCOUNT_CODE_REQUIRED, DISCOUNT_UNKNOWN } from "~/lib/messages/discounts-shopper";
import { money, numeric, preprocess, withoutControlChars } from "./fields";

/**
 * A moment a discount code starts or ends: a date ("2026-12-01", midnight) or a date and time
 * ("2026-12-01T09:30", a `datetime-local` field) in UTC, or a full ISO time with its zone (/api).
 * Empty: no limit. Stored as an ISO string in UTC.
 */
const DISCOUNT_MOMENT = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2})(:\d{2}(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
function discountMoment(label: string) {
  const message = `${label} must be a date and time (UTC), like 2026-12-01T09:30`;
  const toIso = (v: string) => {
    const m = DISCOUNT_MOMENT.exec(v);
    if (!m) return null;
    const at = new Date(`${m[1]}T${m[2] ?? "00:00"}${m[3] ?? ":00"}${m[4] ?? "Z"}`);
    if (Number.isNaN(at.getTime())) return null;
    // A day that does not exist (2026-02-30) is not rolled over into the next month.
    if (!m[4] && at.toISOString().slice(0, 10) !== m[1]) return null;
    return at.toISOString();
  };
  return preprocess(
    (v) => (v === "" || v === null || v === undefined ? null : v),
    z.nullable(
      z.pipe(
        z.string({ error: message }).check(
          z.trim(),
          z.refine((v) => toIso(v) !== null, message),
        ),
        z.transform((v: string) => toIso(v)!),
      ),
    ),
  );
}

/**
 * Some ids (a form's checkboxes: none, one string or several; /api: an array). None: all. Which
 * ids exist is the owner's catalogue's to say: the service refuses unknown ones (codes.server.ts).
 */
const idList = (message: string) =>
  preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : typeof v === "string" ? [v] : v),
    z.pipe(
      z
        .array(
          z
            .string({ error: message })
            .check(z.trim(), z.minLength(1, message), z.maxLength(100, message), z.refine(withoutControlChars, message)),
          { error: message },
        )
        .check(z.maxLength(500, message)),
      z.transform((list: string[]) => [...new Set(list)]),
    ),
  );

/** A checkbox (`on`) or a JSON boolean; missing: off. */
const flag = preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

/**
 * The owner's discount code (issue 33): the form at /admin/discounts and /api/admin/discounts
 * add|edit. The code is letters and digits, kept in capitals (codes are case-insensitive); `value`
 * is a whole percent (1-100) or dollars with two decimals, by `type`; money in dollars.
 */
export const DiscountSchema = z
  .object({
    code: z.pipe(
      z.string({ error: "Code is required" }).check(
        z.trim(),
        z.minLength(1, { error: "Code is required", abort: true }),
        z.refine((v) => /^[A-Za-z0-9]+$/.test(v), { error: "A code is letters and digits only, no spaces", abort: true }),
        z.minLength(3, { error: "A code has at least 3 characters", abort: true }),
        z.maxLength(32, { error: "A code has at most 32 characters", abort: true }),
      ),
      z.transform((v: string) => v.toUpperCase()),
    ),
    type: z.enum(["percent", "fixed"], { error: "Please choose a percentage or a fixed amount" }),
    value: numeric("Value must be a number"),
    minSubtotal: preprocess(
      (v) => (v === "" || v === null || v === undefined ? 0 : v),
      money("Minimum subtotal").check(z.refine((v) => v >= 0, "Minimum subtotal cannot be negative")),
    ),
    startsAt: discountMoment("Start"),
    endsAt: discountMoment("End"),
    usageLimit: preprocess(
      (v) => (v === "" || v === undefined ? null : v),
      z.nullable(
        numeric("Total uses must be a whole number of at least 1, or empty for no limit").check(
          z.refine(
            (v) => Number.isInteger(v) && v >= 1 && v <= 1_000_000_000,
            "Total uses must be a whole number of at least 1, or empty for no limit",
          ),
        ),
      ),
    ),
    oncePerCustomer: flag,
    categories: idList("Categories are a list of the shop's category ids"),
    brands: idList("Brands are a list of the shop's brand ids"),
    // Missing: a new code is active, an edited one keeps its state (the Disable/Enable buttons).
    active: preprocess(
      (v) => (v === undefined || v === null || v === "" ? undefined : v === true || v === "true" || v === "on"),
      z.optional(z.boolean()),
    ),
  })
  .check(
    z.superRefine((d, ctx) => {
      if (d.type === "percent" && !(Number.isInteger(d.value) && d.value >= 1 && d.value <= 100)) {
        ctx.addIssue({ code: "custom", path: ["value"], message: "A percentage is a whole number from 1 to 100" });
      }
      if (d.type === "fixed") {
        if (!(d.value > 0)) ctx.addIssue({ code: "custom", path: ["value"], message: "A fixed amount must be greater than 0" });
        else if (Math.abs(d.value * 100 - Math.round(d.value * 100)) >= 1e-6) {
          ctx.addIssue({ code: "custom", path: ["value"], message: "A fixed amount can have at most 2 decimals" });
        } else if (d.value > 1_000_000)
          ctx.addIssue({ code: "custom", path: ["value"], message: "A fixed amount must be at most 1,000,000" });
      }
      if (d.startsAt && d.endsAt && d.endsAt <= d.startsAt) {
        ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end must be after the start" });
      }
    }),
  );
export type DiscountInput = z.infer<typeof DiscountSchema>;

/**
 * The discount code a shopper applies at checkout (the form and `POST /api/shop/cart/discount`).
 * Any case; whether it exists and applies is the server's to say (discounts/apply.server.ts).
 */
export const ApplyDiscountSchema = z.object({
  code: z
    .string({ error: DISCOUNT_CODE_REQUIRED })
    .check(
      z.trim(),
      z.minLength(1, { error: DISCOUNT_CODE_REQUIRED, abort: true }),
      z.maxLength(32, { error: DISCOUNT_UNKNOWN, abort: true }),
    ),
});
