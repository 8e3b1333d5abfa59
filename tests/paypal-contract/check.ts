import path from "node:path";
import { OpenApiDocument, type Exchange } from "./openapi";

// One exchange between the shop and PayPal (the simulator), checked against PayPal's published
// OpenAPI files: Orders v2 and Payments v2. The OAuth2 token endpoint is in neither (SOURCE.json
// says so): its request and answer are checked here by hand, as PayPal documents them.

export type { Exchange } from "./openapi";

const folder = path.resolve(import.meta.dirname, "../paypal-openapi");
let documents: OpenApiDocument[] | undefined;
const specs = () =>
  (documents ??= ["checkout_orders_v2.json", "payments_payment_v2.json"].map((f) => OpenApiDocument.load(path.join(folder, f))));

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function tokenProblems(exchange: Exchange): string[] {
  const problems: string[] = [];
  const form = new URLSearchParams(typeof exchange.requestBody === "string" ? exchange.requestBody : "");
  if (exchange.method !== "POST") problems.push("token: must be POST");
  if (form.get("grant_type") !== "client_credentials") problems.push("token: grant_type=client_credentials expected");
  if (!/^Basic [A-Za-z0-9+/=]+$/.test(exchange.requestHeaders["authorization"] ?? "")) problems.push("token: Basic authorization expected");
  const body = exchange.responseBody;
  if (exchange.status === 200) {
    if (!isObject(body)) return [...problems, "token: JSON object expected"];
    if (typeof body.access_token !== "string" || !body.access_token) problems.push("token: access_token missing");
    if (body.token_type !== "Bearer") problems.push("token: token_type must be Bearer");
    if (!Number.isInteger(body.expires_in) || (body.expires_in as number) <= 0)
      problems.push("token: expires_in must be a positive integer");
    if (typeof body.app_id !== "string") problems.push("token: app_id missing");
  } else if (exchange.status === 401) {
    if (!isObject(body) || typeof body.error !== "string" || typeof body.error_description !== "string") {
      problems.push("token: 401 must be { error, error_description }");
    }
  } else problems.push(`token: unexpected status ${exchange.status}`);
  return problems;
}

/**
 * Every way `exchange` departs from PayPal's API; [] when it conforms. `answersOnly`: for requests a
 * test made wrong on purpose, only the answer is checked.
 */
export function contractProblems(exchange: Exchange, { answersOnly = false } = {}): string[] {
  if (exchange.path === "/v1/oauth2/token")
    return tokenProblems(exchange).filter((p) => !answersOnly || !/must be POST|grant_type|authorization/.test(p));
  for (const spec of specs()) {
    const template = spec.match(exchange.method, exchange.path);
    if (!template) continue;
    const where = `${exchange.method} ${exchange.path} → ${exchange.status}`;
    const request = answersOnly
      ? []
      : [
          ...spec
            .validateParameters(exchange.method, template, exchange.path, exchange.requestHeaders)
            .map((p) => `${where} request: ${p}`),
          ...spec.validateRequest(exchange.method, template, exchange.requestBody).map((p) => `${where} request body: ${p}`),
        ];
    return [
      ...request,
      ...spec.validateResponse(exchange.method, template, exchange.status, exchange.responseBody).map((p) => `${where} answer: ${p}`),
    ];
  }
  return [`${exchange.method} ${exchange.path}: not an operation of PayPal's Orders v2 or Payments v2`];
}

/** The problems of many exchanges, each line naming its exchange. */
export function allContractProblems(exchanges: Exchange[], options: { answersOnly?: boolean } = {}): string[] {
  return exchanges.flatMap((exchange) => contractProblems(exchange, options));
}
