import path from "node:path";
import { DEFAULT_SHOP_NAME } from "~/lib/constants";

/**
 * Settings from the environment. "Production" means the owner ran the server with
 * NODE_ENV=production; `npm start` without it runs the demo (scripts/start.mjs sets DEMO_MODE=1
 * while still serving the optimised build).
 */
export const config = {
  get dataDir(): string {
    return path.resolve(process.env.DATA_DIR || "./data");
  },
  /** DATABASE_URL (postgres://user:password@host:5432/database): PostgreSQL instead of the SQLite file in DATA_DIR. */
  get databaseUrl(): string | undefined {
    return process.env.DATABASE_URL || undefined;
  },
  /** DATABASE_POOL_SIZE: connections each process keeps to PostgreSQL (10 by default). */
  get databasePoolSize(): number {
    const size = Number(process.env.DATABASE_POOL_SIZE);
    return Number.isInteger(size) && size > 0 ? size : 10;
  },
  get isProduction(): boolean {
    return process.env.NODE_ENV === "production" && process.env.DEMO_MODE !== "1";
  },
  get demoMode(): boolean {
    return !this.isProduction;
  },
  /** SHOP_NAME: what the header, the auth pages, titles, PayPal and e-mails call the shop. */
  get shopName(): string {
    // One line of printable text: it goes into titles, headers and PayPal's page.
    const name = (process.env.SHOP_NAME ?? "")
      .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
      .trim()
      .slice(0, 60);
    return name || DEFAULT_SHOP_NAME;
  },
  get sessionSecret(): string | undefined {
    return process.env.SESSION_SECRET || undefined;
  },
  /** The shop's public address, for PayPal's return URLs (never taken from a request's Host). */
  get publicUrl(): string {
    return (process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "");
  },
  /** simulator (default without credentials), sandbox or live. */
  get paypalMode(): "simulator" | "sandbox" | "live" {
    const mode = process.env.PAYPAL_MODE;
    if (mode === "sandbox" || mode === "live" || mode === "simulator") return mode;
    return process.env.PAYPAL_CLIENT_ID && process.env.PAYPAL_CLIENT_SECRET ? "sandbox" : "simulator";
  },
  /** Where the server reaches its own PayPal simulator (loopback, the port it listens on). */
  get paypalSimulatorApi(): string {
    const host = process.env.HOST && !["0.0.0.0", "::", "localhost"].includes(process.env.HOST) ? process.env.HOST : "127.0.0.1";
    return (process.env.PAYPAL_SIMULATOR_URL || `http://${host}:${process.env.PORT || 3000}/paypal-sim`).replace(/\/+$/, "");
  },
};

/** Names that mean this machine; the demo may be opened on any of them. */
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The origins the shop answers as itself, where PayPal may send a shopper back: PUBLIC_URL's when
 * it is set; without it (the demo, development), each loopback name on our port.
 */
export function shopOrigins(): string[] {
  if (process.env.PUBLIC_URL) return [new URL(config.publicUrl).origin];
  return LOOPBACK_HOSTS.map((host) => `http://${host}:${process.env.PORT || 3000}`);
}

/**
 * The shop's address for a link that brings this visitor's browser back (PayPal's return URL).
 * PUBLIC_URL when set. In the demo, the loopback name the visitor used, so it works opened on
 * localhost or on 127.0.0.1 alike (a cookie of one is never sent to the other); any other Host
 * header gets the default. Never a Host header the shop does not know as its own.
 */
export function shopUrlFor(request: Request): string {
  const origin = new URL(request.url).origin;
  return !process.env.PUBLIC_URL && shopOrigins().includes(origin) ? origin : config.publicUrl;
}

export const DEMO_ACCOUNTS = {
  admin: { userName: "Demo Admin", email: "admin@example.com", password: "admin-demo-123", role: "admin" },
  shopper: { userName: "Demo Shopper", email: "shopper@example.com", password: "shopper-demo-123", role: "user" },
} as const;
