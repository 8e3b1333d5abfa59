import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "./config.server";

/**
 * The shop's secrets: SESSION_SECRET (comma-separated to rotate; the first one signs), checked by
 * startShop in production. The demo and development keep a random secret in DATA_DIR so
 * sign-ins survive a restart without any setup; it is read, or made, on first use.
 */
let loaded: string[] | undefined;
export function secrets(): string[] {
  return (loaded ??= loadSecrets());
}

function loadSecrets(): string[] {
  const fromEnv = config.sessionSecret;
  if (fromEnv)
    return fromEnv
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  const file = path.join(config.dataDir, "session-secret");
  try {
    return [fs.readFileSync(file, "utf8").trim()];
  } catch {
    const secret = randomBytes(32).toString("hex");
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return [secret];
  }
}

/** A value only this shop can compute, for one purpose: hex HMAC-SHA256 under the signing secret. */
export function deriveSecret(purpose: string): string {
  return createHmac("sha256", secrets()[0]!).update(purpose).digest("hex");
}

/**
 * The client credentials the shop's own PayPal client uses in simulator mode (the simulator,
 * app/server/paypal-sim/, checks them; the client may not import the simulator). Derived from the
 * session secret, so nobody without it can get a token: the simulator takes no anonymous writes.
 */
export function simulatorCredentials(): { clientId: string; clientSecret: string } {
  return {
    clientId: `SIM-${deriveSecret("paypal-simulator:client-id").slice(0, 32)}`,
    clientSecret: deriveSecret("paypal-simulator:client-secret"),
  };
}
