import { shopSql } from "./helpers";

// What the checkout writes on an order once the shop charges shipping and tax (issue 41), written
// straight to the database so the screens that show it are tested whatever the checkout does.

/**
 * Makes an order of one Heritage Backpack ($45.00, no code) an order shipped to the United States
 * by "Express": $5.00 shipping and 10 % tax on top ($4.50 on the line, $0.50 on the shipping), so
 * its total is $55.00.
 */
export async function chargeShippingAndTax(orderId: string) {
  const { changes } = await shopSql(
    `update orders set country = ?, shipping_method = ?, shipping_estimate = ?, shipping_cents = ?, shipping_tax_cents = ?,
       tax_cents = ?, tax_rate = ?, prices_include_tax = 0, total_cents = ? where id = ? and total_cents = ?`,
    ["US", "Express", "1-2 business days", 500, 50, 500, 10000, 5500, orderId, 4500],
  );
  if (changes !== 1) throw new Error(`order ${orderId} is not one backpack at $45.00`);
  await shopSql("update order_items set tax_cents = ? where order_id = ?", [450, orderId]);
}
