import { randomBytes, timingSafeEqual } from "node:crypto";
import { deriveSecret, simulatorCredentials } from "~/server/platform/secrets.server";

// The simulator's OAuth2: only this shop gets a token (docs/decisions/0017).

const TOKEN_SECONDS = 32400;
const tokenMac = (body: string) => deriveSecret(`paypal-simulator:token:${body}`).slice(0, 32);
const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** OAuth2 client credentials, as PayPal's /v1/oauth2/token: a signed, expiring token, no state. */
export function simToken(request: Request): Response {
  const headers = { "Cache-Control": "no-store" };
  const refused = Response.json({ error: "invalid_client", error_description: "Client Authentication failed" }, { status: 401, headers });
  const auth = request.headers.get("Authorization") ?? "";
  if (!auth.startsWith("Basic ")) return refused;
  const [clientId = "", clientSecret = ""] = Buffer.from(auth.slice(6), "base64").toString("utf8").split(":");
  const expected = simulatorCredentials();
  if (!sameText(clientId, expected.clientId) || !sameText(clientSecret, expected.clientSecret)) return refused;
  const body = `${Math.floor(Date.now() / 1000) + TOKEN_SECONDS}.${randomBytes(12).toString("hex")}`;
  return Response.json(
    {
      scope: "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund",
      access_token: `SIM-${body}.${tokenMac(body)}`,
      token_type: "Bearer",
      app_id: "APP-SIMULATOR",
      expires_in: TOKEN_SECONDS,
      nonce: `${new Date().toISOString().replace(/\.\d+Z$/, "Z")}${randomBytes(16).toString("base64url")}`,
    },
    { headers },
  );
}

/** A bearer token this simulator issued and that has not expired. */
export function authorized(request: Request): boolean {
  const match = request.headers.get("Authorization")?.match(/^Bearer SIM-(\d+\.[0-9a-f]+)\.([0-9a-f]{32})$/);
  if (!match) return false;
  const [, body, mac] = match;
  return sameText(mac!, tokenMac(body!)) && Number(body!.split(".")[0]) > Date.now() / 1000;
}
