import * as z from "zod/mini";
import { email, IdSchema } from "./fields";

/**
 * "E-mail me when it's back" (issue 51): the sold-out size, and the address to tell. A signed-in
 * shopper's address is their account's: theirs is optional and not read.
 */
export const BackInStockSchema = z.object({
  variantId: IdSchema,
  email: z.optional(email),
});

/** A visitor's form: the address is required. */
export const VisitorBackInStockSchema = z.object({ variantId: IdSchema, email });

/** The unsubscribe link's token: 43 base64url characters (32 random bytes). */
export const UnsubscribeTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/));
