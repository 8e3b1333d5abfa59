import { z } from "zod";

// Schemas shared by the HTML forms (conform) and the /api routes.

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Please enter a valid email address"))
  .transform((v) => v.toLowerCase());

export const RegisterSchema = z.object({
  userName: z
    .string({ error: "User name is required" })
    .trim()
    .min(2, "User name must be at least 2 characters")
    .max(40, "User name must be at most 40 characters")
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "User name contains invalid characters"),
  email,
  password: z
    .string({ error: "Password is required" })
    .min(8, "Password must be at least 8 characters")
    .max(200, "Password must be at most 200 characters"),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const LoginSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password is too long"),
});
export type LoginInput = z.infer<typeof LoginSchema>;

const id = z.string({ error: "Missing id" }).trim().regex(/^[0-9a-f]{24}$/, "Invalid id");

export const ReviewSchema = z.object({
  productId: id,
  reviewMessage: z
    .string({ error: "Please write a review message" })
    .trim()
    .min(1, "Please write a review message")
    .max(2000, "A review can be at most 2000 characters"),
  reviewValue: z.coerce
    .number({ error: "Please choose a rating from 1 to 5 stars" })
    .int("Please choose a rating from 1 to 5 stars")
    .min(1, "Please choose a rating from 1 to 5 stars")
    .max(5, "Please choose a rating from 1 to 5 stars"),
});
export type ReviewInput = z.infer<typeof ReviewSchema>;

export const IdSchema = id;

const quantity = z.coerce
  .number({ error: "Quantity must be a whole number from 1 to 999" })
  .int("Quantity must be a whole number from 1 to 999")
  .min(1, "Quantity must be a whole number from 1 to 999")
  .max(999, "Quantity must be a whole number from 1 to 999");

export const AddToCartSchema = z.object({ productId: id, quantity: quantity.default(1) });
export const UpdateCartSchema = z.object({ productId: id, quantity });
export const RemoveFromCartSchema = z.object({ productId: id });

const addressField = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v), `${label} contains invalid characters`);

/** SPEC: all five fields are required after trimming (notes included). */
export const AddressSchema = z.object({
  address: addressField("Address", 200),
  city: addressField("City", 100),
  pincode: addressField("Pincode", 20),
  phone: addressField("Phone", 30).refine((v) => /^[0-9+()\-.\s]{3,30}$/.test(v), "Please enter a valid phone number"),
  notes: addressField("Notes", 500),
});
export type AddressInput = z.infer<typeof AddressSchema>;
