// Orders as the shop works with them (money in integer cents), and their display rules from SPEC
// section 4, shared by the shopper's and the admin's screens. The /api answers the legacy shape
// (`_id`, `cartItems`, `addressInfo`, dollar amounts): app/routes/api/legacy-json.server.ts.
import type { OrderStatus, PaymentStatus, StatusChangeBy } from "./constants";

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
};

export type Order = {
  id: string;
  userId: string;
  cartId: string | null;
  items: OrderItem[];
  /** A copy of the shipping address when the order was placed. */
  shipping: { addressId: string | null; address: string; city: string; pincode: string; phone: string; notes: string };
  orderStatus: OrderStatus;
  paymentMethod: string;
  paymentStatus: PaymentStatus;
  totalCents: number;
  orderDate: string;
  updatedAt: string;
  paymentId: string | null;
  payerId: string | null;
};

/** One change of an order's status: to `status` from `from` (null when the order was placed). */
export type StatusEvent = { status: OrderStatus; from: OrderStatus | null; at: string; by: StatusChangeBy };

/** An order with the buyer's name and e-mail and its timeline, for the details. */
export type OrderWithOwner = Order & { user: { userName: string; email: string }; statusHistory: StatusEvent[] };

const BY_LABELS: Record<StatusChangeBy, string> = {
  shopper: "Placed by the shopper",
  admin: "By the shop",
  payment: "By the payment",
  recovery: "By the payment (settled later)",
};

/** Who made a change, in words. */
export function statusChangeByLabel(by: string): string {
  return BY_LABELS[by as StatusChangeBy] ?? by;
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
};
const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** "In shipping" for `inShipping`: the one place a status becomes words. */
export function orderStatusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? status;
}

export function paymentStatusLabel(status: string): string {
  return PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? status;
}

/** Order list badge: confirmed green, rejected red, the known statuses yellow, anything else grey. */
export function listStatusClass(status: string): string {
  if (status === "confirmed") return "bg-green-700 text-white";
  if (status === "rejected") return "bg-red-600 text-white";
  if (["pending", "delivered", "inProcess", "inShipping"].includes(status)) return "bg-yellow-400 text-gray-900";
  return "bg-gray-500 text-white";
}

/** Admin list badge: confirmed green, rejected red, anything else yellow (SPEC section 4). */
export function adminListStatusClass(status: string): string {
  if (status === "confirmed") return "bg-green-700 text-white";
  if (status === "rejected") return "bg-red-600 text-white";
  return "bg-yellow-400 text-gray-900";
}

/** Details dialog badge: confirmed and delivered green, rejected red, pending yellow, inProcess blue, inShipping indigo. */
export function detailStatusClass(status: string): string {
  if (status === "confirmed" || status === "delivered") return "bg-green-700 text-white";
  if (status === "rejected") return "bg-red-600 text-white";
  if (status === "inProcess") return "bg-blue-600 text-white";
  if (status === "inShipping") return "bg-indigo-600 text-white";
  return "bg-yellow-400 text-gray-900";
}

export function paymentStatusClass(status: string): string {
  return status === "paid" || status === "completed" ? "bg-green-700 text-white" : "bg-yellow-400 text-gray-900";
}

export function estimatedDelivery(status: string): string {
  if (status === "confirmed" || status === "delivered") return "Your order will be delivered within 3-5 business days";
  if (status === "rejected") return "This order has been cancelled or rejected";
  return "Pending confirmation - Delivery estimate will be available once confirmed";
}
