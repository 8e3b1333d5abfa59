import type { OrderStatus } from "./constants";

// The owner's numbers on the dashboard (computed by server/admin/stats.server.ts).
/**
 * Revenue is money received net of refunds; `refundsCents` is what was refunded on the period's
 * orders; `discountsCents` what discount codes took off them (not in the revenue: never received).
 * The revenue is also split (issue 41): `salesCents` the lines after discounts without their tax,
 * `shippingCents` shipping without its tax, `taxCents` every tax; each net of refunds, the three
 * adding up to the revenue.
 */
type Figures = {
  revenueCents: number;
  refundsCents: number;
  discountsCents: number;
  salesCents: number;
  shippingCents: number;
  taxCents: number;
  orders: number;
};
export type Period = { label: string; days: number } & Figures;
export type DayRevenue = { day: string } & Figures;
export type BestSeller = { productId: string | null; title: string; quantity: number; revenueCents: number };

export type ShopNumbers = {
  periods: Period[];
  /** The last 30 days, oldest first, every day present (0 when nothing was sold). */
  days: DayRevenue[];
  byStatus: Array<{ status: OrderStatus; orders: number }>;
  bestSellers: BestSeller[];
};
