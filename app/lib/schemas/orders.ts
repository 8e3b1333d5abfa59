import * as z from "zod/mini";
import { ADMIN_ORDER_STATUSES } from "~/lib/constants";
import { CARRIER_CHARACTERS, CARRIER_TOO_LONG, TRACKING_CHARACTERS, TRACKING_LENGTH } from "~/lib/messages/checkout";
import { CARRIER_MAX, CARRIER_PATTERN, carrierName, TRACKING_MAX, TRACKING_MIN, TRACKING_PATTERN, trackingNumberOf } from "~/lib/tracking";
import { IdSchema as id, money, numeric, preprocess, withoutControlChars } from "./fields";

/**
 * The owner's "give the code's use back" (issue 33): a ticked box ("on") or a JSON boolean; absent
 * is false. Anything else is refused rather than read as no.
 */
const releaseDiscountUse = preprocess(
  (v) => (v === undefined || v === null || v === "" ? false : v === "on" ? true : v),
  z.boolean({ error: "releaseDiscountUse must be true or false" }),
);

const carrier = z.pipe(
  z.string({ error: CARRIER_CHARACTERS }).check(
    z.trim(),
    z.maxLength(CARRIER_MAX, CARRIER_TOO_LONG),
    z.refine((v) => v === "" || CARRIER_PATTERN.test(v), CARRIER_CHARACTERS),
  ),
  z.transform(carrierName),
);
const trackingNumber = z.pipe(
  z.string({ error: TRACKING_CHARACTERS }).check(
    z.trim(),
    z.refine((v) => v === "" || TRACKING_PATTERN.test(v), TRACKING_CHARACTERS),
    z.refine((v) => v === "" || (trackingNumberOf(v).length >= TRACKING_MIN && v.length <= TRACKING_MAX), TRACKING_LENGTH),
  ),
  z.transform(trackingNumberOf),
);

/**
 * The owner's status change; with "In shipping", optionally the parcel's carrier and tracking
 * number (issue 48): left out, the order keeps the ones it has; '' clears one.
 */
export const OrderStatusSchema = z.object({
  orderStatus: z.enum(ADMIN_ORDER_STATUSES, { error: "Please choose a valid order status" }),
  releaseDiscountUse,
  carrier: z.optional(carrier),
  trackingNumber: z.optional(trackingNumber),
});

/**
 * A refund by the admin: some units of some lines (at their unit prices), and/or an amount in
 * dollars; whether the units go back to stock; why. Lines at 0 are left out (refundByAdmin).
 */
export const RefundSchema = z.object({
  items: z.optional(
    z.array(
      z.object({
        variantId: id,
        quantity: numeric("Quantity must be a whole number").check(
          z.refine((v) => Number.isInteger(v) && v >= 0 && v <= 999, "Quantity must be a whole number from 0 to 999"),
        ),
      }),
    ),
  ),
  amount: preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.optional(money("Amount").check(z.refine((v) => v > 0, "Amount must be greater than 0"))),
  ),
  restock: preprocess((v) => v === true || v === "on", z.boolean()),
  releaseDiscountUse,
  reason: z
    .string({ error: "Please give a reason" })
    .check(
      z.trim(),
      z.minLength(1, "Please give a reason"),
      z.maxLength(500, "The reason is too long"),
      z.refine(withoutControlChars, "The reason contains invalid characters"),
    ),
});

const reason = (message: string) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(500, "The reason is too long"),
      z.refine(withoutControlChars, "The reason contains invalid characters"),
    );

/** The owner's refund of an order's shipping (issue 41): a reason is optional (a default one is given). */
export const RefundShippingSchema = z.object({
  reason: preprocess((v) => (v === "" || v === null ? undefined : v), z.optional(reason("Please give a reason"))),
});

/** A shopper's return: units of lines (0 leaves a line out), each for the money or another size; why. */
export const ReturnSchema = z.object({
  items: z.array(
    z.object({
      variantId: id,
      quantity: numeric("Quantity must be a whole number").check(
        z.refine((v) => Number.isInteger(v) && v >= 0 && v <= 999, "Quantity must be a whole number from 0 to 999"),
      ),
      exchangeVariantId: preprocess((v) => (v === "" || v === null ? undefined : v), z.optional(id)),
    }),
    { error: "Choose at least one item to return." },
  ),
  reason: reason("Please tell us why you are returning the items"),
});

/** The admin refuses a return, saying why. */
export const RefuseReturnSchema = z.object({ reason: reason("Please give a reason") });
