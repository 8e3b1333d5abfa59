import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { SessionUser } from "~/lib/access";
import { LoginSchema } from "~/lib/schemas";
import { verifyLogin } from "./users.server";
import { INVALID_LOGIN } from "~/lib/messages/accounts";

export class LoginError extends Error {}

export const authenticator = new Authenticator<SessionUser>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = LoginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) throw new LoginError(INVALID_LOGIN);
    const user = await verifyLogin(parsed.data);
    if (!user) throw new LoginError(INVALID_LOGIN);
    return user;
  }),
  "form",
);
