import { config } from "./config.server";

/**
 * Structured logs: one JSON object per line on stdout (stderr for errors), so journald or any
 * collector can parse them. LOG_LEVEL: debug, info (default), warn, error or silent.
 * Never pass passwords, cookies or payment data in `fields`.
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = Exclude<keyof typeof LEVELS, "silent">;

// A line logged before the settings were checked (or while refusing bad ones) is logged at info.
const setting = <T>(read: () => T, fallback: T): T => {
  try {
    return read();
  } catch {
    return fallback;
  }
};

function threshold(): number {
  return LEVELS[setting(() => config.logLevel, "info")];
}

function describe(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    return {
      error: error.message,
      errorName: error.name,
      ...(!setting(() => config.nodeProduction, false) || LEVELS.debug >= threshold() ? { stack: error.stack } : {}),
    };
  }
  return { error: String(error) };
}

export function log(level: LogLevel, msg: string, fields: Record<string, unknown> = {}): void {
  if (LEVELS[level] < threshold()) return;
  const { error, ...rest } = fields;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...rest, ...(error !== undefined ? describe(error) : {}) });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}
