// What the database's status columns may hold: the schema's types (schema.ts) and the app's
// constants (app/lib/constants.ts) both come from here, so db/ needs nothing of app/.

export const ORDER_STATUSES = ["pending", "inProcess", "inShipping", "delivered", "confirmed", "rejected", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Whose doing a change of an order's status was: the shopper placing it, the admin, the payment, or the recovery of an interrupted payment. */
export const STATUS_CHANGE_BY = ["shopper", "admin", "payment", "recovery"] as const;
export type StatusChangeBy = (typeof STATUS_CHANGE_BY)[number];

export const PAYMENT_STATUSES = ["pending", "paid", "failed", "cancelled"] as const;
/** What the database stores for a payment; `paid` stays once the money came in. */
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const REFUND_STATUSES = ["requested", "pending", "completed", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const ROLES = ["admin", "user"] as const;
export type Role = (typeof ROLES)[number];
