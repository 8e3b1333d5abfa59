import type { DiscountCode } from "./codes";
import { formatMoney } from "~/lib/money";
import {
  DISCOUNT_ALREADY_USED,
  DISCOUNT_EXPIRED,
  DISCOUNT_NOT_FOR_THESE_ITEMS,
  DISCOUNT_NOT_STARTED,
  DISCOUNT_UNKNOWN,
  DISCOUNT_USED_UP,
  discountMinimumNotReached,
} from "~/lib/messages/discounts-shopper";

// The arithmetic of discount codes (issue 33, docs/decisions/0043-discount-codes.md), shared by the
// cart, checkout, PayPal's amount breakdown and refunds. Whole cents only: a discount is computed
// once for the order, split over its lines so the lines add up to it exactly, and a refund of some
// units of a line gives back exactly their share of what the line cost after the discount.

/** A code as the rules need it (money in cents; empty categories or brands: every one). */
export type DiscountRule = Pick<
  DiscountCode,
  | "code"
  | "type"
  | "value"
  | "minSubtotalCents"
  | "startsAt"
  | "endsAt"
  | "usageLimit"
  | "oncePerCustomer"
  | "categories"
  | "brands"
  | "active"
  | "taken"
>;

/**
 * A cart or order line as a discount sees it. `topCategory`: the top category its product's
 * subcategory sits under, so a code for "Women" covers "Women › Dresses" (issue 49).
 */
export type DiscountLine = { totalCents: number; category: string; topCategory?: string | null; brand: string };

const lineEligible = (rule: Pick<DiscountRule, "categories" | "brands">, line: Pick<DiscountLine, "category" | "topCategory" | "brand">) =>
  (!rule.categories.length ||
    rule.categories.includes(line.category) ||
    (!!line.topCategory && rule.categories.includes(line.topCategory))) &&
  (!rule.brands.length || rule.brands.includes(line.brand));

/**
 * Splits `total` cents over `weights` in proportion, in whole cents that add up to `total` exactly
 * (largest remainder; ties to the earlier line). No share exceeds its weight when total <= sum.
 */
export function splitCents(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((s, v) => s + v, 0);
  const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * The discount a code gives these lines: for a percentage, that share of the eligible lines'
 * total rounded to the cent (half up); for a fixed amount, the amount, at most the eligible total.
 * Either is split over the eligible lines in proportion to their totals, in whole cents that add
 * up to the discount; other lines get 0.
 */
export function discountLines(rule: Pick<DiscountRule, "type" | "value" | "categories" | "brands">, lines: DiscountLine[]) {
  const weights = lines.map((line) => (lineEligible(rule, line) ? line.totalCents : 0));
  const eligibleCents = weights.reduce((s, w) => s + w, 0);
  const totalCents = rule.type === "percent" ? Math.floor((eligibleCents * rule.value + 50) / 100) : Math.min(rule.value, eligibleCents);
  return { eligibleCents, totalCents, perLine: splitCents(totalCents, weights) };
}

/**
 * Why a code cannot be used now for a cart with `subtotalCents` (and these lines), or null when it
 * can. `usedByYou`: this shopper already holds or used it. Checked in the order a shopper would
 * want to be told: the code, its dates, its uses, then the cart.
 */
export function discountRefusal(
  rule: DiscountRule | null,
  { at, subtotalCents, lines, usedByYou }: { at: string; subtotalCents: number; lines: DiscountLine[]; usedByYou: boolean },
): string | null {
  if (!rule || !rule.active) return DISCOUNT_UNKNOWN;
  if (rule.startsAt && at < rule.startsAt) return DISCOUNT_NOT_STARTED;
  if (rule.endsAt && at >= rule.endsAt) return DISCOUNT_EXPIRED;
  if (rule.usageLimit !== null && rule.taken >= rule.usageLimit) return DISCOUNT_USED_UP;
  if (rule.oncePerCustomer && usedByYou) return DISCOUNT_ALREADY_USED;
  if (subtotalCents < rule.minSubtotalCents) return discountMinimumNotReached(formatMoney(rule.minSubtotalCents - subtotalCents));
  if (!lines.some((line) => lineEligible(rule, line))) return DISCOUNT_NOT_FOR_THESE_ITEMS;
  return null;
}

/**
 * What `units` more units of a line cost the shopper, after the line's discount and with its tax
 * when that was added on top of the price (`taxAddedCents`: 0 or absent when prices include tax,
 * the tax being inside the price then), when `before` units were refunded already: the line's paid
 * total is spread over its units in whole cents, so refunding every unit, in any steps, gives back
 * exactly what the line cost (issue 41: total − discount + tax added).
 */
export function paidForUnits(
  line: { totalCents: number; discountCents: number; taxAddedCents?: number; quantity: number },
  before: number,
  units: number,
): number {
  const paid = line.totalCents - line.discountCents + (line.taxAddedCents ?? 0);
  // Rounded half up, so one unit of three costing $10.00 gives back $3.33, not $3.34 or $3.00 twice.
  const upTo = (n: number) => Math.floor((2 * paid * Math.min(n, line.quantity) + line.quantity) / (2 * line.quantity));
  return upTo(before + units) - upTo(before);
}
