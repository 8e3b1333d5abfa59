import { config } from "./config.server";
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
  return found ? found[1]! : null;
}
