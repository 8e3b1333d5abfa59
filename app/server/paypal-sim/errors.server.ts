import { randomBytes } from "node:crypto";

// PayPal's error answers, as its published OpenAPI files (Orders v2 2.13, Payments v2 2.5) spell
// them: each status has its fixed `name` and `message`, and each issue its `description`. The
// contract tests (tests/paypal-contract/) check every answer the simulator gives against those
// files, so a text changed here by mistake fails them.

const ERRORS = {
  400: { name: "INVALID_REQUEST", message: "Request is not well-formed, syntactically incorrect, or violates schema." },
  401: {
    name: "AUTHENTICATION_FAILURE",
    message: "Authentication failed due to missing authorization header, or invalid authentication credentials.",
  },
  404: { name: "RESOURCE_NOT_FOUND", message: "The specified resource does not exist." },
  422: {
    name: "UNPROCESSABLE_ENTITY",
    message: "The requested action could not be performed, semantically incorrect, or failed business validation.",
  },
} as const;

/** Each issue the simulator raises, with the status it comes with and its description in the spec. */
const ISSUES = {
  // 400, Orders and Payments
  INVALID_PARAMETER_VALUE: [400, "A parameter value is not valid."],
  INVALID_PARAMETER_SYNTAX: [400, "The value of a field does not conform to the expected format."],
  INVALID_STRING_LENGTH: [400, "The value of a field is either too short or too long"],
  MISSING_REQUIRED_PARAMETER: [400, "A required parameter is missing."],
  MALFORMED_REQUEST_JSON: [400, "The request JSON is not well formed."],
  // 404
  INVALID_RESOURCE_ID: [404, "Specified resource ID does not exist. Please check the resource ID and try again."],
  // 422, Orders: create
  AMOUNT_MISMATCH: [422, "Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount."],
  ITEM_TOTAL_MISMATCH: [422, "Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit."],
  ITEM_TOTAL_REQUIRED: [
    422,
    "If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.",
  ],
  TAX_TOTAL_MISMATCH: [422, "Should equal sum of (tax * quantity) across all items for a given purchase_unit."],
  TAX_TOTAL_REQUIRED: [
    422,
    "If item details are specified (items.tax_total and items.quantity) corresponding amount.breakdown.tax_total is required.",
  ],
  SHIPPING_ADDRESS_INVALID: [422, "Provided shipping address is invalid."],
  CANNOT_BE_ZERO_OR_NEGATIVE: [
    422,
    "Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.",
  ],
  DECIMAL_PRECISION: [422, "If the currency supports decimals, only two decimal place precision is supported."],
  MULTI_CURRENCY_ORDER: [
    422,
    "Multiple differing values of currency_code are not supported. Entire Order request must have the same currency_code.",
  ],
  // 422, Orders: capture
  ORDER_NOT_APPROVED: [
    422,
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid `payment_source` in the request.",
  ],
  ORDER_ALREADY_CAPTURED: [422, "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed."],
  // Two spaces after "presented": PayPal's own text.
  INSTRUMENT_DECLINED: [
    422,
    "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
  ],
  // 422, Payments: refund
  CAPTURE_FULLY_REFUNDED: [422, "The capture has already been fully refunded"],
  REFUND_AMOUNT_EXCEEDED: [422, "The refund amount must be less than or equal to the capture amount that has not yet been refunded."],
  REFUND_CAPTURE_CURRENCY_MISMATCH: [422, "Refund must be in the same currency as the capture"],
} as const satisfies Record<string, readonly [keyof typeof ERRORS, string]>;

export type SimIssue = keyof typeof ISSUES;
type Link = { href: string; rel: string; method?: string };

/** Where a field that caused the error is: `field` a JSON pointer (body) or a name (path). */
export type ErrorField = { field?: string; value?: string; location?: "body" | "path" | "query" };

/** The JSON body of PayPal's error answer for `issue`, with its status. */
export function ppErrorBody(
  issue: SimIssue,
  where: ErrorField = {},
  extraLinks: Link[] = [],
): { status: number; body: Record<string, unknown> } {
  const [status, description] = ISSUES[issue];
  const { name, message } = ERRORS[status];
  const api = issue.startsWith("REFUND") || issue === "CAPTURE_FULLY_REFUNDED" ? "payments" : "orders";
  return {
    status,
    body: {
      name,
      message,
      debug_id: randomBytes(7).toString("hex").slice(0, 13),
      details: [{ ...where, issue, description }],
      links: [
        { href: `https://developer.paypal.com/docs/api/${api}/v2/#error-${issue}`, rel: "information_link", method: "GET" },
        ...extraLinks,
      ],
    },
  };
}

/** PayPal's 401: no details, as PayPal answers a missing, forged or expired token. */
export function ppAuthenticationFailure(): { status: number; body: Record<string, unknown> } {
  return {
    status: 401,
    body: {
      ...ERRORS[401],
      debug_id: randomBytes(7).toString("hex").slice(0, 13),
      links: [{ href: "https://developer.paypal.com/docs/api/overview/#error", rel: "information_link", method: "GET" }],
    },
  };
}
