import * as z from "zod/mini";
import { IdSchema as id, numeric, withoutControlChars } from "./fields";

export const ReviewSchema = z.object({
  productId: id,
  reviewMessage: z
    .string({ error: "Please write a review message" })
    .check(
      z.trim(),
      z.minLength(1, "Please write a review message"),
      z.maxLength(2000, "A review can be at most 2000 characters"),
      z.refine(withoutControlChars, "The review contains invalid characters"),
    ),
  reviewValue: numeric("Please choose a rating from 1 to 5 stars").check(
    z.refine((v) => Number.isInteger(v) && v >= 1 && v <= 5, "Please choose a rating from 1 to 5 stars"),
  ),
});
export type ReviewInput = z.infer<typeof ReviewSchema>;
