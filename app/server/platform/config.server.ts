import path from "node:path";
import { z } from "zod";
import { DEFAULT_SHOP_NAME } from "~/lib/constants";
import { isCountryCode } from "~/lib/countries";

// Every setting the shop reads from its environment, in one zod schema. They are parsed once, on
// first use: startShop() (start.server.ts) reads them before anything else, so a bad value stops the
// start with one line naming the variable (`settingsProblem`). Nothing else reads process.env.

/** "" counts as unset, as a shell's `VAR=` means. */
const unset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const text = z.preprocess(unset, z.string().trim().optional());
const whole = (min: number, max: number) =>
  z.preprocess(
    unset,
    z
      .string()
      .trim()
      .regex(/^\d+$/, "must be a whole number")
      .transform(Number)
      .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
      .optional(),
  );
const flag = z.preprocess(unset, z.enum(["0", "1"], { error: "must be 0 or 1" }).optional());
const urlOf = (protocols: string[], example: string) =>
  z.preprocess(
    unset,
    z
      .string()
      .trim()
      .refine((value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, `must be a URL such as ${example}`)
      .optional(),
  );

const Environment = z.object({
  NODE_ENV: text,
  /** 1: demo mode even under NODE_ENV=production (scripts/start.mjs sets it for `npm start`). */
  DEMO_MODE: flag,
  DATA_DIR: text,
  /** postgres://user:password@host:5432/database: PostgreSQL instead of the SQLite file in DATA_DIR. */
  DATABASE_URL: z.preprocess(
    unset,
    z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        const problem = databaseUrlProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .optional(),
  ),
  DATABASE_POOL_SIZE: whole(1, 1000),
  /** PostgreSQL session limits of each pool connection, in milliseconds (0: none). */
  PG_LOCK_TIMEOUT_MS: whole(0, 3_600_000),
  PG_STATEMENT_TIMEOUT_MS: whole(0, 3_600_000),
  PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: whole(0, 3_600_000),
  SHOP_NAME: z.string().optional(),
  /** First-start default of the shop's country (the settings page decides after); US. */
  SHOP_COUNTRY: z.preprocess(
    (v) => (typeof v === "string" && v.trim() ? v.trim().toUpperCase() : undefined),
    z
      .string()
      .refine((v) => isCountryCode(v), { error: "must be a two-letter country code (ISO 3166-1) such as US or GB" })
      .optional(),
  ),
  /** First-start default of the owner's "Visitors can browse without an account" (settings page). */
  PUBLIC_CATALOGUE: flag,
  SESSION_SECRET: text,
  PUBLIC_URL: urlOf(["http:", "https:"], "https://shop.example.com"),
  PORT: whole(0, 65535),
  HOST: text,
  PAYPAL_MODE: z.preprocess(unset, z.enum(["simulator", "sandbox", "live"], { error: "must be simulator, sandbox or live" }).optional()),
  PAYPAL_CLIENT_ID: text,
  PAYPAL_CLIENT_SECRET: text,
  PAYPAL_SIMULATOR_URL: urlOf(["http:", "https:"], "http://127.0.0.1:3000/paypal-sim"),
  ALLOW_PAYMENT_SIMULATOR: flag,
  /** Tests: a file the simulator appends each exchange to (tests/paypal-contract checks them). */
  PAYPAL_CONTRACT_LOG: text,
  SMTP_URL: urlOf(["smtp:", "smtps:"], "smtp://user:password@mail.example.com:587"),
  MAIL_FROM: text,
  /** Where the owner's notices go (a return asked for); the demo admin's address when unset. */
  SHOP_CONTACT_EMAIL: z.preprocess(
    unset,
    z
      .string()
      .trim()
      .pipe(z.email({ error: "must be an e-mail address such as orders@shop.example.com" }))
      .optional(),
  ),
  MAIL_BACKOFF_MS: whole(1, 86_400_000),
  MAIL_INTERVAL_MS: whole(10, 86_400_000),
  CART_REMINDER_INTERVAL_MS: whole(10, 86_400_000),
  TRUSTED_ORIGINS: z.preprocess(
    unset,
    z
      .string()
      .refine(
        (value) => value.split(",").every((origin) => !origin.trim() || URL.canParse(origin.trim())),
        "must be a comma-separated list of addresses such as https://app.example.com",
      )
      .optional(),
  ),
  TRUST_PROXY: text,
  AUTH_ATTEMPTS_PER_MINUTE: whole(1, 1_000_000),
  DISCOUNT_ATTEMPTS_PER_MINUTE: whole(1, 1_000_000),
  VISITOR_CARTS_PER_MINUTE: whole(1, 1_000_000),
  BACK_IN_STOCK_PER_HOUR: whole(1, 1_000_000),
  BACK_IN_STOCK_INTERVAL_MS: whole(10, 86_400_000),
  RETURN_DAYS: whole(0, 3650),
  /** Hosts (host or host:port, comma-separated) the import may fetch photos from though they are private. */
  IMPORT_ALLOW_HOSTS: z.preprocess(
    unset,
    z
      .string()
      .refine(
        (value) => value.split(",").every((entry) => !entry.trim() || allowedHost(entry) !== null),
        "must be a comma-separated list of hosts such as 127.0.0.1:8080 or photos.internal",
      )
      .optional(),
  ),
  /** Megabytes of pages each process keeps for visitors (page-cache.server.ts); 0 turns it off. */
  PAGE_CACHE_MB: whole(0, 100_000),
  LOG_LEVEL: z.preprocess(
    (value) => (typeof unset(value) === "string" ? String(value).trim().toLowerCase() : undefined),
    z.enum(["debug", "info", "warn", "error", "silent"], { error: "must be debug, info, warn, error or silent" }).optional(),
  ),
  /** 1: each request counts its database queries (its log line, X-Database-Queries; issue 52's budgets). */
  COUNT_QUERIES: flag,
  /** Set by server.mjs for its workers: the primary has migrated and added the demo data. */
  SHOP_PREPARED: flag,
});
type Environment = z.infer<typeof Environment>;

/** Why DATABASE_URL cannot name a PostgreSQL database, or null. */
function databaseUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "is not a URL: use postgres://user:password@host:5432/database";
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    return `must start with postgres:// (it starts with ${url.protocol}//); without DATABASE_URL the shop uses SQLite in DATA_DIR`;
  }
  if (!url.hostname || url.pathname.length < 2) return "needs a host and a database name: postgres://user:password@host:5432/database";
  return null;
}

/** "Host" or "host:port" ("[::1]:8080" for IPv6) as a host (lower case, IPv6 without brackets) and a port, or null. */
function allowedHost(entry: string): { host: string; port: number | null } | null {
  const value = entry.trim().toLowerCase();
  if (!value || /[/?#@\s]/.test(value)) return null;
  try {
    const url = new URL(`http://${value}`);
    if (!url.hostname) return null;
    const port = /:\d+$/.test(value) ? Number(value.slice(value.lastIndexOf(":") + 1)) : null;
    if (port !== null && (port < 1 || port > 65535)) return null;
    return { host: url.hostname.replace(/^\[|\]$/g, ""), port };
  } catch {
    return null;
  }
}

let parsed: Environment | undefined;

/** The settings, parsed on first use; a bad value throws SettingsError naming its variable. */
function settings(): Environment {
  if (!parsed) {
    const result = Environment.safeParse(process.env);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      throw new SettingsError(`${String(issue.path[0])} ${issue.message}.`);
    }
    parsed = result.data;
  }
  return parsed;
}

export class SettingsError extends Error {}

/** One line naming the variable whose value cannot be used, or null when every setting parses. */
export function settingsProblem(): string | null {
  try {
    settings();
    return null;
  } catch (error) {
    if (error instanceof SettingsError) return error.message;
    throw error;
  }
}

/**
 * Parses the settings again: for tests that change the environment between cases. A running
 * shop reads its settings once.
 */
export function reloadSettings(): void {
  parsed = undefined;
}

/**
 * The shop's settings. "Production" means the owner ran the server with NODE_ENV=production;
 * `npm start` without it runs the demo (scripts/start.mjs sets DEMO_MODE=1 while still serving
 * the optimised build).
 */
export const config = {
  get dataDir(): string {
    return path.resolve(settings().DATA_DIR ?? "./data");
  },
  /** DATABASE_URL: PostgreSQL instead of the SQLite file in DATA_DIR. */
  get databaseUrl(): string | undefined {
    return settings().DATABASE_URL;
  },
  /** DATABASE_POOL_SIZE: connections each process keeps to PostgreSQL (10 by default). */
  get databasePoolSize(): number {
    return settings().DATABASE_POOL_SIZE ?? 10;
  },
  /**
   * How long one PostgreSQL statement of a request may wait for a lock (PG_LOCK_TIMEOUT_MS, 5 s),
   * run (PG_STATEMENT_TIMEOUT_MS, 30 s), and how long a transaction may sit idle
   * (PG_IDLE_IN_TRANSACTION_TIMEOUT_MS, 60 s). A request that runs into one answers 503 "The shop
   * is busy"; 0 turns a limit off. Migrations are not bound by them.
   */
  get pgSessionLimits(): { lockTimeoutMs: number; statementTimeoutMs: number; idleInTransactionTimeoutMs: number } {
    const s = settings();
    return {
      lockTimeoutMs: s.PG_LOCK_TIMEOUT_MS ?? 5_000,
      statementTimeoutMs: s.PG_STATEMENT_TIMEOUT_MS ?? 30_000,
      idleInTransactionTimeoutMs: s.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS ?? 60_000,
    };
  },
  /** NODE_ENV=production: a real shop (CSP, secure cookies, no stack traces). */
  get nodeProduction(): boolean {
    return settings().NODE_ENV === "production";
  },
  get isProduction(): boolean {
    return settings().NODE_ENV === "production" && settings().DEMO_MODE !== "1";
  },
  get demoMode(): boolean {
    return !this.isProduction;
  },
  /** SHOP_NAME: what the header, the auth pages, titles, PayPal and e-mails call the shop. */
  get shopName(): string {
    // One line of printable text: it goes into titles, headers and PayPal's page.
    const name = (settings().SHOP_NAME ?? "")
      .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
      .trim()
      .slice(0, 60);
    return name || DEFAULT_SHOP_NAME;
  },
  /** SHOP_COUNTRY: the shop's country until the owner saves one (US). */
  get shopCountry(): string {
    return settings().SHOP_COUNTRY ?? "US";
  },
  /** PUBLIC_CATALOGUE=1: a new shop starts open to visitors (the owner's setting decides after). */
  get publicCatalogue(): boolean {
    return settings().PUBLIC_CATALOGUE === "1";
  },
  get sessionSecret(): string | undefined {
    return settings().SESSION_SECRET;
  },
  /** PUBLIC_URL as set (no default): production requires it. */
  get publicUrlSetting(): string | undefined {
    return settings().PUBLIC_URL;
  },
  /** The shop's public address, for PayPal's return URLs (never taken from a request's Host). */
  get publicUrl(): string {
    return (settings().PUBLIC_URL ?? `http://localhost:${this.port}`).replace(/\/+$/, "");
  },
  get port(): number {
    return settings().PORT ?? 3000;
  },
  /** simulator (default without credentials), sandbox or live. */
  get paypalMode(): "simulator" | "sandbox" | "live" {
    const { PAYPAL_MODE, PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET } = settings();
    return PAYPAL_MODE ?? (PAYPAL_CLIENT_ID && PAYPAL_CLIENT_SECRET ? "sandbox" : "simulator");
  },
  get paypalCredentials(): { clientId: string; clientSecret: string } {
    return { clientId: settings().PAYPAL_CLIENT_ID ?? "", clientSecret: settings().PAYPAL_CLIENT_SECRET ?? "" };
  },
  /** ALLOW_PAYMENT_SIMULATOR=1: a production test shop may take simulated payments. */
  get allowPaymentSimulator(): boolean {
    return settings().ALLOW_PAYMENT_SIMULATOR === "1";
  },
  /** Where the server reaches its own PayPal simulator (loopback, the port it listens on). */
  get paypalSimulatorApi(): string {
    const host = settings().HOST;
    const loopback = host && !["0.0.0.0", "::", "localhost"].includes(host) ? host : "127.0.0.1";
    return (settings().PAYPAL_SIMULATOR_URL ?? `http://${loopback}:${this.port}/paypal-sim`).replace(/\/+$/, "");
  },
  /** SMTP_URL: where mail goes; without it, .eml files in DATA_DIR/mail. */
  /** PAYPAL_CONTRACT_LOG, for the simulator only: where it records what it was sent and answered. */
  get paypalContractLog(): string | undefined {
    return this.paypalMode === "simulator" ? settings().PAYPAL_CONTRACT_LOG : undefined;
  },
  get smtpUrl(): string | undefined {
    return settings().SMTP_URL;
  },
  get mailFrom(): string | undefined {
    return settings().MAIL_FROM;
  },
  /**
   * SHOP_CONTACT_EMAIL: the shop's own address, where the owner hears of what needs them (a
   * return to receive). Unset, the demo admin's address, so the demo's notices show at /admin/mail.
   */
  get contactEmail(): string {
    return this.contactEmailSetting ?? DEMO_ACCOUNTS.admin.email;
  },
  get contactEmailSetting(): string | undefined {
    return settings().SHOP_CONTACT_EMAIL;
  },
  /** The first retry of a message after this long, doubling each time (30 s). */
  get mailBackoffMs(): number {
    return settings().MAIL_BACKOFF_MS ?? 30_000;
  },
  /** How often the sender looks for due mail (5 s). */
  get mailIntervalMs(): number {
    return settings().MAIL_INTERVAL_MS ?? 5_000;
  },
  /** How often each process looks for carts left behind to remind (a minute; issue 51). */
  get cartReminderIntervalMs(): number {
    return settings().CART_REMINDER_INTERVAL_MS ?? 60_000;
  },
  /** TRUSTED_ORIGINS: other sites whose pages may call /api with cookies (comma-separated). */
  get trustedOrigins(): string | undefined {
    return settings().TRUSTED_ORIGINS;
  },
  /** TRUST_PROXY: how many proxies (or which addresses) to believe about the client's address. */
  get trustProxy(): string | undefined {
    return settings().TRUST_PROXY;
  },
  /** Sign-in and registration attempts per minute per address, account or device (10). */
  get authAttemptsPerMinute(): number {
    return settings().AUTH_ATTEMPTS_PER_MINUTE ?? 10;
  },
  /** Refused discount codes per minute per shopper and per client address (10), so codes cannot be guessed. */
  get discountAttemptsPerMinute(): number {
    return settings().DISCOUNT_ATTEMPTS_PER_MINUTE ?? 10;
  },
  /** New visitors' carts per minute per client address (20), so a script cannot fill the database with carts. */
  get visitorCartsPerMinute(): number {
    return settings().VISITOR_CARTS_PER_MINUTE ?? 20;
  },
  /** "E-mail me when it's back" subscriptions per hour per client address (20), so a script cannot fill the table. */
  get backInStockPerHour(): number {
    return settings().BACK_IN_STOCK_PER_HOUR ?? 20;
  },
  /** How often each process looks for waiting subscriptions whose size is back in stock (60 s: a backstop, every restock claims at once). */
  get backInStockIntervalMs(): number {
    return settings().BACK_IN_STOCK_INTERVAL_MS ?? 60_000;
  },
  /** Days after delivery within which a shopper may ask to return items (30). */
  get returnDays(): number {
    return settings().RETURN_DAYS ?? 30;
  },
  /**
   * IMPORT_ALLOW_HOSTS: hosts the import may fetch `Image Src` photos from although their addresses
   * are private or loopback (a test server, a photo host on the owner's network); a host without a
   * port is allowed on every port. Cloud metadata addresses stay refused.
   */
  get importAllowHosts(): { host: string; port: number | null }[] {
    return (settings().IMPORT_ALLOW_HOSTS ?? "")
      .split(",")
      .map(allowedHost)
      .filter((entry) => entry !== null);
  },
  /**
   * PAGE_CACHE_MB: how much memory each process gives the pages it keeps for visitors (what a
   * shared cache may keep: s-maxage), 50 MB; 0 turns the page cache off.
   */
  get pageCacheMb(): number {
    return settings().PAGE_CACHE_MB ?? 50;
  },
  get logLevel(): "debug" | "info" | "warn" | "error" | "silent" {
    return settings().LOG_LEVEL ?? "info";
  },
  /** COUNT_QUERIES=1: each request's database queries counted (database/query-count.server.ts). */
  get countQueries(): boolean {
    return settings().COUNT_QUERIES === "1";
  },
  /** A worker of several: the primary process has prepared the database already. */
  get prepared(): boolean {
    return settings().SHOP_PREPARED === "1";
  },
};

/** Names that mean this machine; the demo may be opened on any of them. */
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The origins the shop answers as itself, where PayPal may send a shopper back: PUBLIC_URL's when
 * it is set; without it (the demo, development), each loopback name on our port.
 */
export function shopOrigins(): string[] {
  if (config.publicUrlSetting) return [new URL(config.publicUrl).origin];
  return LOOPBACK_HOSTS.map((host) => `http://${host}:${config.port}`);
}

/**
 * The shop's address for a link that brings this visitor's browser back (PayPal's return URL).
 * PUBLIC_URL when set. In the demo, the loopback name the visitor used, so it works opened on
 * localhost or on 127.0.0.1 alike (a cookie of one is never sent to the other); any other Host
 * header gets the default. Never a Host header the shop does not know as its own.
 */
export function shopUrlFor(request: Request): string {
  const origin = new URL(request.url).origin;
  return !config.publicUrlSetting && shopOrigins().includes(origin) ? origin : config.publicUrl;
}

export const DEMO_ACCOUNTS = {
  admin: { userName: "Demo Admin", email: "admin@example.com", password: "admin-demo-123", role: "admin" },
  shopper: { userName: "Demo Shopper", email: "shopper@example.com", password: "shopper-demo-123", role: "user" },
} as const;
