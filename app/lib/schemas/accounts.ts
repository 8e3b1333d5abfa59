import * as z from "zod/mini";
import { email } from "./fields";

export const RegisterSchema = z.object({
  userName: z.string({ error: "User name is required" }).check(
    z.trim(),
    z.minLength(2, "User name must be at least 2 characters"),
    z.maxLength(40, "User name must be at most 40 characters"),
    // Control and invisible format characters (zero-width space, right-to-left override, soft
    // hyphen...) and line separators would let "alice\u200b" pass for "alice".
    z.refine((v) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(v), "User name contains invalid characters"),
  ),
  email,
  password: z
    .string({ error: "Password is required" })
    .check(z.minLength(8, "Password must be at least 8 characters"), z.maxLength(200, "Password must be at most 200 characters")),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** "Forgot password?": the account's e-mail. */
export const ForgotPasswordSchema = z.object({ email });

/** A new password from a reset link: the link's token, and a password by registration's rules. */
export const ResetPasswordSchema = z.object({
  token: z
    .string({ error: "This link is not complete. Please use the link from the e-mail." })
    .check(
      z.minLength(1, "This link is not complete. Please use the link from the e-mail."),
      z.maxLength(200, "This link is not complete. Please use the link from the e-mail."),
    ),
  password: RegisterSchema.shape.password,
});

export const LoginSchema = z.object({
  email,
  password: z
    .string({ error: "Password is required" })
    .check(z.minLength(1, "Password is required"), z.maxLength(200, "Password is too long")),
});
export type LoginInput = z.infer<typeof LoginSchema>;

// Account settings (the account's Settings tab). Every change but the user name asks for the
// current password, so a browser left signed in cannot take the account over.
const currentPassword = z
  .string({ error: "Please enter your current password" })
  .check(z.minLength(1, "Please enter your current password"), z.maxLength(200, "Password is too long"));

export const UserNameSchema = z.object({ userName: RegisterSchema.shape.userName });

export const ChangePasswordSchema = z.object({ currentPassword, password: RegisterSchema.shape.password });

export const ChangeEmailSchema = z.object({ email, currentPassword });

export const CloseAccountSchema = z.object({ currentPassword });

/** The link that confirms a new e-mail address. */
export const ConfirmEmailSchema = z.object({ token: ResetPasswordSchema.shape.token });

/** The link that adds orders placed as a guest to an account (issue 51). */
export const ClaimOrdersSchema = z.object({ token: ResetPasswordSchema.shape.token });
