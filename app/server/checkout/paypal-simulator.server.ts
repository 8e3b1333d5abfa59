import { randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { config, shopOrigins } from "../platform/config.server";
import { deriveSecret } from "../platform/secrets.server";
import { db, now } from "../platform/db.server";

// A small stand-in for the PayPal Orders v2 REST API (the subset the SDK calls) plus an approval
// page, so the demo, development and tests run the real SDK path offline. Orders live in the
// shop's database so a restart loses nothing. Only served when PAYPAL_MODE=simulator.

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
const ppError = (status: number, name: string, issue: string, description: string) =>
  json({ name, message: description, debug_id: randomBytes(6).toString("hex"), details: [{ issue, description }] }, status);
const ppId = (n = 17) =>
  randomBytes(n)
    .toString("base64url")
    .replace(/[^A-Za-z0-9]/g, "")
    .toUpperCase()
    .slice(0, n);

export function simulatorEnabled(): boolean {
  return config.paypalMode === "simulator";
}

export function notFound(): Response {
  return new Response("Not found", { status: 404 });
}

/**
 * The client credentials the shop's own PayPal client uses in simulator mode. Derived from the
 * session secret, so nobody without it can get a token: the simulator takes no anonymous writes.
 */
export function simulatorCredentials(): { clientId: string; clientSecret: string } {
  return {
    clientId: `SIM-${deriveSecret("paypal-simulator:client-id").slice(0, 32)}`,
    clientSecret: deriveSecret("paypal-simulator:client-secret"),
  };
}

const TOKEN_SECONDS = 32400;
const tokenMac = (body: string) => deriveSecret(`paypal-simulator:token:${body}`).slice(0, 32);
const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** OAuth2 client credentials, as PayPal's /v1/oauth2/token: a signed, expiring token, no state. */
export async function simToken(request: Request): Promise<Response> {
  const refused = json({ error: "invalid_client", error_description: "Client Authentication failed" }, 401);
  const auth = request.headers.get("Authorization") ?? "";
  if (!auth.startsWith("Basic ")) return refused;
  const [clientId = "", clientSecret = ""] = Buffer.from(auth.slice(6), "base64").toString("utf8").split(":");
  const expected = simulatorCredentials();
  if (!sameText(clientId, expected.clientId) || !sameText(clientSecret, expected.clientSecret)) return refused;
  const body = `${Math.floor(Date.now() / 1000) + TOKEN_SECONDS}.${randomBytes(12).toString("hex")}`;
  return json({ access_token: `SIM-${body}.${tokenMac(body)}`, token_type: "Bearer", expires_in: TOKEN_SECONDS, app_id: "APP-SIMULATOR" });
}

function authorized(request: Request): boolean {
  const match = request.headers.get("Authorization")?.match(/^Bearer SIM-(\d+\.[0-9a-f]+)\.([0-9a-f]{32})$/);
  if (!match) return false;
  const [, body, mac] = match;
  return sameText(mac!, tokenMac(body!)) && Number(body!.split(".")[0]) > Date.now() / 1000;
}

/** PayPal only sends buyers back to the merchant's own site: here, the shop's own address. */
function onShop(url: unknown): url is string {
  try {
    return typeof url === "string" && url.length <= 2000 && shopOrigins().includes(new URL(url).origin);
  } catch {
    return false;
  }
}

const ExperienceContext = z.object({ return_url: z.string(), cancel_url: z.string().optional() });
/** The part of an Orders v2 create body the simulator needs (the SDK sends more). */
const CreateOrderBody = z.object({
  intent: z.literal("CAPTURE"),
  purchase_units: z
    .array(z.object({ amount: z.object({ currency_code: z.string().min(1), value: z.string().regex(/^\d+(\.\d{2})?$/) }) }))
    .min(1),
  payment_source: z.object({ paypal: z.object({ experience_context: ExperienceContext }) }).optional(),
  application_context: ExperienceContext.optional(),
});

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

type SimOrder = {
  id: string;
  status: string;
  currency: string;
  value: string;
  return_url: string;
  capture_id: string | null;
  payer_id: string | null;
};

function orderBody(order: SimOrder) {
  const body: Record<string, unknown> = {
    id: order.id,
    status: order.status,
    // The approval page on the host the shopper returns to (the demo may run on several names).
    links: [
      { href: `${new URL(order.return_url).origin}/paypal-sim/checkoutnow?token=${order.id}`, rel: "payer-action", method: "GET" },
      { href: `${new URL(order.return_url).origin}/paypal-sim/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" },
    ],
  };
  if (order.payer_id) body.payer = { payer_id: order.payer_id };
  if (order.capture_id) {
    body.purchase_units = [
      {
        payments: {
          captures: [
            {
              id: order.capture_id,
              status: "COMPLETED",
              amount: { currency_code: order.currency, value: order.value },
              final_capture: true,
            },
          ],
        },
      },
    ];
  }
  return body;
}

export async function simCreateOrder(request: Request): Promise<Response> {
  if (!authorized(request)) return ppError(401, "AUTHENTICATION_FAILURE", "INVALID_TOKEN", "Authentication failed");
  const requestId = request.headers.get("PayPal-Request-Id");
  if (requestId) {
    const existing = await db.selectFrom("paypal_sim_orders").selectAll().where("request_id", "=", requestId).executeTakeFirst();
    if (existing) return json(orderBody(existing), 200);
  }
  const parsed = CreateOrderBody.safeParse(await readJson(request));
  const context = parsed.success ? (parsed.data.payment_source?.paypal.experience_context ?? parsed.data.application_context) : undefined;
  if (!parsed.success || !context) {
    return ppError(422, "UNPROCESSABLE_ENTITY", "INVALID_PARAMETER_VALUE", "intent, amount and return_url are required");
  }
  if (!onShop(context.return_url) || (context.cancel_url !== undefined && !onShop(context.cancel_url))) {
    return ppError(422, "UNPROCESSABLE_ENTITY", "INVALID_PARAMETER_VALUE", "return_url and cancel_url must be on the shop's own address");
  }
  const amount = parsed.data.purchase_units[0]!.amount;
  const order = {
    id: ppId(),
    request_id: requestId,
    status: "PAYER_ACTION_REQUIRED",
    currency: amount.currency_code,
    value: amount.value,
    return_url: context.return_url,
    cancel_url: context.cancel_url ?? context.return_url,
    payer_id: null,
    capture_id: null,
    capture_request_id: null,
    created_at: now(),
  };
  await db.insertInto("paypal_sim_orders").values(order).execute();
  return json(orderBody(order), 201);
}

export async function simGetOrder(request: Request, id: string): Promise<Response> {
  if (!authorized(request)) return ppError(401, "AUTHENTICATION_FAILURE", "INVALID_TOKEN", "Authentication failed");
  const order = await db.selectFrom("paypal_sim_orders").selectAll().where("id", "=", id).executeTakeFirst();
  return order ? json(orderBody(order)) : ppError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Order not found");
}

/** Captures an approved order once; the same PayPal-Request-Id gets the same answer again. */
export async function simCaptureOrder(request: Request, id: string): Promise<Response> {
  if (!authorized(request)) return ppError(401, "AUTHENTICATION_FAILURE", "INVALID_TOKEN", "Authentication failed");
  const requestId = request.headers.get("PayPal-Request-Id");
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom("paypal_sim_orders").selectAll().where("id", "=", id).executeTakeFirst();
    if (!order) return ppError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Order not found");
    if (order.status === "COMPLETED") {
      if (requestId && requestId === order.capture_request_id) return json(orderBody(order), 201);
      return ppError(422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED", "Order already captured");
    }
    if (order.status !== "APPROVED")
      return ppError(422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment");
    const captured = { status: "COMPLETED", capture_id: ppId(), capture_request_id: requestId };
    await trx.updateTable("paypal_sim_orders").set(captured).where("id", "=", id).execute();
    return json(orderBody({ ...order, ...captured }), 201);
  });
}

export async function simOrderForApproval(id: string) {
  return db
    .selectFrom("paypal_sim_orders")
    .select(["id", "status", "currency", "value", "return_url", "cancel_url"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The buyer's choice on the approval page: where the browser goes next (PayPal's return rules). */
export async function simDecide(id: string, decision: "pay" | "cancel"): Promise<string | null> {
  const order = await db.selectFrom("paypal_sim_orders").selectAll().where("id", "=", id).executeTakeFirst();
  // Rows written before return URLs were checked may point anywhere: never redirect there.
  if (!order || !onShop(order.return_url) || !onShop(order.cancel_url)) return null;
  if (decision === "cancel") {
    const url = new URL(order.cancel_url);
    url.searchParams.set("token", order.id);
    return url.toString();
  }
  const payerId = order.payer_id ?? ppId(13);
  if (order.status === "PAYER_ACTION_REQUIRED") {
    await db.updateTable("paypal_sim_orders").set({ status: "APPROVED", payer_id: payerId }).where("id", "=", id).execute();
  }
  const url = new URL(order.return_url);
  url.searchParams.set("token", order.id);
  url.searchParams.set("PayerID", payerId);
  url.searchParams.set("paymentId", order.id); // the legacy parameter name
  return url.toString();
}
