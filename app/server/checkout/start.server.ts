import type { SessionUser } from "~/lib/access";
import { CART_EMPTY, notEnoughStock, PAYPAL_UNAVAILABLE, SELECT_ADDRESS } from "~/lib/messages/checkout";
import { unitPriceCents } from "~/lib/money";
import { lineName } from "~/lib/variants";
import { getAddress } from "../accounts/addresses.server";
import { getCart } from "../cart/cart.server";
import { db, newId, now } from "../platform/db.server";
import { lockKey } from "../platform/locks.server";
import { log } from "../platform/log.server";
import { createPayPalOrder } from "./paypal.server";
import { recordStatusChange } from "./timeline.server";

export type StartCheckoutResult =
  { ok: true; orderId: string; approvalUrl: string } | { ok: false; status: 400 | 409 | 502; message: string; field?: "addressId" };

/**
 * Checkout: validates cart and address, snapshots items, prices and address into a new pending
 * order with the total computed here from the database, and creates the PayPal order for the same
 * amount, PayPal to send the shopper back to `shopUrl`. Older unpaid attempts of this shopper are
 * cancelled, so none stays pending forever; a PayPal failure marks this attempt failed.
 */
export async function startCheckout(user: SessionUser, addressId: string | null, shopUrl: string): Promise<StartCheckoutResult> {
  const cart = await getCart(user.id);
  if (!cart.items.length) return { ok: false, status: 400, message: CART_EMPTY };
  const address = addressId ? await getAddress(user.id, addressId) : null;
  if (!address) return { ok: false, status: 400, message: SELECT_ADDRESS, field: "addressId" };
  for (const item of cart.items) {
    if (item.quantity > item.stock) {
      return { ok: false, status: 409, message: notEnoughStock(lineName(item.title, item.size, item.color), item.stock) };
    }
  }

  const lines = cart.items.map((i) => ({
    productId: i.productId,
    variantId: i.variantId,
    size: i.size,
    color: i.color,
    sku: i.sku,
    title: i.title,
    image: i.image,
    unitCents: unitPriceCents(i.priceCents, i.salePriceCents),
    quantity: i.quantity,
  }));
  const totalCents = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  const orderId = newId();
  const stamp = now();
  await db.transaction().execute(async (trx) => {
    // Two checkouts of one shopper at once: the second cancels the first, as one after the other.
    await lockKey(trx, "checkout", user.id);
    await trx
      .updateTable("orders")
      .set({ payment_status: "cancelled", order_update_date: stamp })
      .where("user_id", "=", user.id)
      .where("payment_status", "=", "pending")
      .where("stock_reserved", "=", 0)
      .execute();
    await trx
      .insertInto("orders")
      .values({
        id: orderId,
        user_id: user.id,
        cart_id: cart.id,
        address_id: address.id,
        address: address.address,
        city: address.city,
        pincode: address.pincode,
        phone: address.phone,
        notes: address.notes,
        customer_name: user.userName,
        customer_email: user.email,
        order_status: "pending",
        payment_method: "paypal",
        payment_status: "pending",
        total_cents: totalCents,
        payment_id: null,
        payer_id: null,
        order_date: stamp,
        order_update_date: stamp,
      })
      .execute();
    await recordStatusChange(trx, orderId, null, "pending", "shopper", stamp);
    await trx
      .insertInto("order_items")
      .values(
        lines.map((l) => ({
          id: newId(),
          order_id: orderId,
          product_id: l.productId,
          variant_id: l.variantId,
          size: l.size,
          color: l.color,
          sku: l.sku,
          title: l.title,
          image: l.image,
          unit_price_cents: l.unitCents,
          quantity: l.quantity,
        })),
      )
      .execute();
  });

  try {
    const paypal = await createPayPalOrder(
      orderId,
      lines.map((l) => ({
        name: lineName(l.title, l.size, l.color),
        unitCents: l.unitCents,
        quantity: l.quantity,
        sku: l.sku,
      })),
      totalCents,
      shopUrl,
    );
    await db.updateTable("orders").set({ payment_id: paypal.id }).where("id", "=", orderId).execute();
    return { ok: true, orderId, approvalUrl: paypal.approvalUrl };
  } catch (error) {
    log("error", "PayPal order creation failed", { orderId, error });
    await db.updateTable("orders").set({ payment_status: "failed", order_update_date: now() }).where("id", "=", orderId).execute();
    return { ok: false, status: 502, message: PAYPAL_UNAVAILABLE };
  }
}
