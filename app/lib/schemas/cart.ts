import * as z from "zod/mini";
import { IdSchema as id, numeric, optional } from "./fields";

const quantity = numeric("Quantity must be a whole number from 1 to 999").check(
  z.refine((v) => Number.isInteger(v) && v >= 1 && v <= 999, "Quantity must be a whole number from 1 to 999"),
);

const variantId = optional(id);
/** What the shopper picked: a variant by id (/api), or a size and a colour (the product dialog). */
const choice = {
  variantId,
  size: optional(z.string({ error: "Please select a size" }).check(z.trim(), z.maxLength(20, "Please select a size"))),
  color: optional(z.string({ error: "Please select a colour" }).check(z.trim(), z.maxLength(40, "Please select a colour"))),
};

export const AddToCartSchema = z.object({ productId: id, quantity: z._default(quantity, 1), ...choice });
export const UpdateCartSchema = z.object({ productId: id, quantity, variantId });
export const RemoveFromCartSchema = z.object({ productId: id, variantId });
