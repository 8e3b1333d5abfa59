// Orders as the shop works with them (money in integer cents), and their display rules from SPEC
// section 4, shared by the shopper's and the admin's screens. The /api answers the legacy shape
// (`_id`, `cartItems`, `addressInfo`, dollar amounts): app/routes/api/legacy-json.server.ts.
import type { OrderStatus, PaymentStatus, RefundStatus, ShownPaymentStatus, StatusChangeBy } from "./constants";
import type { Parcel } from "./tracking";

/** A line of an order: a copy of the product's title, image and unit price when it was bought. */
export type OrderItem = {
  productId: string | null;
  /** The size and colour bought: the variant (null once deleted) and a copy of its size, colour and SKU. */
  variantId: string | null;
  size: string;
  color: string;
  sku: string | null;
  title: string;
  image: string;
  unitPriceCents: number;
  quantity: number;
  /** This line's share of the order's discount (0 without a code). */
  discountCents: number;
  /** This line's tax on what it cost after its discount (issue 41; 0 without tax). */
  taxCents: number;
};

export type Order = {
  id: string;
  /** The number people read and say (#1001, issue 48); null only on an abandoned payment attempt, which no one sees. */
  number: number | null;
  userId: string;
  cartId: string | null;
  items: OrderItem[];
  /** A copy of the shipping address when the order was placed (`country` null on orders placed before countries). */
  shipping: {
    addressId: string | null;
    address: string;
    city: string;
    pincode: string;
    phone: string;
    notes: string;
    country: string | null;
  };
  /**
   * What the order cost beyond its lines, as lib/costs/totals.ts computed it when it was placed
   * (issue 41): the method (null: free delivery with no zones set), the shipping and its tax, every
   * tax, the rate (thousandths of a percent) and whether prices had the tax in them. The total is
   * lines − discount + shipping, + taxCents when `taxIncluded` is false.
   */
  shippingMethod: { name: string; estimate: string } | null;
  shippingCents: number;
  shippingTaxCents: number;
  taxCents: number;
  taxRate: number;
  taxIncluded: boolean;
  orderStatus: OrderStatus;
  /** The carrier and tracking number the owner gave when marking it in shipping ('' each when not given). */
  parcel: Parcel;
  paymentMethod: string;
  /** `paid` becomes `partiallyRefunded` or `refunded` as refunds are made. */
  paymentStatus: ShownPaymentStatus;
  /** What the shopper paid: the lines less the discount. */
  totalCents: number;
  /** The lines at their prices, before the discount (issue 33). */
  subtotalCents: number;
  /** The discount code the order used, in capitals, and what it took off; null and 0 without one. */
  discountCode: string | null;
  discountCents: number;
  /** Every refund not failed (including one PayPal has not answered yet). */
  refundedCents: number;
  orderDate: string;
  updatedAt: string;
  paymentId: string | null;
  payerId: string | null;
};

/** One change of an order's status: to `status` from `from` (null when the order was placed). */
export type StatusEvent = { status: OrderStatus; from: OrderStatus | null; at: string; by: StatusChangeBy };

/** Money given back on an order, and for which lines. */
export type Refund = {
  id: string;
  amountCents: number;
  /** The part of it that gave back shipping (its tax included). */
  shippingCents: number;
  status: RefundStatus;
  reason: string;
  /** Whose doing: the shopper's cancellation, or the shop (a refund, a rejection, a return). */
  by: "shopper" | "admin";
  createdAt: string;
  items: Array<{ variantId: string | null; title: string; size: string; color: string; quantity: number }>;
};

/** Units a shopper asked to send back, each for the money or for another size or colour. */
/** A return as its e-mails tell it (the shopper's and the owner's). */
export type ReturnForMail = {
  status: "requested" | "received" | "refused";
  reason: string;
  refusal: string | null;
  lines: Array<{ name: string; quantity: number; outcome: string | null; exchangeName: string | null }>;
};

export type ReturnRequest = {
  id: string;
  status: "requested" | "received" | "refused";
  reason: string;
  refusal: string | null;
  createdAt: string;
  /** When the shop received or refused it; null while it waits. */
  decidedAt: string | null;
  items: Array<{
    variantId: string | null;
    title: string;
    size: string;
    color: string;
    quantity: number;
    /** The size and colour wanted instead of the money. */
    exchange: { variantId: string | null; size: string; color: string } | null;
    outcome: "refunded" | "exchanged" | "refundedInstead" | null;
  }>;
};

/**
 * Who bought an order, as the order recorded it; `guest`: placed through guest checkout and not
 * (yet) added to an account (issue 51), so there is no account to show.
 */
export type Buyer = { userName: string; email: string; guest: boolean };

/** An order with the buyer's name and e-mail, its timeline, refunds and returns, for the details. */
export type OrderWithOwner = Order & {
  user: Buyer;
  statusHistory: StatusEvent[];
  refunds: Refund[];
  returns: ReturnRequest[];
};

/** An order in the admin's list: who bought it, and how many of its returns wait to be received. */
export type AdminOrder = Order & { customer: Buyer; returnsToReceive: number };

/** The admin's orders list showing only the orders with a return to receive (a GET link, no JavaScript needed). */
export const RETURNS_TO_RECEIVE_HREF = "/admin/orders?returns=to-receive";

const RETURN_STATUS_LABELS: Record<ReturnRequest["status"], string> = {
  requested: "Requested",
  received: "Received",
  refused: "Refused",
};
export const returnStatusLabel = (status: string) => RETURN_STATUS_LABELS[status as ReturnRequest["status"]] ?? status;

/** A paid order's payment as people see it: refunded in full, in part, or paid. */
export function shownPaymentStatus(stored: PaymentStatus, refundedCents: number, totalCents: number): ShownPaymentStatus {
  if (stored !== "paid" || refundedCents <= 0) return stored;
  return refundedCents >= totalCents ? "refunded" : "partiallyRefunded";
}

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

// What people read for each status; the JSON and the database keep the raw values.
const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  inProcess: "In process",
  inShipping: "In shipping",
  delivered: "Delivered",
  confirmed: "Confirmed",
  rejected: "Rejected",
  cancelled: "Cancelled",
};
const PAYMENT_STATUS_LABELS: Record<ShownPaymentStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
  cancelled: "Cancelled",
  partiallyRefunded: "Partly refunded",
  refunded: "Refunded",
};
const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  requested: "Sent to PayPal",
  pending: "Pending at PayPal",
  completed: "Refunded",
  failed: "Failed",
};

export function refundStatusLabel(status: string): string {
  return REFUND_STATUS_LABELS[status as RefundStatus] ?? status;
}

/** "In shipping" for `inShipping`: the one place a status becomes words. */
export function orderStatusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? status;
}

export function paymentStatusLabel(status: string): string {
  return PAYMENT_STATUS_LABELS[status as ShownPaymentStatus] ?? status;
}

/** How an order was paid, as people write it (the /api keeps the stored value, "paypal"). */
export function paymentMethodLabel(method: string): string {
  if (method === "none") return "None (paid by its discount code)";
  return method === "paypal" ? "PayPal" : method;
}

/** Order list badge: confirmed green, rejected red, the known statuses yellow, anything else grey. */
export function listStatusClass(status: string): string {
  if (status === "confirmed") return "bg-green-700 text-white";
  if (status === "rejected" || status === "cancelled") return "bg-red-600 text-white";
  if (["pending", "delivered", "inProcess", "inShipping"].includes(status)) return "bg-yellow-400 text-gray-900";
  return "bg-gray-500 text-white";
}

/** Admin list badge: confirmed green, rejected (and cancelled) red, anything else yellow (SPEC section 4). */
export function adminListStatusClass(status: string): string {
  if (status === "confirmed") return "bg-green-700 text-white";
  if (status === "rejected" || status === "cancelled") return "bg-red-600 text-white";
  return "bg-yellow-400 text-gray-900";
}

/** Details dialog badge: confirmed and delivered green, rejected red, pending yellow, inProcess blue, inShipping indigo. */
export function detailStatusClass(status: string): string {
  if (status === "confirmed" || status === "delivered") return "bg-green-700 text-white";
  if (status === "rejected" || status === "cancelled") return "bg-red-600 text-white";
  if (status === "inProcess") return "bg-blue-600 text-white";
  if (status === "inShipping") return "bg-indigo-600 text-white";
  return "bg-yellow-400 text-gray-900";
}

export function paymentStatusClass(status: string): string {
  if (status === "refunded") return "bg-gray-600 text-white";
  return status === "paid" || status === "completed" ? "bg-green-700 text-white" : "bg-yellow-400 text-gray-900";
}

/** "#1001": an order as people name it (its id for an attempt without a number, which no page lists). */
export const orderNumberText = (order: Pick<Order, "id" | "number">) => (order.number === null ? order.id : `#${order.number}`);

/** SPEC's estimate, for an order whose delivery method gave none (or that has no method). */
export const SPEC_ESTIMATE = "3-5 business days";

/**
 * The estimate an order's delivery method gave when it was placed (issue 48): "Next day
 * (Express)"; SPEC's "3-5 business days" when it gave none.
 */
export function deliveryEstimate(method: Order["shippingMethod"]): string {
  return method?.estimate ? `${method.estimate} (${method.name})` : SPEC_ESTIMATE;
}

/**
 * The order details' delivery message. Without an estimate of its method, SPEC's words (section 4),
 * except that an order on its way says when it arrives rather than "Pending confirmation"; with
 * one, that estimate, so the details never say another than the success page and the e-mails.
 */
export function estimatedDelivery(status: string, method: Order["shippingMethod"] = null): string {
  if (status === "rejected" || status === "cancelled") return "This order has been cancelled or rejected";
  const own = method?.estimate ? deliveryEstimate(method) : null;
  if (status === "delivered" && own) return "Your order has been delivered";
  if (status === "confirmed" || status === "delivered" || status === "inShipping" || (status === "inProcess" && own)) {
    return own ? `Estimated delivery: ${own}` : `Your order will be delivered within ${SPEC_ESTIMATE}`;
  }
  return "Pending confirmation - Delivery estimate will be available once confirmed";
}

/** What a shopper may return from an order now (server/orders/returns.server.ts, returnOptions). */
export type ReturnOptions = {
  deadline: string;
  lines: Array<{
    variantId: string;
    title: string;
    size: string;
    color: string;
    max: number;
    /** Other sizes and colours of the same product at the price paid, in stock now. */
    exchanges: Array<{ variantId: string; size: string; color: string }>;
  }>;
};
