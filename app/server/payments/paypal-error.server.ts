import { config, shopOrigins } from "~/server/platform/config.server";

// What a failed PayPal call tells its caller. Kept apart from paypal.server.ts (which re-exports
// it) so the payment code can tell a decline from an unknown outcome even where a test stands in
// for the PayPal client.

export type PayPalLink = { href: string; rel: string; method?: string };

/**
 * A PayPal call that did not give the answer asked for. `status` is PayPal's HTTP status when it
 * answered (none: no answer, a timeout, or an answer the SDK could not read), `issue` the first
 * `details[].issue` of its error body (or its `name`, or OAuth's `error`).
 * - 4xx with an issue: PayPal refused and did nothing (`definitive`, but for 401, 408, 409, 429).
 * - no status, or 5xx: the outcome is unknown; ask PayPal again before deciding.
 */
export class PayPalError extends Error {
  readonly status?: number;
  readonly issue?: string;
  readonly links: PayPalLink[];
  constructor(message: string, details: { status?: number; issue?: string; links?: PayPalLink[] } = {}) {
    super(message);
    this.name = "PayPalError";
    this.status = details.status;
    this.issue = details.issue;
    this.links = details.links ?? [];
  }

  /**
   * PayPal refused the request for good and did nothing: a 4xx answer naming its issue, except
   * those that mean "not now" (401 a token PayPal no longer takes, 408, 409 a previous request
   * still in progress, 429 too many requests), which a retry with the same request id may pass.
   */
  get definitive(): boolean {
    return (
      this.status !== undefined &&
      this.status >= 400 &&
      this.status < 500 &&
      ![401, 408, 409, 429].includes(this.status) &&
      this.issue !== undefined
    );
  }
}

/**
 * Capture answers that mean "the buyer must choose another way to pay at PayPal" (Orders v2):
 * the funding source was declined, or PayPal needs the buyer on its pages again.
 */
const BUYER_MUST_CHOOSE_AGAIN = new Set(["INSTRUMENT_DECLINED", "PAYER_ACTION_REQUIRED", "REDIRECT_PAYER_FOR_ALTERNATE_FUNDING"]);

/** A page of PayPal's (or, in simulator mode, of the shop's own simulator): the only places a buyer is sent. */
function payPalPage(href: string): boolean {
  try {
    const url = new URL(href);
    if (config.paypalMode === "simulator") return shopOrigins().includes(url.origin) || url.origin === new URL(config.publicUrl).origin;
    return url.protocol === "https:" && (url.hostname === "paypal.com" || url.hostname.endsWith(".paypal.com"));
  } catch {
    return false;
  }
}

/**
 * Where to send the buyer when a capture was declined for a reason they can fix at PayPal: the
 * approval link of PayPal's answer, else the order's approval page. Null for any other failure.
 */
export function approvalAfterDecline(error: unknown, paypalOrderId: string): string | null {
  if (!(error instanceof PayPalError) || error.status !== 422 || !error.issue || !BUYER_MUST_CHOOSE_AGAIN.has(error.issue)) return null;
  const link = error.links.find((l) => ["payer-action", "approve", "redirect"].includes(l.rel) && payPalPage(l.href));
  if (link) return link.href;
  const token = encodeURIComponent(paypalOrderId);
  switch (config.paypalMode) {
    case "live":
      return `https://www.paypal.com/checkoutnow?token=${token}`;
    case "sandbox":
      return `https://www.sandbox.paypal.com/checkoutnow?token=${token}`;
    default:
      return `${config.publicUrl}/paypal-sim/checkoutnow?token=${token}`;
  }
}
