import { SHOP_BUSY } from "~/lib/messages/platform";
import { config } from "~/server/platform/config.server";
import { log } from "~/server/platform/log.server";
import { databaseFile } from "./sqlite.server";

// What the database's errors mean, in either engine's words.

/** One line saying why the database could not be opened, without a stack or a password. */
export function databaseProblem(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const code = (cause as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const url = config.databaseUrl ? new URL(config.databaseUrl) : null;
  const where = url ? `${url.hostname}:${url.port || 5432}${url.pathname}` : databaseFile();
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ETIMEDOUT" || /timeout/i.test(message)) {
    return `cannot reach the database at ${where} (${code ?? message}); check DATABASE_URL and that PostgreSQL is running.`;
  }
  return `cannot open the database at ${where}: ${message.split("\n")[0]}`;
}

/** Whether a write was refused by a unique index of `table`, in either engine's words. */
export function isUniqueViolation(error: unknown, table: string): boolean {
  return uniqueViolationOf(error, table) !== null;
}

/**
 * The column (the first, for an index over several) of `table` whose unique index refused a
 * write, or null for any other error. SQLite names it in the message ("UNIQUE constraint failed:
 * users.email"); PostgreSQL names the index (`users_email_key`, `users_user_name_key_unique`).
 */
export function uniqueViolationOf(error: unknown, table: string): string | null {
  const {
    code,
    message,
    table: refused,
    constraint,
  } = (error ?? {}) as { code?: string; message?: string; table?: string; constraint?: string };
  if (code === "23505") {
    if (refused !== table || !constraint) return null;
    const name = constraint.startsWith(`${table}_`) ? constraint.slice(table.length + 1) : constraint;
    return name.endsWith("_unique") ? name.slice(0, -"_unique".length) : name.replace(/_key$/, "");
  }
  const found = typeof message === "string" ? new RegExp(`UNIQUE constraint failed: ${table}\\.(\\w+)`).exec(message) : null;
  if (found) return found[1]!;
  // An index over an expression (lower(name)) is named, not its column: "index 'brands_name_unique'".
  const byIndex =
    typeof message === "string" ? new RegExp(`UNIQUE constraint failed: index '${table}_(\\w+?)_unique'`).exec(message) : null;
  return byIndex ? byIndex[1]! : null;
}

/** Whether a write was refused by a foreign key (a row it names is gone, or still named), in either engine's words. */
export function isForeignKeyViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === "23503" || (typeof message === "string" && message.includes("FOREIGN KEY constraint failed"));
}

/**
 * PostgreSQL's words for "not now": a lock not granted within lock_timeout (55P03), a statement
 * cancelled by statement_timeout (57014), a transaction ended by
 * idle_in_transaction_session_timeout (25P03), a deadlock or serialization failure it broke
 * (40P01, 40001); and the pool's, when no connection came free in time or the one in use was ended.
 */
const BUSY_CODES = new Set(["55P03", "57014", "25P03", "40P01", "40001"]);
export function isBusyError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === "string" && BUSY_CODES.has(code)) return true;
  return (
    typeof message === "string" &&
    /^(timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error and is not queryable)/.test(
      message,
    )
  );
}

/**
 * What a request that found the database busy answers: 503 with `{ success: false, message }`
 * and Retry-After. It is thrown as a Response, so React Router answers it as it is on /api and
 * shows it in the page's error boundary, inside the shop (app/lib/route-error.ts); the process
 * carries on. The database's own error is kept as `cause`, for logs.
 */
export class ShopBusy extends Response {
  readonly message = SHOP_BUSY;
  constructor(readonly cause: unknown) {
    super(JSON.stringify({ success: false, message: SHOP_BUSY }), {
      status: 503,
      headers: { "Content-Type": "application/json; charset=utf-8", "Retry-After": "1", "Cache-Control": "no-store" },
    });
  }
}

export function shopBusy(error: unknown): ShopBusy {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  log("warn", "database busy: answered 503", { code, error: message });
  return new ShopBusy(error);
}
