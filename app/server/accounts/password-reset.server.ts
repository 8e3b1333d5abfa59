import { createHash, randomBytes } from "node:crypto";
import { RESET_LINK_INVALID } from "~/lib/messages/accounts";
import { db, newId, now } from "../platform/db.server";
import { config } from "../platform/config.server";
import { hit, refusedAttempt, type AuthAttempt, type RefusedAttempt } from "../platform/rate-limit.server";
import { log } from "../platform/log.server";
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
  const user = await db.selectFrom("users").select(["id", "user_name", "email"]).where("email", "=", email).executeTakeFirst();
  // The link is written after the answer, so an address with an account is not told apart by the
  // time the answer takes (decision 0039).
  if (user) void writeResetLink(user).catch((error: unknown) => log("error", "writing a password reset link failed", { error }));
  return { ok: true };
}

/** A new link for the account, written with its e-mail in one transaction. */
async function writeResetLink(user: { id: string; user_name: string; email: string }): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const stamp = now();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("account_tokens")
      .values({
        id: newId(),
        user_id: user.id,
        kind: "reset",
        token_hash: tokenHash(token),
        new_email: null,
        expires_at: new Date(Date.parse(stamp) + LINK_MINUTES * 60_000).toISOString(),
        used_at: null,
        created_at: stamp,
      })
      .execute();
    const link = `${config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
    await enqueueMail(trx, passwordResetMessage({ userName: user.user_name, email: user.email }, link, LINK_MINUTES));
  });
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
  const limited = await hit(`reset-use:ip:${clientAddress}`, config.authAttemptsPerMinute, 60_000);
  if (!limited.ok) {
    const { message, headers } = refusedAttempt(limited.retryAfterSeconds);
    return { ok: false, status: 429, message, headers };
  }
  const invalid = { ok: false as const, status: 410 as const, message: RESET_LINK_INVALID };
  if (!(await resetLinkValid(token))) return invalid;
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
    if (!row) return invalid;
    // Conditional: two uses of one link at once, only one sets the password.
    const used = await trx
      .updateTable("account_tokens")
      .set({ used_at: stamp })
      .where("id", "=", row.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return invalid;
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
