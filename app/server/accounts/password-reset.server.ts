import { RESET_LINK_INVALID } from "~/lib/messages/accounts";
import { db, now } from "~/server/database/db.server";
import { config } from "~/server/platform/config.server";
import { hit, limitAttempt, refusedAttempt, type AuthAttempt, type RefusedAttempt } from "~/server/platform/rate-limit.server";
import { log } from "~/server/platform/log.server";
import { passwordChangedMessage, passwordResetMessage } from "~/server/mail/messages.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { hashPassword } from "./password.server";
import { newAccountToken, usableToken, useToken } from "./account-tokens.server";
import { replacePassword } from "./users.server";

// "Forgot password?" (docs/decisions/0039-password-reset.md): a single-use link, valid 60 minutes,
// e-mailed through the outbox; only the SHA-256 of its token is stored. Asking answers the same
// whether or not the address has an account.

const LINK_MINUTES = 60;
/** Reset e-mails one address may be sent in an hour, and requests from one client address a minute. */
const RESETS_PER_EMAIL_PER_HOUR = 5;

/**
 * Limits first (per e-mail as typed, per client address; the same for addresses with and without
 * an account), then, for an account, a new link written with its e-mail in one transaction.
 */
export async function requestPasswordReset(email: string, clientAddress: string): Promise<AuthAttempt> {
  const byAddress = await hit(`reset:ip:${clientAddress}`, config.authAttemptsPerMinute, 60_000);
  const byEmail = await hit(`reset:account:${email}`, RESETS_PER_EMAIL_PER_HOUR, 3_600_000);
  const limited = !byAddress.ok ? byAddress : !byEmail.ok ? byEmail : null;
  if (limited) return refusedAttempt(limited.retryAfterSeconds);
  // A blocked account is sent nothing: its links would not work (account-tokens.server.ts).
  const user = await db
    .selectFrom("users")
    .select(["id", "user_name", "email"])
    .where("email", "=", email)
    .where("blocked_at", "is", null)
    // Nor a guest's record (issue 51): it has no password, and `<id>@guest.invalid` is nobody's.
    .where("guest_email", "is", null)
    .executeTakeFirst();
  // The link is written after the answer, so an address with an account is not told apart by the
  // time the answer takes (decision 0039).
  if (user) void writeResetLink(user).catch((error: unknown) => log("error", "writing a password reset link failed", { error }));
  return { ok: true };
}

/** A new link for the account, written with its e-mail in one transaction. */
async function writeResetLink(user: { id: string; user_name: string; email: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const token = await newAccountToken(trx, user.id, "reset", LINK_MINUTES);
    const link = `${config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
    await enqueueMail(trx, passwordResetMessage({ userName: user.user_name, email: user.email }, link, LINK_MINUTES));
  });
}

/** Whether a reset link's token can still be used (the page shows the form or says it cannot). */
export async function resetLinkValid(token: string): Promise<boolean> {
  return !!(await usableToken(db, token, "reset"));
}

export type ResetOutcome =
  | { ok: true }
  | { ok: false; status: 410; message: string }
  | { ok: false; status: 429; message: string; headers: RefusedAttempt["headers"] };

/**
 * Sets the new password from a link, once: the link and every other reset link of the account
 * stop working, every session of the account ends, and a "your password was changed" e-mail goes.
 * Tries are limited per client address, and a password is hashed only for a link that works.
 */
export async function resetPassword(token: string, password: string, clientAddress: string): Promise<ResetOutcome> {
  const limited = await limitAttempt(`reset-use:ip:${clientAddress}`, config.authAttemptsPerMinute, 60_000);
  if (limited) return { ok: false, status: 429, message: limited.message, headers: limited.headers };
  const invalid = { ok: false as const, status: 410 as const, message: RESET_LINK_INVALID };
  if (!(await resetLinkValid(token))) return invalid;
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const stamp = now();
    const row = await usableToken(trx, token, "reset");
    // Conditional: two uses of one link at once, only one sets the password.
    if (!row || !(await useToken(trx, row.id, stamp))) return invalid;
    await replacePassword(trx, row.user_id, passwordHash);
    await enqueueMail(trx, passwordChangedMessage({ userName: row.user_name, email: row.email }));
    return { ok: true as const };
  });
}
