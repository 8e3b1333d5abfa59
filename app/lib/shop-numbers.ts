import type { OrderStatus } from "./constants";

// The owner's numbers on the dashboard (computed by server/admin/stats.server.ts).
/**
 * Revenue is money received net of refunds; `refundsCents` is what was refunded on the period's
 * orders; `discountsCents` what discount codes took off them (not in the revenue: never received).
 */
export type Period = { label: string; days: number; revenueCents: number; refundsCents: number; discountsCents: number; orders: number };
export type DayRevenue = { day: string; revenueCents: number; refundsCents: number; discountsCents: number; orders: number };
export type BestSeller = { productId: string | null; title: string; quantity: number; revenueCents: number };

export type ShopNumbers = {
  periods: Period[];
  /** The last 30 days, oldest first, every day present (0 when nothing was sold). */
  days: DayRevenue[];
  byStatus: Array<{ status: OrderStatus; orders: number }>;
  bestSellers: BestSeller[];
};
