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
