import type { SessionUser } from "~/lib/access";
import { orderTotals, type Totals } from "~/lib/costs/totals";
import type { DiscountCode } from "~/lib/discounts/codes";
import {
  CART_CHANGED,
  CART_EMPTY,
  CHECK_TOTAL,
  notEnoughStock,
  PAYMENT_BUSY,
  PAYMENT_PROBLEM,
  PAYPAL_UNAVAILABLE,
  SELECT_ADDRESS,
  soldOut,
} from "~/lib/messages/checkout";
import { DISCOUNT_UNKNOWN, DISCOUNT_USED_UP } from "~/lib/messages/discounts-shopper";
import { unitPriceCents } from "~/lib/money";
import { METHOD_PARAM, SHIP_TO_PARAM } from "~/lib/checkout-url";
import { lineName } from "~/lib/variants";
import { getAddress } from "~/server/accounts/addresses.server";
import { getCart, type CartOwner } from "~/server/cart/cart.server";
import { cartCode, refusalStatus } from "~/server/discounts/apply.server";
import { savedCostSettings } from "~/server/settings/settings.server";
import { costLinesOf } from "./costs.server";
import { db, newId, now } from "~/server/database/db.server";
import { lockKey } from "~/server/database/locks.server";
import { lastOrderNumber, nextOrderNumber } from "~/server/database/order-numbers.server";
import type { Database } from "#db/schema";
import type { Transaction } from "kysely";
import { log } from "~/server/platform/log.server";
import { recordPayment, selectOrder } from "./capture.server";
import { checkCode, holdUse, releaseClosedUses, releaseUse } from "~/server/discounts/uses.server";
import { oneAtATime } from "./payment-lock.server";
import { createPayPalOrder } from "~/server/payments/paypal.server";
import { reserveStock } from "./stock.server";
import { recordStatusChange } from "~/server/orders/timeline.server";
import { caughtRefusal, Refusal } from "~/server/platform/refusal.server";

export type StartCheckoutResult =
  | { ok: true; orderId: string; number: number; approvalUrl: string; totals: Totals }
  | { ok: false; status: 400 | 404 | 409 | 502; message: string; field?: "addressId" | "code" | "total" };

/** A refusal about the code on the cart (the form's `code` field), not the checkout as a whole. */
const CODE = "code" as const;
/** A refusal about the address chosen (the shop does not deliver there). */
const ADDRESS = "addressId" as const;
/** A refusal because the total the shopper was shown is not what the order would cost now. */
const TOTAL = "total" as const;

/** What the order is given: the code, the discount in cents, and each line's share of it. */
type OrderDiscount = { id: string; code: string; cents: number; perLine: number[] };

/**
 * Checkout: validates cart and address, snapshots items, prices and address into a new pending
 * order with the total computed here from the database, and creates the PayPal order for the same
 * amount, PayPal to send the shopper back to `shopUrl`. Older unpaid attempts of this shopper are
 * cancelled, so none stays pending forever; a PayPal failure marks this attempt failed.
 *
 * The discount code on the cart is checked again, in the transaction that writes the order, and a
 * use of it is held there (discounts/uses.server.ts): a code with no use left, or one this shopper
 * has used, refuses the checkout before anything reaches PayPal, and nothing is written. The
 * discount is split over the eligible lines (lib/discounts/arithmetic.ts); the order's total is what the
 * shopper pays after it, and PayPal is told the lines, their total and the discount.
 *
 * With `expectedTotalCents` (the total the shopper was shown), an order that would cost anything
 * else is refused (409, `CHECK_TOTAL`, field `total`) in that same transaction, nothing written:
 * the shopper sees the new total before paying it (decision 0063).
 */
export async function startCheckout(
  user: SessionUser,
  addressId: string | null,
  shopUrl: string,
  methodId: string | null = null,
  expectedTotalCents: number | null = null,
  guest: { cart: CartOwner; code?: string | null } | null = null,
): Promise<StartCheckoutResult> {
  // A guest (checkout/guest.server.ts) pays from their visitor's cart, with the code they gave.
  const cartOwner = guest?.cart ?? user.id;
  const cart = await getCart(cartOwner);
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
  const [code, { lines: costLines, discountable }] = await Promise.all([
    guest?.code ? Promise.resolve(guest.code) : cartCode(cartOwner),
    costLinesOf(cart),
  ]);
  const country = address.country;
  const orderId = newId();
  const stamp = now();
  let placed: { discount: OrderDiscount | null; totals: Totals; number: number };
  try {
    placed = await db.transaction().execute(async (trx) => {
      // Two checkouts of one shopper at once: the second cancels the first, as one after the other.
      await lockKey(trx, "checkout", user.id);
      // And the address's: "once per customer" counts every order placed with it (checkCode), so two
      // checkouts with one address (two guests' records, or a guest and the account) go one at a time.
      await lockKey(trx, "checkout-email", user.email.trim().toLowerCase());
      await trx
        .updateTable("orders")
        .set({ payment_status: "cancelled", order_update_date: stamp })
        .where("user_id", "=", user.id)
        .where("payment_status", "=", "pending")
        .where("stock_reserved", "=", 0)
        .execute();
      // An order a code pays in full is placed at once, without PayPal's approval in between: while
      // one is being placed (a double click), a second is refused rather than placed twice.
      const placing = await trx
        .selectFrom("orders")
        .select("id")
        .where("user_id", "=", user.id)
        .where("payment_method", "=", "none")
        .where("payment_status", "=", "pending")
        .where("stock_reserved", "=", 1)
        .executeTakeFirst();
      if (placing) throw new Refusal(409, PAYMENT_BUSY);
      // The cart as read above, still: an order paid meanwhile took its lines out of it.
      const inCart = await trx
        .selectFrom("cart_items")
        .select(["variant_id", "quantity"])
        .where("cart_id", "=", cart.id ?? "")
        .execute();
      if (!inCart.length) throw new Refusal(400, CART_EMPTY);
      const key = (rows: Array<{ variantId: string | null; quantity: number }>) =>
        rows
          .map((r) => `${r.variantId}:${r.quantity}`)
          .sort()
          .join(",");
      if (key(inCart.map((r) => ({ variantId: r.variant_id, quantity: r.quantity }))) !== key(lines)) throw new Refusal(409, CART_CHANGED);
      // The uses of codes those attempts held go back first: this checkout may hold the same code.
      await releaseClosedUses(trx, user.id);
      let given: OrderDiscount | null = null;
      let rule: DiscountCode | null = null;
      if (code) {
        const checked = await checkCode(trx, user.id, code, discountable, stamp, user.email);
        if (checked.refusal || !checked.discount) {
          const message = checked.refusal ?? DISCOUNT_UNKNOWN;
          throw new Refusal(refusalStatus(message), message, CODE);
        }
        rule = checked.discount;
      }
      // Every amount of the order, from the one totals function (lib/costs/totals.ts), with the
      // settings as saved, read here (not this process's cache: the owner may have changed a rate a
      // moment ago on another process). An address the shop does not deliver to is refused here,
      // the transaction rolled back: nothing is written or sent.
      const settings = await savedCostSettings(trx);
      const computed = orderTotals({ lines: costLines, discount: rule, country, methodId, settings });
      if (!computed.ok) throw new Refusal(400, computed.message, ADDRESS);
      const totals = computed.totals;
      // Compared with the very amounts the order is written with: a rate the owner changes on
      // another process after the page was shown is caught here, not charged unseen.
      if (expectedTotalCents !== null && totals.totalCents !== expectedTotalCents) throw new Refusal(409, CHECK_TOTAL, TOTAL);
      if (rule) given = { id: rule.id, code: rule.code, cents: totals.discountCents, perLine: totals.lines.map((l) => l.discountCents) };
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
          country,
          shipping_method: totals.shipping?.name ?? null,
          shipping_estimate: totals.shipping?.estimate ?? "",
          shipping_cents: totals.shippingCents,
          shipping_tax_cents: totals.shippingTaxCents,
          tax_cents: totals.taxCents,
          tax_rate: totals.taxRate,
          prices_include_tax: totals.taxIncluded ? 1 : 0,
          customer_name: user.userName,
          customer_email: user.email,
          order_status: "pending",
          // A code that covers the whole order leaves nothing to pay: no PayPal (see completeFree).
          payment_method: totals.totalCents === 0 ? "none" : "paypal",
          payment_status: "pending",
          total_cents: totals.totalCents,
          discount_id: given?.id ?? null,
          discount_code: given?.code ?? null,
          discount_cents: given?.cents ?? 0,
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
          lines.map((l, i) => ({
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
            discount_cents: totals.lines[i]!.discountCents,
            tax_cents: totals.lines[i]!.taxCents,
          })),
        )
        .execute();
      // Last, so the code's row is locked for as short a time as can be: one use left and many
      // buyers at once, one holds it and the others are refused here, their orders rolled back.
      if (given && !(await holdUse(trx, { discountId: given.id, orderId, userId: user.id, amountCents: given.cents }))) {
        throw new Refusal(409, DISCOUNT_USED_UP, CODE);
      }
      return { discount: given, totals, number: await giveNumber(trx, orderId, user.id) };
    });
  } catch (error) {
    const refusal = caughtRefusal<typeof CODE | typeof ADDRESS | typeof TOTAL | undefined>(error);
    return refusal.detail ? { ...refusal.answer, field: refusal.detail } : refusal.answer;
  }
  const { totals, number } = placed;
  if (totals.totalCents === 0) return completeFree(orderId, number, shopUrl, totals);

  try {
    const paypal = await createPayPalOrder(
      orderId,
      lines.map((l, i) => ({
        name: lineName(l.title, l.size, l.color),
        unitCents: l.unitCents,
        quantity: l.quantity,
        sku: l.sku,
        taxCents: totals.lines[i]!.taxCents,
      })),
      totals,
      shopUrl,
      {
        fullName: user.userName,
        addressLine: address.address,
        city: address.city,
        postalCode: address.pincode,
        countryCode: country,
      },
      // Cancelled at PayPal, the shopper is back on the checkout with the address and method chosen.
      { [SHIP_TO_PARAM]: address.id, ...(totals.shipping ? { [METHOD_PARAM]: totals.shipping.methodId } : {}) },
    );
    await db.updateTable("orders").set({ payment_id: paypal.id }).where("id", "=", orderId).execute();
    return { ok: true, orderId, number, approvalUrl: paypal.approvalUrl, totals };
  } catch (error) {
    log("error", "PayPal order creation failed", { orderId, error });
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("orders").set({ payment_status: "failed", order_update_date: now() }).where("id", "=", orderId).execute();
      await releaseUse(trx, orderId);
    });
    return { ok: false, status: 502, message: PAYPAL_UNAVAILABLE };
  }
}

/**
 * The order's number, once nothing can refuse it (decision 0060): the number of this shopper's
 * payment attempt that was cancelled (a checkout begun again after turning back at PayPal, or a
 * second click) when no number was given after it in the shop, so that attempt leaves no hole and
 * the order's number is still the next in the run; else the next. Never a failed attempt's: PayPal
 * may have taken money for it (a capture that did not match), and the owner reconciling that
 * payment must find its number on no other order. Under the shopper's checkout key, so two of their
 * checkouts never take the same one.
 */
async function giveNumber(trx: Transaction<Database>, orderId: string, userId: string): Promise<number> {
  const cancelled = await trx
    .selectFrom("orders")
    .select(["id", "number"])
    .where("user_id", "=", userId)
    .where("payment_status", "=", "cancelled")
    .where("number", "is not", null)
    .orderBy("number", "desc")
    .executeTakeFirst();
  const handedOn = cancelled?.number != null && cancelled.number >= (await lastOrderNumber(trx)) ? cancelled : null;
  if (handedOn) await trx.updateTable("orders").set({ number: null }).where("id", "=", handedOn.id).execute();
  const number = handedOn?.number ?? (await nextOrderNumber(trx));
  await trx.updateTable("orders").set({ number }).where("id", "=", orderId).execute();
  return number;
}

/**
 * An order its discount code pays in full: PayPal takes no order of $0.00 (its amount must be
 * positive), and there is nothing to take. The stock is taken as for a capture, and the order is
 * recorded paid at once (its code's use spent, the cart emptied of what was bought); the shopper
 * goes straight to the payment-success page.
 */
function completeFree(orderId: string, number: number, shopUrl: string, totals: Totals): Promise<StartCheckoutResult> {
  // Under the order's payment lease, as a capture: the recovery sweep leaves it alone meanwhile.
  return oneAtATime(orderId, async (): Promise<StartCheckoutResult> => {
    const reserved = await reserveStock(orderId);
    // Cancelled meanwhile by this shopper's next checkout (a second click): that one goes on.
    if (!reserved.ok && "notPayable" in reserved) return { ok: false, status: 409, message: PAYMENT_PROBLEM };
    if (!reserved.ok) {
      await db.transaction().execute(async (trx) => {
        const stamp = now();
        await trx.updateTable("orders").set({ payment_status: "failed", order_update_date: stamp }).where("id", "=", orderId).execute();
        await releaseUse(trx, orderId);
      });
      return { ok: false, status: 409, message: soldOut(reserved.title) };
    }
    await recordPayment((await selectOrder(orderId))!, { status: "COMPLETED" }, undefined);
    const paid = await selectOrder(orderId);
    if (paid?.payment_status !== "paid") return { ok: false, status: 409, message: PAYMENT_PROBLEM };
    return { ok: true, orderId, number, approvalUrl: `${shopUrl}/shop/payment-success?order=${orderId}`, totals };
  });
}
