import { formatMoney } from "~/lib/money";

// The owner's discount codes as the admin pages show them (issue 33). How much a code takes off
// an order is the checkout's business (app/lib/discounts/arithmetic.ts), not this file's.

export type DiscountType = "percent" | "fixed";

export type DiscountCode = {
  id: string;
  /** In capitals: codes are compared case-insensitively. */
  code: string;
  type: DiscountType;
  /** A whole percent (1-100), or cents, by type. */
  value: number;
  minSubtotalCents: number;
  /** ISO times in UTC, or null: no limit. */
  startsAt: string | null;
  endsAt: string | null;
  /** Uses in all, or null: unlimited. */
  usageLimit: number | null;
  oncePerCustomer: boolean;
  /** Ids the code is limited to; empty: every category (brand). */
  categories: string[];
  brands: string[];
  active: boolean;
  /** Uses held (a payment under way) or used (paid) now: what the limit counts. */
  taken: number;
  createdAt: string;
  updatedAt: string;
};

/**
 * A code with what it has done: uses held now and paid by orders still standing (not cancelled,
 * rejected or refunded in full), and those standing orders.
 */
export type DiscountCodeWithFigures = DiscountCode & {
  usedCount: number;
  /** Uses spent by orders cancelled, rejected or refunded in full since: still counted toward the limit. */
  closedCount: number;
  heldCount: number;
  orderCount: number;
  /** What those orders were paid (their totals, after the discount), less what was refunded of them. */
  revenueCents: number;
  /** What the code took off them. */
  discountCents: number;
};

/** "10%" or "$5.00 off". */
export function discountValueLabel(d: Pick<DiscountCode, "type" | "value">): string {
  return d.type === "percent" ? `${d.value}%` : `${formatMoney(d.value)} off`;
}

const utc = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** A moment as the owner reads it, in UTC (the times the form takes). */
export const formatUtc = (iso: string) => `${utc.format(new Date(iso))} UTC`;

/** "Always", "From ...", "Until ..." or "... to ...". */
export function discountPeriodLabel(d: Pick<DiscountCode, "startsAt" | "endsAt">): string {
  if (d.startsAt && d.endsAt) return `${formatUtc(d.startsAt)} to ${formatUtc(d.endsAt)}`;
  if (d.startsAt) return `From ${formatUtc(d.startsAt)}`;
  if (d.endsAt) return `Until ${formatUtc(d.endsAt)}`;
  return "Always";
}

/** An ISO time as a `datetime-local` field's value, in UTC ("2026-12-01T09:30"). */
export const toUtcInputValue = (iso: string | null) => (iso ? iso.slice(0, 16) : "");
