import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  PaypalExperienceUserAction,
  type Configuration,
  type OAuthToken,
  type Order,
} from "@paypal/paypal-server-sdk";
import { config } from "../platform/config.server";
import { simulatorCredentials } from "./paypal-simulator.server";

// The real SDK code path for all three modes. In simulator mode every request (OAuth included) is
// rewritten to the in-app simulator: the SDK has no base-URL option, so a Client subclass adds a
// request interceptor. The base URL lives in a closure because the base constructor already asks
// for the request builder factory.

type RequestBuilderFactory = ReturnType<Client["getRequestBuilderFactory"]>;
type RequestBuilder = ReturnType<RequestBuilderFactory>;
type HttpRequest = Parameters<Parameters<RequestBuilder["interceptRequest"]>[0]>[0];

function createClient(options: Partial<Configuration>, baseUrl?: string): Client {
  if (!baseUrl) return new Client(options);
  const rewrite = (req: HttpRequest): HttpRequest => {
    const url = new URL(req.url);
    return { ...req, url: baseUrl + url.pathname + url.search };
  };
  class SimulatorClient extends Client {
    override getRequestBuilderFactory(): RequestBuilderFactory {
      const inner = super.getRequestBuilderFactory();
      return (method, path) => {
        const builder = inner(method, path);
        builder.interceptRequest(rewrite);
        return builder;
      };
    }
  }
  return new SimulatorClient(options);
}

const TIMEOUT_MS = 15_000;
let cachedToken: OAuthToken | undefined;
let controller: OrdersController | undefined;

function orders(): OrdersController {
  if (!controller) {
    const mode = config.paypalMode;
    const simulator = mode === "simulator" ? simulatorCredentials() : null;
    const id = simulator?.clientId ?? config.paypalCredentials.clientId;
    const secret = simulator?.clientSecret ?? config.paypalCredentials.clientSecret;
    const client = createClient(
      {
        environment: mode === "live" ? Environment.Production : Environment.Sandbox,
        timeout: TIMEOUT_MS,
        clientCredentialsAuthCredentials: {
          oAuthClientId: id,
          oAuthClientSecret: secret,
          oAuthToken: cachedToken,
          oAuthOnTokenUpdate: (token) => {
            cachedToken = token;
          },
        },
      },
      mode === "simulator" ? config.paypalSimulatorApi : undefined,
    );
    controller = new OrdersController(client);
  }
  return controller;
}

/** Any failure may have left the SDK's token promise rejected for good: start afresh next time. */
function reset(): void {
  controller = undefined;
}

export class PayPalError extends Error {}

async function call<T>(fn: (c: OrdersController) => Promise<{ result: T }>): Promise<T> {
  try {
    return (await fn(orders())).result;
  } catch (error) {
    reset();
    const detail = error instanceof ApiError ? `PayPal answered ${error.statusCode}: ${String(error.body).slice(0, 300)}` : String(error);
    throw new PayPalError(detail);
  }
}

export type PayPalLine = { name: string; unitCents: number; quantity: number; sku?: string | null };
const money = (cents: number) => ({ currencyCode: "USD", value: (cents / 100).toFixed(2) });

/**
 * Creates the PayPal order for a shop order; returns PayPal's id and the approval URL. PayPal sends
 * the shopper back to `shopUrl` (config.shopUrlFor).
 */
export async function createPayPalOrder(
  shopOrderId: string,
  lines: PayPalLine[],
  totalCents: number,
  shopUrl: string,
): Promise<{ id: string; approvalUrl: string }> {
  const result = await call((c) =>
    c.createOrder({
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [
          {
            referenceId: shopOrderId,
            amount: { ...money(totalCents), breakdown: { itemTotal: money(totalCents) } },
            items: lines.map((l) => ({
              name: l.name.slice(0, 127),
              quantity: String(l.quantity),
              unitAmount: money(l.unitCents),
              ...(l.sku ? { sku: l.sku.slice(0, 127) } : {}),
            })),
          },
        ],
        paymentSource: {
          paypal: {
            experienceContext: {
              returnUrl: `${shopUrl}/shop/paypal-return`,
              cancelUrl: `${shopUrl}/shop/paypal-return?cancelled=1`,
              userAction: PaypalExperienceUserAction.PayNow,
              brandName: config.shopName.slice(0, 127),
            },
          },
        },
      },
      paypalRequestId: `create-${shopOrderId}`,
      prefer: "return=minimal",
    }),
  );
  const approvalUrl = result.links?.find((l) => l.rel === "payer-action" || l.rel === "approve")?.href;
  if (!result.id || !approvalUrl) throw new PayPalError("PayPal did not return an approval link");
  return { id: result.id, approvalUrl };
}

export type CaptureResult = { status: string; captureId?: string; currency?: string; value?: string; payerId?: string };

function captureOf(order: Order): CaptureResult {
  const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
  return {
    status: order.status ?? "",
    captureId: capture?.id,
    currency: capture?.amount?.currencyCode,
    value: capture?.amount?.value,
    payerId: order.paymentSource?.paypal?.accountId ?? order.payer?.payerId,
  };
}

/** Captures an approved PayPal order; the request id makes a repeated call safe. */
export async function capturePayPalOrder(paypalOrderId: string, shopOrderId: string): Promise<CaptureResult> {
  return captureOf(
    await call((c) => c.captureOrder({ id: paypalOrderId, paypalRequestId: `capture-${shopOrderId}`, prefer: "return=representation" })),
  );
}

export async function getPayPalOrder(paypalOrderId: string): Promise<CaptureResult> {
  return captureOf(await call((c) => c.getOrder({ id: paypalOrderId })));
}
