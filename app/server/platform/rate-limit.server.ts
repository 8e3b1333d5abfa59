/**
 * A fixed-window counter in memory: enough for one server process (the deployment we support).
 * Several instances would need a shared store; the interface stays the same.
 */
type Window = { count: number; resetAt: number };
const windows = new Map<string, Window>();

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

export function hit(key: string, limit: number, windowMs: number, at = Date.now()): RateLimitResult {
  if (windows.size > 50_000) {
    for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
  }
  let window = windows.get(key);
  if (!window || window.resetAt <= at) {
    window = { count: 0, resetAt: at + windowMs };
    windows.set(key, window);
  }
  window.count += 1;
  if (window.count > limit) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - at) / 1000)) };
  return { ok: true };
}

/** 10 by default; AUTH_ATTEMPTS_PER_MINUTE changes it (the browser tests raise it). */
function authAttemptsPerMinute(): number {
  const configured = Number(process.env.AUTH_ATTEMPTS_PER_MINUTE);
  return Number.isInteger(configured) && configured > 0 ? configured : 10;
}

/**
 * Login and register: at most 10 tries a minute per client address and per account (e-mail), so
 * neither one address nor many addresses against one account can guess passwords quickly.
 */
export type AuthAttempt = { ok: true } | { ok: false; retryAfterSeconds: number; message: string; headers: { "Retry-After": string } };

export function limitAuthAttempt(kind: "login" | "register", ip: string, email: unknown): AuthAttempt {
  const limit = authAttemptsPerMinute();
  const byIp = hit(`${kind}:ip:${ip}`, limit, 60_000);
  const account = typeof email === "string" ? email.trim().toLowerCase().slice(0, 254) : "";
  const byAccount = account ? hit(`${kind}:account:${account}`, limit, 60_000) : ({ ok: true } as const);
  const refused = !byIp.ok ? byIp : byAccount;
  if (refused.ok) return refused;
  // What the 429 of the form and of /api both say.
  const { retryAfterSeconds } = refused;
  return {
    ok: false,
    retryAfterSeconds,
    message: tooManyAttemptsMessage(retryAfterSeconds),
    headers: { "Retry-After": String(retryAfterSeconds) },
  };
}

function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many attempts. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"} and try again.`;
}

/** The client address the server put in the load context (server.mjs honours TRUST_PROXY). */
export function clientIp(context: unknown): string {
  const ip = (context as { ip?: unknown } | undefined)?.ip;
  return typeof ip === "string" && ip ? ip : "unknown";
}
