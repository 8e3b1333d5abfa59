import type { SessionUser } from "~/lib/access";
import type { LoginInput, RegisterInput } from "~/lib/schemas/accounts";
import type { Kysely } from "kysely";
import type { Database, UserRow } from "#db/schema";
import { db, newId, now } from "~/server/database/db.server";
import { isUniqueViolation, uniqueViolationOf } from "~/server/database/db-errors.server";
import { welcomeMessage } from "~/server/mail/messages.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { spendAccountTokens } from "./account-tokens.server";
import { offerGuestOrders } from "./order-claims.server";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password.server";
import { EMAIL_TAKEN, NAME_TAKEN } from "~/lib/messages/accounts";

export function toSessionUser(row: Pick<UserRow, "id" | "user_name" | "email" | "role">): SessionUser {
  return { id: row.id, userName: row.user_name, email: row.email, role: row.role };
}

/** `guestOrders`: how many orders placed as a guest with the address wait for the link e-mailed to it (order-claims.server.ts). */
export type RegisterResult =
  { ok: true; user: SessionUser; guestOrders: number } | { ok: false; field: "email" | "userName"; message: string };

/**
 * What makes two user names the same: NFKC (full-width and ligature forms become plain letters),
 * case-folded, runs of spaces as one. "ＡＬＩＣＥ" and "alice" are one name. Migration 0004 holds
 * its own copy for the rows that existed before.
 */
export function userNameKey(name: string): string {
  return name.normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC").replace(/\s+/gu, " ").trim();
}

/** Whether another account (than `exceptUserId`) has this name, by its key. */
export async function nameIsTaken(userName: string, exceptUserId?: string): Promise<boolean> {
  let query = db.selectFrom("users").select("id").where("user_name_key", "=", userNameKey(userName));
  if (exceptUserId) query = query.where("id", "!=", exceptUserId);
  return !!(await query.executeTakeFirst());
}

type NewUser = { userName: string; email: string; password: string; role: "admin" | "user" };

/** The one place a users row is written: e-mail lower-cased, name key derived, password hashed. */
async function insertUser(account: NewUser, welcome = false): Promise<SessionUser> {
  const row = {
    id: newId(),
    user_name: account.userName,
    user_name_key: userNameKey(account.userName),
    email: account.email.trim().toLowerCase(),
    password_hash: await hashPassword(account.password),
    role: account.role,
    created_at: now(),
  };
  // A shopper who registers gets a welcome e-mail, written with the account or not at all.
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("users").values(row).execute();
    if (welcome) await enqueueMail(trx, welcomeMessage({ userName: row.user_name, email: row.email }));
  });
  return toSessionUser(row);
}

/** Creates a shopper account. Nobody becomes admin this way (see createOrPromoteAdmin). */
export async function registerUser(input: RegisterInput): Promise<RegisterResult> {
  if (await findUserByEmail(input.email)) return { ok: false, field: "email", message: EMAIL_TAKEN };
  if (await nameIsTaken(input.userName)) return { ok: false, field: "userName", message: NAME_TAKEN };
  try {
    const user = await insertUser({ ...input, role: "user" }, true);
    // Orders placed as a guest with this address join the account once the link sent there is opened.
    return { ok: true, user, guestOrders: await offerGuestOrders(user) };
  } catch (error) {
    // Two sign-ups racing for the same e-mail or name: the unique indexes decide.
    const column = uniqueViolationOf(error, "users");
    if (column === "email") return { ok: false, field: "email", message: EMAIL_TAKEN };
    if (column?.startsWith("user_name")) return { ok: false, field: "userName", message: NAME_TAKEN };
    throw error;
  }
}

/** The user whose e-mail and password match, or null. Unknown e-mails cost the same time. */
export async function verifyLogin(input: LoginInput): Promise<SessionUser | null> {
  // A guest's record (issue 51) is no account: it has no password and never signs in.
  const row = await db.selectFrom("users").selectAll().where("email", "=", input.email).where("guest_email", "is", null).executeTakeFirst();
  if (!row) {
    await verifyPassword(input.password, await dummyPasswordHash());
    return null;
  }
  return (await verifyPassword(input.password, row.password_hash)) ? toSessionUser(row) : null;
}

export async function findUserByEmail(email: string): Promise<SessionUser | null> {
  const row = await db
    .selectFrom("users")
    .select(["id", "user_name", "email", "role"])
    .where("email", "=", email.trim().toLowerCase())
    // A guest's record (issue 51) is no account: no reset, no admin, no password for it.
    .where("guest_email", "is", null)
    .executeTakeFirst();
  return row ? toSessionUser(row) : null;
}

/**
 * Server-shell only (npm run user:admin): promotes an existing account, or creates an admin with
 * the given password. Returns what happened so the command can say it.
 */
export async function createOrPromoteAdmin(
  email: string,
  newPassword: () => string,
): Promise<{ action: "promoted" | "already-admin" | "created"; user: SessionUser; password?: string }> {
  const existing = await findUserByEmail(email);
  if (existing) {
    if (existing.role === "admin") return { action: "already-admin", user: existing };
    await db.updateTable("users").set({ role: "admin" }).where("id", "=", existing.id).execute();
    return { action: "promoted", user: { ...existing, role: "admin" } };
  }
  const password = newPassword();
  const base =
    email
      .split("@")[0]!
      .replace(/[^\p{L}\p{N}._-]/gu, "")
      .slice(0, 30) || "admin";
  let userName = base.length >= 2 ? base : `${base}-admin`;
  for (let i = 2; await nameIsTaken(userName); i++) userName = `${base}-${i}`;
  const user = await insertUser({ userName, email, password, role: "admin" });
  return { action: "created", user, password };
}

/** Creates an account with a known password and role if its e-mail is not taken (demo seeding). */
export async function ensureAccount(account: NewUser): Promise<boolean> {
  if (await findUserByEmail(account.email)) return false;
  try {
    await insertUser(account);
  } catch (error) {
    // Created meanwhile by another instance starting over the same database.
    if (isUniqueViolation(error, "users")) return false;
    throw error;
  }
  return true;
}

/**
 * Replaces an account's password (npm run user:password, and any future change-password form) and
 * ends every session of the account, on every device: whoever knew the old password is out.
 */
export async function setPassword(email: string, password: string): Promise<SessionUser | null> {
  const user = await findUserByEmail(email);
  if (!user) return null;
  const passwordHash = await hashPassword(password);
  await db.transaction().execute((trx) => replacePassword(trx, user.id, passwordHash));
  return user;
}

/**
 * The one way a password is replaced (the server shell, a reset link, the account's settings):
 * the new hash, every session of the account but `keepSession` ended, on every device and
 * process, and every link asked for before spent: reset links (the password they were for is
 * gone) and a pending e-mail change (asked for by whoever knew the old one; issue 38). Returns how
 * many sessions ended.
 */
export async function replacePassword(
  trx: Kysely<Database>,
  userId: string,
  passwordHash: string,
  keepSession: string | null = null,
): Promise<number> {
  await trx.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", userId).execute();
  let sessions = trx.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepSession) sessions = sessions.where("id", "!=", keepSession);
  const ended = await sessions.executeTakeFirst();
  await spendAccountTokens(trx, userId, "all");
  return Number(ended.numDeletedRows);
}
