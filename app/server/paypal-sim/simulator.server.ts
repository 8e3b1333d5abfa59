import fs from "node:fs";
import { config } from "~/server/platform/config.server";
import { simToken } from "./auth.server";
import { simCaptureOrder, simCreateOrder, simGetOrder } from "./orders.server";
import { simGetCapture, simGetRefund, simRefundCapture } from "./refunds.server";

// A stand-in for the part of PayPal's REST API the shop calls (OAuth2 token; Orders v2 create, get,
// capture; Payments v2 refund, get refund, get capture) plus an approval page, so the demo,
// development and tests run the real SDK path offline. It answers as PayPal's published OpenAPI
// files say (paths, fields, statuses, error bodies and texts); the contract tests check that. Its
// data lives in the shop's database, so a restart loses nothing. Only served when
// PAYPAL_MODE=simulator. See docs/decisions/0009, 0017 and 0036.
//
// - orders: orders.server.ts (and the approval page's decisions)
// - refunds and captures: refunds.server.ts
// - JSON shapes: model.server.ts; error bodies: errors.server.ts
// - tokens: auth.server.ts (the shop's credentials: platform/secrets.server.ts)

export { simDecide, simOrderForApproval } from "./orders.server";

export function simulatorEnabled(): boolean {
  return config.paypalMode === "simulator";
}

export function notFound(): Response {
  return new Response("Not found", { status: 404 });
}

const ID = "([A-Za-z0-9]+)";
const ROUTES: Array<{ method: "GET" | "POST"; path: RegExp; answer: (request: Request, id: string) => Promise<Response> | Response }> = [
  { method: "POST", path: /^v1\/oauth2\/token$/, answer: (request) => simToken(request) },
  { method: "POST", path: /^v2\/checkout\/orders$/, answer: (request) => simCreateOrder(request) },
  { method: "GET", path: new RegExp(`^v2/checkout/orders/${ID}$`), answer: simGetOrder },
  { method: "POST", path: new RegExp(`^v2/checkout/orders/${ID}/capture$`), answer: simCaptureOrder },
  { method: "GET", path: new RegExp(`^v2/payments/captures/${ID}$`), answer: simGetCapture },
  { method: "POST", path: new RegExp(`^v2/payments/captures/${ID}/refund$`), answer: simRefundCapture },
  { method: "GET", path: new RegExp(`^v2/payments/refunds/${ID}$`), answer: simGetRefund },
];

/**
 * One request to the simulator's REST API; `path` is what follows /paypal-sim/ (v2/checkout/orders…).
 * Anything else is a plain 404, as for a path PayPal does not serve.
 */
export async function simApi(request: Request, path: string): Promise<Response> {
  if (!simulatorEnabled()) return notFound();
  for (const route of ROUTES) {
    const match = request.method === route.method ? path.match(route.path) : null;
    if (!match) continue;
    const log = config.paypalContractLog;
    if (!log) return route.answer(request, match[1] ?? "");
    const sent = await request.clone().text();
    const answer = await route.answer(request, match[1] ?? "");
    recordExchange(log, request, path, sent, answer.status, await answer.clone().text());
    return answer;
  }
  return notFound();
}

const parsed = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * PAYPAL_CONTRACT_LOG (tests): one JSON line per exchange, in the shape the contract check reads
 * (tests/paypal-contract/check.ts), so a whole suite's exchanges can be checked against PayPal's
 * OpenAPI files afterwards.
 */
function recordExchange(file: string, request: Request, path: string, sent: string, status: number, answered: string): void {
  const exchange = {
    method: request.method,
    path: `/${path}`,
    requestHeaders: Object.fromEntries([...request.headers].map(([name, value]) => [name.toLowerCase(), value])),
    requestBody: parsed(sent),
    status,
    responseBody: parsed(answered),
  };
  fs.appendFileSync(file, `${JSON.stringify(exchange)}\n`);
}
