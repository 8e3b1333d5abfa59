import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  type Configuration,
  type OAuthToken,
  type Order,
  type Refund,
} from "@paypal/paypal-server-sdk";
import { config } from "~/server/platform/config.server";
import { PayPalError, type PayPalLink } from "./paypal-error.server";
import { simulatorCredentials } from "~/server/platform/secrets.server";
import { shopSettings } from "~/server/settings/settings.server";

export { PayPalError } from "./paypal-error.server";

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
type Controllers = { orders: OrdersController; payments: PaymentsController };
let controllers: Controllers | undefined;

/** One SDK client (one token cache, one simulator rewrite) for Orders v2 and Payments v2. */
function paypal(): Controllers {
  if (!controllers) {
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
    controllers = { orders: new OrdersController(client), payments: new PaymentsController(client) };
  }
  return controllers;
}

/** Any failure may have left the SDK's token promise rejected for good: start afresh next time. */
function reset(): void {
  controllers = undefined;
}

/** PayPal's error body (JSON), as the SDK kept it. */
function errorBody(error: ApiError): Record<string, unknown> | undefined {
  const parsed = (error as { result?: unknown }).result;
  if (parsed && typeof parsed === "object") return parsed as Record<string, unknown>;
  if (typeof error.body !== "string") return undefined;
  try {
    const body: unknown = JSON.parse(error.body);
    return body && typeof body === "object" ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function asPayPalError(error: unknown): PayPalError {
  if (!(error instanceof ApiError)) return new PayPalError(String(error));
  const body = errorBody(error);
  const details = Array.isArray(body?.details) ? (body.details as Array<{ issue?: unknown }>) : [];
  const issue = [details[0]?.issue, body?.name, body?.error].find((v): v is string => typeof v === "string");
  const links = Array.isArray(body?.links)
    ? (body.links as PayPalLink[]).filter((l) => typeof l?.href === "string" && typeof l?.rel === "string")
    : [];
  const text = typeof error.body === "string" ? error.body : JSON.stringify(body ?? "");
  return new PayPalError(`PayPal answered ${error.statusCode}: ${text.slice(0, 300)}`, { status: error.statusCode, issue, links });
}

async function call<T>(fn: (c: Controllers) => Promise<{ result: T }>): Promise<T> {
  try {
    return (await fn(paypal())).result;
  } catch (error) {
    reset();
    throw asPayPalError(error);
  }
}

/** A line as PayPal is told it: its unit price, and the tax of the whole line (0 when prices include it). */
export type PayPalLine = { name: string; unitCents: number; quantity: number; sku?: string | null; taxCents: number };

/** What the shopper pays, as lib/costs/totals.ts computed it for the order. */
export type PayPalAmounts = {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  shippingTaxCents: number;
  taxCents: number;
  taxIncluded: boolean;
  totalCents: number;
};

/** Where PayPal shows the parcel goes (SET_PROVIDED_ADDRESS): the address the shopper chose in the shop. */
export type PayPalShipTo = { fullName: string; addressLine: string; city: string; postalCode: string; countryCode: string };

const money = (cents: number) => ({ currencyCode: "USD", value: (cents / 100).toFixed(2) });

/**
 * The purchase unit's amount with its breakdown and its items, adding up as Orders v2 checks:
 * amount = item_total + tax_total + shipping − discount, item_total = Σ unit_amount × quantity and,
 * when items carry a tax, tax_total = Σ tax × quantity. Prices with the tax in them: no tax is
 * sent (it is inside item_total and shipping). Prices without: each unit carries its tax; a line
 * whose tax does not divide by its quantity goes as two items (some units a cent more), so the
 * cents are exactly the line's; the shipping's tax rides in `shipping`, since tax_total may hold
 * only the items' (docs/decisions/0053-shipping-and-tax.md).
 */
export function purchaseAmounts(lines: PayPalLine[], amounts: PayPalAmounts) {
  const taxed = !amounts.taxIncluded && amounts.taxCents > 0;
  const items = lines.flatMap((l) => {
    const item = {
      name: l.name.slice(0, 127),
      unitAmount: money(l.unitCents),
      ...(l.sku ? { sku: l.sku.slice(0, 127) } : {}),
    };
    if (!taxed) return [{ ...item, quantity: String(l.quantity) }];
    const each = Math.floor(l.taxCents / l.quantity);
    const more = l.taxCents - each * l.quantity;
    return [
      { ...item, quantity: String(l.quantity - more), tax: money(each) },
      { ...item, quantity: String(more), tax: money(each + 1) },
    ].filter((i) => i.quantity !== "0");
  });
  const itemTax = taxed ? amounts.taxCents - amounts.shippingTaxCents : 0;
  const shipping = amounts.shippingCents + (taxed ? amounts.shippingTaxCents : 0);
  const breakdown = {
    itemTotal: money(amounts.subtotalCents),
    ...(taxed ? { taxTotal: money(itemTax) } : {}),
    ...(shipping > 0 ? { shipping: money(shipping) } : {}),
    ...(amounts.discountCents > 0 ? { discount: money(amounts.discountCents) } : {}),
  };
  return { amount: { ...money(amounts.totalCents), breakdown }, items };
}

/**
 * Creates the PayPal order for a shop order; returns PayPal's id and the approval URL. PayPal sends
 * the shopper back to `shopUrl` (config.shopUrlFor). PayPal is told the lines at their prices, the
 * discount, the shipping and the tax (purchaseAmounts), and the address the shopper chose, which
 * PayPal shows and does not let them change (SET_PROVIDED_ADDRESS); an order without one (placed
 * through an older client's path with no address) asks PayPal for none. A buyer who cancels comes
 * back with `cancelParams` beside `cancelled=1` (the checkout's address and method).
 */
export async function createPayPalOrder(
  shopOrderId: string,
  lines: PayPalLine[],
  amounts: PayPalAmounts,
  shopUrl: string,
  shipTo: PayPalShipTo | null,
  cancelParams: Record<string, string> = {},
): Promise<{ id: string; approvalUrl: string }> {
  const { amount, items } = purchaseAmounts(lines, amounts);
  const { shopName } = await shopSettings();
  const result = await call((c) =>
    c.orders.createOrder({
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [
          {
            referenceId: shopOrderId,
            amount,
            items,
            ...(shipTo
              ? {
                  shipping: {
                    name: { fullName: shipTo.fullName.slice(0, 300) },
                    address: {
                      addressLine1: shipTo.addressLine.slice(0, 300),
                      adminArea2: shipTo.city.slice(0, 120),
                      postalCode: shipTo.postalCode.slice(0, 60),
                      countryCode: shipTo.countryCode,
                    },
                  },
                }
              : {}),
          },
        ],
        paymentSource: {
          paypal: {
            experienceContext: {
              returnUrl: `${shopUrl}/shop/paypal-return`,
              cancelUrl: `${shopUrl}/shop/paypal-return?${new URLSearchParams({ cancelled: "1", ...cancelParams })}`,
              userAction: PaypalExperienceUserAction.PayNow,
              brandName: shopName.slice(0, 127),
              shippingPreference: shipTo
                ? PaypalWalletContextShippingPreference.SetProvidedAddress
                : PaypalWalletContextShippingPreference.NoShipping,
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

/**
 * The PayPal-Request-Id of a capture. PayPal answers a repeated id with the answer it stored, a
 * decline included, so each attempt after the buyer chose again at PayPal gets its own id. The
 * first keeps the id captures always had: a retry of a capture whose answer was lost before this
 * change still gets PayPal's stored answer.
 */
export const captureRequestId = (shopOrderId: string, attempt: number) =>
  attempt === 0 ? `capture-${shopOrderId}` : `capture-${shopOrderId}-${attempt}`;

/** Captures an approved PayPal order; the request id (order and attempt) makes a repeated call safe. */
export async function capturePayPalOrder(paypalOrderId: string, shopOrderId: string, attempt = 0): Promise<CaptureResult> {
  return captureOf(
    await call((c) =>
      c.orders.captureOrder({
        id: paypalOrderId,
        paypalRequestId: captureRequestId(shopOrderId, attempt),
        prefer: "return=representation",
      }),
    ),
  );
}

export async function getPayPalOrder(paypalOrderId: string): Promise<CaptureResult> {
  return captureOf(await call((c) => c.orders.getOrder({ id: paypalOrderId })));
}

export type RefundResult = { id: string; status: string /* COMPLETED | PENDING | FAILED | CANCELLED */; currency?: string; value?: string };

function refundOf(refund: Refund): RefundResult {
  if (!refund.id) throw new PayPalError("PayPal's refund answer has no id");
  return { id: refund.id, status: refund.status ?? "", currency: refund.amount?.currencyCode, value: refund.amount?.value };
}

/**
 * Refunds `cents` (USD) of a capture (Payments v2). PayPal-Request-Id `refund-${refundRowId}`: the
 * refund row is written first, so a retry of the same row never refunds twice. A PayPalError with a
 * 4xx status and an issue is a refusal (REFUND_AMOUNT_EXCEEDED, CAPTURE_FULLY_REFUNDED, …); without
 * a status, or 5xx, the outcome is unknown: ask again with getRefund, or retry with the same row.
 */
export async function refundCapture(captureId: string, refundRowId: string, cents: number, noteToPayer?: string): Promise<RefundResult> {
  // One line (PayPal's pattern is ^.*$), 1 to 255 characters.
  const note = noteToPayer?.replace(/\s+/g, " ").trim().slice(0, 255);
  return refundOf(
    await call((c) =>
      c.payments.refundCapturedPayment({
        captureId,
        paypalRequestId: `refund-${refundRowId}`,
        prefer: "return=representation",
        body: { amount: money(cents), ...(note ? { noteToPayer: note } : {}) },
      }),
    ),
  );
}

/** A refund as PayPal has it now (a PENDING one becomes COMPLETED, or FAILED, later). */
export async function getRefund(paypalRefundId: string): Promise<RefundResult> {
  return refundOf(await call((c) => c.payments.getRefund({ refundId: paypalRefundId })));
}
