import fs from "node:fs";
import { config } from "./config.server";

/** Prints one line saying why the shop cannot start, then stops the process. */
export function refuseToStart(reason: string): never {
  console.error(`[shop] refusing to start: ${reason}`);
  process.exit(1);
}

export const MIN_SECRET_LENGTH = 32;

/** Why production cannot start with these settings, or null. Reads the environment only. */
export function productionSettingsProblem(): string | null {
  if (!config.isProduction) return null;
  const secret = config.sessionSecret;
  if (!secret) return "SESSION_SECRET is required when NODE_ENV=production (use 32+ random characters, e.g. `openssl rand -hex 32`).";
  if (secret.length < MIN_SECRET_LENGTH) return `SESSION_SECRET is too short: use at least ${MIN_SECRET_LENGTH} random characters.`;
  if (/change|example|secret|replace/i.test(secret) || new Set(secret).size < 8) {
    return "SESSION_SECRET looks like a placeholder: generate a random one (`openssl rand -hex 32`).";
  }
  if (!config.publicUrlSetting)
    return "PUBLIC_URL is required in production: the https address shoppers use (PayPal sends them back there).";
  const mode = config.paypalMode;
  if (mode === "simulator" && !config.allowPaymentSimulator) {
    return "payments would use the PayPal simulator: set PAYPAL_MODE=live (or sandbox) with PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, or ALLOW_PAYMENT_SIMULATOR=1 for a test shop.";
  }
  if (mode !== "simulator" && !(config.paypalCredentials.clientId && config.paypalCredentials.clientSecret)) {
    return `PAYPAL_MODE=${mode} needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.`;
  }
  return null;
}

/** Why DATA_DIR cannot hold the shop's files (it is created when missing), or null. */
export function dataDirProblem(): string | null {
  try {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.accessSync(config.dataDir, fs.constants.W_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return `DATA_DIR ${config.dataDir} cannot be written by this user (${code}); point DATA_DIR to a folder it can write.`;
  }
}
