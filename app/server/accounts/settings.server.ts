import { EMAIL_LINK_INVALID, EMAIL_TAKEN, NAME_TAKEN, SAME_EMAIL, WRONG_PASSWORD } from "~/lib/messages/accounts";
import type { SessionUser } from "~/lib/access";
import { config } from "~/server/platform/config.server";
import { db, now } from "~/server/database/db.server";
import { uniqueViolationOf } from "~/server/database/db-errors.server";
import { limitAttempt } from "~/server/platform/rate-limit.server";
import { emailChangeConfirmMessage, emailChangeNoticeMessage, passwordChangedMessage } from "~/server/mail/messages.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { newAccountToken, spendAccountTokens, usableToken, useToken } from "./account-tokens.server";
import { hashPassword, verifyPassword } from "./password.server";
import { findUserByEmail, nameIsTaken, replacePassword, toSessionUser, userNameKey } from "./users.server";

// The account's Settings tab (issue 31, docs/decisions/0041-account-settings-and-closing.md): a
// new user name, a new password, a new e-mail address confirmed from that address.

/** A refused change: a message for one field of the form (or the form), the status for /api. */
export type SettingsRefusal = {
  ok: false;
  status: 400 | 409 | 410 | 429;
  field?: "userName" | "email" | "currentPassword";
  message: string;
  headers?: Record<string, string>;
};

/** How long the link that confirms a new e-mail address works. */
export const EMAIL_LINK_HOURS = 24;
/** Confirmation e-mails one account may have sent in an hour. */
const EMAIL_CHANGES_PER_HOUR = 5;

/**
 * The current password of an open account, checked; tries are limited per account (a browser left
 * signed in is no way to guess it). The account's row for the change that follows.
 */
export async function checkCurrentPassword(userId: string, password: string) {
  const limited = await limitAttempt(`current-password:${userId}`, config.authAttemptsPerMinute, 60_000);
  if (limited) return { ok: false, status: 429, message: limited.message, headers: limited.headers } satisfies SettingsRefusal;
  const row = await db
    .selectFrom("users")
    .select(["id", "user_name", "email", "role", "password_hash"])
    .where("id", "=", userId)
    .where("closed_at", "is", null)
    .executeTakeFirst();
  if (!row || !(await verifyPassword(password, row.password_hash)))
    return { ok: false, status: 400, field: "currentPassword", message: WRONG_PASSWORD } satisfies SettingsRefusal;
  return { ok: true as const, user: row };
}

/**
 * A new user name, unique as at registration (the name's key, so "ALICE" is "alice"); the
 * account's own name in other letters is fine. Its reviews show the new name.
 */
export async function changeUserName(userId: string, userName: string): Promise<{ ok: true; user: SessionUser } | SettingsRefusal> {
  const taken = { ok: false as const, status: 409 as const, field: "userName" as const, message: NAME_TAKEN };
  if (await nameIsTaken(userName, userId)) return taken;
  const key = userNameKey(userName);
  try {
    const user = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable("users")
        .set({ user_name: userName, user_name_key: key })
        .where("id", "=", userId)
        .where("closed_at", "is", null)
        .returning(["id", "user_name", "email", "role"])
        .executeTakeFirstOrThrow();
      await trx.updateTable("reviews").set({ user_name: userName }).where("user_id", "=", userId).execute();
      return toSessionUser(row);
    });
    return { ok: true, user };
  } catch (error) {
    // Someone took the name between the check and the write: the unique index decides.
    if (uniqueViolationOf(error, "users")?.startsWith("user_name")) return taken;
    throw error;
  }
}

/**
 * A new password, with the current one: every other session of the account ends (this one, named
 * by `keepSession`, stays), reset links stop working, and a "your password was changed" e-mail goes.
 */
export async function changePassword(
  userId: string,
  input: { currentPassword: string; password: string },
  keepSession: string | null,
): Promise<{ ok: true; signedOut: number } | SettingsRefusal> {
  const checked = await checkCurrentPassword(userId, input.currentPassword);
  if (!checked.ok) return checked;
  const passwordHash = await hashPassword(input.password);
  const signedOut = await db.transaction().execute(async (trx) => {
    const ended = await replacePassword(trx, userId, passwordHash, keepSession);
    await enqueueMail(trx, passwordChangedMessage({ userName: checked.user.user_name, email: checked.user.email }));
    return ended;
  });
  return { ok: true, signedOut };
}

/**
 * Asks to move the account to a new e-mail address, with the current password: a link to confirm
 * goes to the new address, a notice to the old one, and the account keeps its old address until
 * the link is opened. A newer request replaces an older one.
 */
export async function requestEmailChange(
  userId: string,
  input: { email: string; currentPassword: string },
): Promise<{ ok: true; email: string } | SettingsRefusal> {
  const checked = await checkCurrentPassword(userId, input.currentPassword);
  if (!checked.ok) return checked;
  const { user } = checked;
  if (input.email === user.email) return { ok: false, status: 400, field: "email", message: SAME_EMAIL };
  if (await findUserByEmail(input.email)) return { ok: false, status: 409, field: "email", message: EMAIL_TAKEN };
  const limited = await limitAttempt(`email-change:${userId}`, EMAIL_CHANGES_PER_HOUR, 3_600_000);
  if (limited) return { ok: false, status: 429, message: limited.message, headers: limited.headers };
  await db.transaction().execute(async (trx) => {
    const token = await newAccountToken(trx, userId, "email", EMAIL_LINK_HOURS * 60, input.email);
    const link = `${config.publicUrl}/auth/confirm-email?token=${encodeURIComponent(token)}`;
    await enqueueMail(trx, emailChangeConfirmMessage({ userName: user.user_name }, input.email, link, EMAIL_LINK_HOURS));
    const settings = `${config.publicUrl}/shop/account?tab=settings#email-heading`;
    await enqueueMail(trx, emailChangeNoticeMessage({ userName: user.user_name, email: user.email }, input.email, settings));
  });
  return { ok: true, email: input.email };
}

/** The new address a change waits to be confirmed for (the newest link still open), or null. */
export async function pendingEmailChange(userId: string): Promise<{ email: string; expiresAt: string } | null> {
  const row = await db
    .selectFrom("account_tokens")
    .select(["new_email", "expires_at"])
    .where("user_id", "=", userId)
    .where("kind", "=", "email")
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date().toISOString())
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return row?.new_email ? { email: row.new_email, expiresAt: row.expires_at } : null;
}

/** The address a confirmation link would confirm, or null once it cannot be used (the page offers the button or says so). */
export async function emailLinkTarget(token: string): Promise<string | null> {
  return (await usableToken(db, token, "email"))?.new_email ?? null;
}

/**
 * Calls off a change waiting for its link ("Cancel the change" on the Settings tab, where the notice
 * to the old address leads): the link stops working. Answers whether there was one.
 */
export async function cancelEmailChange(userId: string): Promise<boolean> {
  return (await db.transaction().execute((trx) => spendAccountTokens(trx, userId, "email"))) > 0;
}

/**
 * Opens a confirmation link, once: the account's e-mail becomes the new address, unless another
 * account took that address meanwhile. Sign-ins from then on use the new address, and reset links
 * sent to the old one stop working (a reset link belongs to the address it was sent to).
 */
export async function confirmEmailChange(token: string): Promise<{ ok: true; email: string } | SettingsRefusal> {
  const invalid = { ok: false as const, status: 410 as const, message: EMAIL_LINK_INVALID };
  const taken = { ok: false as const, status: 409 as const, message: EMAIL_TAKEN };
  try {
    return await db.transaction().execute(async (trx) => {
      const stamp = now();
      const row = await usableToken(trx, token, "email");
      if (!row?.new_email || !(await useToken(trx, row.id, stamp))) return invalid;
      const other = await trx.selectFrom("users").select("id").where("email", "=", row.new_email).executeTakeFirst();
      if (other) return taken;
      await trx.updateTable("users").set({ email: row.new_email }).where("id", "=", row.user_id).execute();
      await spendAccountTokens(trx, row.user_id, "reset", stamp);
      return { ok: true as const, email: row.new_email };
    });
  } catch (error) {
    // Registered with that address between the check and the write: the unique index decides.
    if (uniqueViolationOf(error, "users") === "email") return taken;
    throw error;
  }
}
