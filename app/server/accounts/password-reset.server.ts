import { createHash, randomBytes } from "node:crypto";
import { RESET_LINK_INVALID } from "~/lib/messages/accounts";
import { db, newId, now } from "../platform/db.server";
import { config } from "../platform/config.server";
import { hit, refusedAttempt, type AuthAttempt } from "../platform/rate-limit.server";
import { passwordChangedMessage, passwordResetMessage } from "../mail/messages.server";
import { enqueueMail } from "../mail/outbox.server";
import { hashPassword } from "./password.server";

// "Forgot password?" (docs/decisions/0039-password-reset.md): a single-use link, valid 60 minutes,
// e-mailed through the outbox; only the SHA-256 of its token is stored. Asking answers the same
// whether or not the address has an account.

const LINK_MINUTES = 60;
/** Reset e-mails one address may be sent in an hour, and requests from one client address a minute. */
const RESETS_PER_EMAIL_PER_HOUR = 5;

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Limits first (per e-mail as typed, per client address; the same for addresses with and without
 * an account), then, for an account, a new link written with its e-mail in one transaction.
 */
export async function requestPasswordReset(email: string, clientAddress: string): Promise<AuthAttempt> {
  const byAddress = await hit(`reset:ip:${clientAddress}`, config.authAttemptsPerMinute, 60_000);
  const byEmail = await hit(`reset:account:${email}`, RESETS_PER_EMAIL_PER_HOUR, 3_600_000);
  const limited = !byAddress.ok ? byAddress : !byEmail.ok ? byEmail : null;
  if (limited) return refusedAttempt(limited.retryAfterSeconds);
  const token = randomBytes(32).toString("base64url");
  const hash = tokenHash(token);
  const user = await db.selectFrom("users").select(["id", "user_name", "email"]).where("email", "=", email).executeTakeFirst();
  if (!user) return { ok: true };
  const stamp = now();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("account_tokens")
      .values({
        id: newId(),
        user_id: user.id,
        kind: "reset",
        token_hash: hash,
        new_email: null,
        expires_at: new Date(Date.parse(stamp) + LINK_MINUTES * 60_000).toISOString(),
        used_at: null,
        created_at: stamp,
      })
      .execute();
    const link = `${config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
    await enqueueMail(trx, passwordResetMessage({ userName: user.user_name, email: user.email }, link, LINK_MINUTES));
  });
  return { ok: true };
}

/** Whether a reset link's token can still be used (the page shows the form or says it cannot). */
export async function resetLinkValid(token: string): Promise<boolean> {
  const row = await db
    .selectFrom("account_tokens")
    .select("id")
    .where("token_hash", "=", tokenHash(token))
    .where("kind", "=", "reset")
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date().toISOString())
    .executeTakeFirst();
  return !!row;
}

export type ResetOutcome = { ok: true } | { ok: false; message: string };

/**
 * Sets the new password from a link, once: the link and every other reset link of the account
 * stop working, every session of the account ends, and a "your password was changed" e-mail goes.
 */
export async function resetPassword(token: string, password: string): Promise<ResetOutcome> {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const stamp = now();
    const row = await trx
      .selectFrom("account_tokens")
      .innerJoin("users", "users.id", "account_tokens.user_id")
      .select(["account_tokens.id", "users.id as user_id", "users.user_name", "users.email"])
      .where("account_tokens.token_hash", "=", tokenHash(token))
      .where("account_tokens.kind", "=", "reset")
      .where("account_tokens.used_at", "is", null)
      .where("account_tokens.expires_at", ">", stamp)
      .executeTakeFirst();
    if (!row) return { ok: false as const, message: RESET_LINK_INVALID };
    // Conditional: two uses of one link at once, only one sets the password.
    const used = await trx
      .updateTable("account_tokens")
      .set({ used_at: stamp })
      .where("id", "=", row.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return { ok: false as const, message: RESET_LINK_INVALID };
    await trx
      .updateTable("account_tokens")
      .set({ used_at: stamp })
      .where("user_id", "=", row.user_id)
      .where("kind", "=", "reset")
      .where("used_at", "is", null)
      .execute();
    await trx.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", row.user_id).execute();
    await trx.deleteFrom("sessions").where("user_id", "=", row.user_id).execute();
    await enqueueMail(trx, passwordChangedMessage({ userName: row.user_name, email: row.email }));
    return { ok: true as const };
  });
}
