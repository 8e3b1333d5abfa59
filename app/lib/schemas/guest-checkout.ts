import * as z from "zod/mini";
import { AddressSchema } from "./addresses";
import { email, preprocess, withoutControlChars } from "./fields";

// A guest's checkout (issue 51): who to write to and deliver to, beside the address a saved one has.

/** The longest name for the parcel a guest may give. */
export const FULL_NAME_MAX = 100;

const fullName = z
  .string({ error: "Full name is required" })
  .check(
    z.trim(),
    z.minLength(1, { error: "Full name is required", abort: true }),
    z.maxLength(FULL_NAME_MAX, { error: `Full name must be at most ${FULL_NAME_MAX} characters`, abort: true }),
    z.refine(withoutControlChars, { error: "Full name contains invalid characters", abort: true }),
  );

/** The guest's own details: an e-mail address, a name for the parcel, and whether to be reminded of the cart. */
export const GuestDetailsSchema = z.object({
  email,
  fullName,
  // The page's checkbox sends "on" when ticked (and nothing when not); JSON sends a boolean.
  remind: preprocess((v) => (v === "on" ? true : v), z.optional(z.boolean({ error: "remind must be true or false" }))),
});

/** The page's form and the JSON API's `address` with the guest's details beside it. */
export const GuestCheckoutSchema = z.intersection(GuestDetailsSchema, AddressSchema);
export type GuestCheckoutInput = z.infer<typeof GuestCheckoutSchema>;
