// Order display rules from SPEC section 4, shared by the shopper's and the admin's screens.

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
