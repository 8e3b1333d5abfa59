import { beforeAll, expect, it } from "vitest";
import { registerUser } from "~/server/accounts/users.server";
import { insertOrder } from "#tests/support/orders";
import { db } from "~/server/database/db.server";
import { orderForMail, orderPaidMessage, refundMessage } from "./messages.server";

// The e-mails word an order's costs as its details do, from what the order stored (both engines).
const SHOP = { name: "Test Shop", contactEmail: "owner@example.com" };
let userId: string;
beforeAll(async () => {
  const r = await registerUser({ userName: "Mail Costs", email: "mail-costs@example.com", password: "password123" });
  if (!r.ok) throw new Error("setup");
  userId = r.user.id;
});

it("the confirmation lists subtotal, discount, shipping with its method, tax and total, and the country", async () => {
  // Prices without tax, 10 %: 2 × $25 less $5 = $45 + $4.50 tax, shipping $5 + $0.50 tax.
  const id = await insertOrder(
    userId,
    [{ title: "Tee", quantity: 2, unitPriceCents: 2500, size: "M", color: "Black", discountCents: 500 }],
    {
      paymentStatus: "paid",
      discount_code: "FIVE",
      total_cents: 5500,
      country: "CA",
      shipping_method: "Express",
      shipping_estimate: "1-2 days",
      shipping_cents: 500,
      shipping_tax_cents: 50,
      tax_cents: 500,
      tax_rate: 10000,
    },
  );
  const message = orderPaidMessage(await orderForMail(db, id))(SHOP);
  expect(message.text).toContain(
    ["Subtotal: $50.00", "Discount (FIVE): −$5.00", "Shipping (Express): $5.00", "Tax (10%): $5.00", "Total: $55.00"].join("\n"),
  );
  expect(message.text).toContain("Town 1\nCanada\n555");
  expect(message.html).toContain("Shipping (Express)");
  expect(message.html).toContain("Tax (10%)");
  expect(message.html).toContain("$55.00");
});

it("tax in the prices is said after the total as VAT; free shipping says Free; a refund's mail shows them too", async () => {
  const id = await insertOrder(userId, [{ title: "Scarf", quantity: 3, unitPriceCents: 1200 }], {
    paymentStatus: "paid",
    country: "GB",
    shipping_method: "Standard",
    tax_cents: 600,
    tax_rate: 20000,
    prices_include_tax: 1,
  });
  const order = await orderForMail(db, id);
  for (const message of [orderPaidMessage(order)(SHOP), refundMessage(order, "refund", 1200, "Damaged")(SHOP)]) {
    expect(message.text).toContain(
      ["Subtotal: $36.00", "Shipping (Standard): Free", "Total: $36.00", "Tax (20%): incl. $6.00 VAT"].join("\n"),
    );
  }
});

it("an order from before shipping and tax reads as it always did: the total alone", async () => {
  const id = await insertOrder(userId, [{ title: "Cap", quantity: 1, unitPriceCents: 1000 }], { paymentStatus: "paid" });
  const message = orderPaidMessage(await orderForMail(db, id))(SHOP);
  expect(message.text).toContain("1 x Cap at $10.00\n\nTotal: $10.00\n");
  expect(message.text).not.toMatch(/Subtotal|Shipping \(|Tax/);
});
