import { describe, expect, it } from "vitest";
import { costRows, shortCostRows, type OrderCosts } from "./receipt";

// How an order's costs read everywhere (details, receipt, e-mails), from what the order stored.
const before41: OrderCosts = {
  subtotalCents: 2500,
  discountCode: null,
  discountCents: 0,
  shippingMethod: null,
  shippingCents: 0,
  taxCents: 0,
  taxRate: 0,
  taxIncluded: false,
  totalCents: 2500,
};
const rows = (order: OrderCosts, label?: string) => costRows(order, label).map((r) => `${r.label}: ${r.value}`);

describe("costRows", () => {
  it("an order from before shipping and tax: the subtotal and the total, nothing about shipping or tax", () => {
    expect(rows(before41)).toEqual(["Subtotal: $25.00", "Total: $25.00"]);
    expect(shortCostRows(before41).map((r) => r.key)).toEqual(["total"]);
  });

  it("tax added on top comes before the total; shipping names its method", () => {
    const order: OrderCosts = {
      ...before41,
      subtotalCents: 10000,
      discountCode: "SAVE10",
      discountCents: 1000,
      shippingMethod: { name: "Express", estimate: "1-2 days" },
      shippingCents: 990,
      taxCents: 887,
      taxRate: 8875,
      totalCents: 10877,
    };
    expect(rows(order, "Total Amount")).toEqual([
      "Subtotal: $100.00",
      "Discount (SAVE10): −$10.00",
      "Shipping (Express): $9.90",
      "Tax (8.875%): $8.87",
      "Total Amount: $108.77",
    ]);
    expect(shortCostRows(order)).toHaveLength(5);
  });

  it("tax inside the prices is said after the total, as VAT; free shipping says Free", () => {
    const order: OrderCosts = {
      ...before41,
      subtotalCents: 3600,
      shippingMethod: { name: "Standard", estimate: "" },
      taxCents: 600,
      taxRate: 20000,
      taxIncluded: true,
      totalCents: 3600,
    };
    expect(rows(order)).toEqual(["Subtotal: $36.00", "Shipping (Standard): Free", "Total: $36.00", "Tax (20%): incl. $6.00 VAT"]);
  });

  it("a discount without a code's name still shows", () => {
    expect(rows({ ...before41, discountCents: 500, totalCents: 2000 })).toEqual(["Subtotal: $25.00", "Discount: −$5.00", "Total: $20.00"]);
  });
});
