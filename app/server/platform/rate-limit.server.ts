import { sql } from "kysely";
import { config } from "./config.server";
import { db } from "~/server/database/db.server";

/**
 * Fixed-window counters in the database, so every server process counts the same attempts. One
 * statement adds the attempt and reads the count (an upsert), so two processes never both see
 * "the 10th".
 */
export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

let hitsSincePurge = 0;

export async function hit(key: string, limit: number, windowMs: number, at = Date.now()): Promise<RateLimitResult> {
  if (++hitsSincePurge >= 500) {
    hitsSincePurge = 0;
    await db.deleteFrom("rate_limits").where("reset_at", "<=", at).execute();
  }
  const row = await db
    .insertInto("rate_limits")
    .values({ key, count: 1, reset_at: at + windowMs })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        count: sql<number>`case when rate_limits.reset_at <= ${at} then 1 else rate_limits.count + 1 end`,
        reset_at: sql<number>`case when rate_limits.reset_at <= ${at} then excluded.reset_at else rate_limits.reset_at end`,
      }),
    )
    .returning(["count", "reset_at"])
    .executeTakeFirstOrThrow();
  if (row.count > limit) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((Number(row.reset_at) - at) / 1000)) };
  return { ok: true };
}

/** What a refused sign-in or registration answers, on the form and on /api alike. */
export type RefusedAttempt = { ok: false; retryAfterSeconds: number; message: string; headers: { "Retry-After": string } };
export type AuthAttempt = { ok: true } | RefusedAttempt;

export function refusedAttempt(retryAfterSeconds: number): RefusedAttempt {
  return {
    ok: false,
    retryAfterSeconds,
    message: `Too many attempts. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"} and try again.`,
    headers: { "Retry-After": String(retryAfterSeconds) },
  };
}

/** Counts an attempt under `key`: null while under `limit` in the window, else the refusal to answer. */
export async function limitAttempt(key: string, limit: number, windowMs: number): Promise<RefusedAttempt | null> {
  const counted = await hit(key, limit, windowMs);
  return counted.ok ? null : refusedAttempt(counted.retryAfterSeconds);
}

/**
 * Takes a place for an attempt under every key (a discount code's per shopper and per client
 * address): null while each is under `limit` in the window, else the refusal. Taken before the
 * attempt, so two processes at once cannot both pass the last place; `giveBack` returns the places
 * of an attempt that should not count (one that succeeded, when only failures are limited).
 */
export async function takeAttempt(keys: string[], limit: number, windowMs: number): Promise<RefusedAttempt | null> {
  let refused: RateLimitResult = { ok: true };
  for (const key of keys) {
    const counted = await hit(key, limit, windowMs);
    if (!counted.ok && (refused.ok || counted.retryAfterSeconds > refused.retryAfterSeconds)) refused = counted;
  }
  return refused.ok ? null : refusedAttempt(refused.retryAfterSeconds);
}

/** Gives back the places `takeAttempt` took under these keys. */
export async function giveBack(keys: string[]): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set({ count: sql<number>`count - 1` })
    .where("key", "in", keys)
    .where("count", ">", 0)
    .execute();
}

/**
 * Login from an unknown device, and register: at most 10 tries a minute per client address and
 * per account (e-mail), so neither one address nor many addresses against one account can guess
 * passwords quickly. (A browser that signed in to the account before is limited on its own:
 * sign-in.server.ts.)
 */
export async function limitAuthAttempt(kind: "login" | "register", ip: string, email: unknown): Promise<AuthAttempt> {
  const limit = config.authAttemptsPerMinute;
  const byIp = await hit(`${kind}:ip:${ip}`, limit, 60_000);
  // As typed, even when invalid (every attempt counts); a NUL, which PostgreSQL text cannot hold, written as \0.
  const account = typeof email === "string" ? email.trim().toLowerCase().slice(0, 254).replaceAll("\0", "\\0") : "";
  const byAccount = account ? await hit(`${kind}:account:${account}`, limit, 60_000) : ({ ok: true } as const);
  const refused = !byIp.ok ? byIp : byAccount;
  return refused.ok ? refused : refusedAttempt(refused.retryAfterSeconds);
}

/**
 * The request's client address, as the HTTP layer wrote it into CLIENT_ADDRESS_HEADER (honouring
 * TRUST_PROXY; a value the client sent under that name is replaced, never trusted). A header, not
 * the load context, so it travels with the request into remix-auth's strategies.
 */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) || "unknown";
}

export const CLIENT_ADDRESS_HEADER = "x-shop-client-address";
