import path from "node:path";

/**
 * Settings from the environment. "Production" means the owner ran the server with
 * NODE_ENV=production; `npm start` without it runs the demo (scripts/start.mjs sets DEMO_MODE=1
 * while still serving the optimised build).
 */
export const config = {
  get dataDir(): string {
    return path.resolve(process.env.DATA_DIR || "./data");
  },
  get isProduction(): boolean {
    return process.env.NODE_ENV === "production" && process.env.DEMO_MODE !== "1";
  },
  get demoMode(): boolean {
    return !this.isProduction;
  },
  get sessionSecret(): string | undefined {
    return process.env.SESSION_SECRET || undefined;
  },
};

export const DEMO_ACCOUNTS = {
  admin: { userName: "Demo Admin", email: "admin@example.com", password: "admin-demo-123", role: "admin" },
  shopper: { userName: "Demo Shopper", email: "shopper@example.com", password: "shopper-demo-123", role: "user" },
} as const;
