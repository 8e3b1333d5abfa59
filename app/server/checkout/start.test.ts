import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/lib/access";
import { addAddress } from "~/server/accounts/addresses.server";
import { addToCart, getCart } from "~/server/cart/cart.server";
import { startCheckout } from "./start.server";
import { db } from "~/server/database/db.server";
import { seedDemoCatalog } from "~/server/demo/seed.server";
import { registerUser } from "~/server/accounts/users.server";
import { productsWithoutSizes, productWith } from "#tests/support/catalog";
import { CART_EMPTY, PAYPAL_UNAVAILABLE, SELECT_ADDRESS } from "~/lib/messages/checkout";
import { reloadSettings } from "~/server/platform/config.server";
import { createDiscount, getDiscount } from "~/server/discounts/codes.server";
import { applyDiscountCode } from "~/server/discounts/apply.server";
import { DiscountSchema } from "~/lib/schemas";

// PayPal is unreachable here on purpose (nothing listens on this port): checkout must leave no
// order pending and the cart as it was.
process.env.PAYPAL_MODE = "simulator";
process.env.PAYPAL_SIMULATOR_URL = "http://127.0.0.1:9/paypal-sim";
reloadSettings();

const SHOP = "http://localhost:3000";
let user: SessionUser;
let addressId: string;
beforeAll(async () => {
  await seedDemoCatalog();
  const r = await registerUser({ userName: "payer", email: "payer@example.com", password: "password123" });
  if (!r.ok) throw new Error("setup");
  user = r.user;
  const a = await addAddress(user.id, { address: "1 Road", city: "Town", pincode: "1", phone: "555", notes: "n" });
  if (!a.ok) throw new Error("setup");
  addressId = a.address.id;
});

describe("startCheckout", () => {
  it("refuses an empty cart and a missing or foreign address with SPEC's messages", async () => {
    expect(await startCheckout(user, addressId, SHOP)).toEqual({ ok: false, status: 400, message: CART_EMPTY });
    const [product] = await productsWithoutSizes(6);
    await addToCart(user.id, product!.id, 1);
    expect(await startCheckout(user, null, SHOP)).toMatchObject({ ok: false, status: 400, message: SELECT_ADDRESS });
    expect(await startCheckout(user, "ffffffffffffffffffffffff", SHOP)).toMatchObject({ ok: false, message: SELECT_ADDRESS });
  });

  it("refuses a cart holding more than the stock of a size, naming the size", async () => {
    const low = await productWith([
      { size: "M", color: "Red", stock: 2 },
      { size: "L", color: "Red", stock: 9 },
    ]);
    await addToCart(user.id, low.id, 2, { size: "M", color: "Red" });
    await db.updateTable("product_variants").set({ stock: 1 }).where("id", "=", low.variants[0]!.id).execute();
    const result = await startCheckout(user, addressId, SHOP);
    expect(result).toMatchObject({ ok: false, status: 409, message: expect.stringContaining(`${low.title} (M · Red)`) });
    await db.deleteFrom("cart_items").where("product_id", "=", low.id).execute();
  });

  it("marks the attempt failed when PayPal cannot be reached, keeping the cart", { timeout: 30_000 }, async () => {
    const before = await getCart(user.id);
    const result = await startCheckout(user, addressId, SHOP);
    expect(result).toEqual({ ok: false, status: 502, message: PAYPAL_UNAVAILABLE });
    const orders = await db.selectFrom("orders").select(["payment_status", "total_cents"]).where("user_id", "=", user.id).execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.payment_status).toBe("failed");
    expect(await getCart(user.id)).toEqual(before);
  });

  it("gives the discount code's use back when PayPal cannot be reached", { timeout: 30_000 }, async () => {
    const created = await createDiscount(DiscountSchema.parse({ code: "UNREACHED", type: "percent", value: 10, usageLimit: 1 }));
    if (!created.ok) throw new Error(created.message);
    expect((await applyDiscountCode(user.id, "unreached", `client-${user.id}`)).ok).toBe(true);
    expect(await startCheckout(user, addressId, SHOP)).toEqual({ ok: false, status: 502, message: PAYPAL_UNAVAILABLE });
    const order = await db
      .selectFrom("orders")
      .select(["id", "payment_status", "discount_code"])
      .where("user_id", "=", user.id)
      .orderBy("order_date", "desc")
      .orderBy("id")
      .where("discount_code", "=", "UNREACHED")
      .executeTakeFirstOrThrow();
    expect(order.payment_status).toBe("failed");
    expect(await db.selectFrom("discount_uses").select("status").where("order_id", "=", order.id).execute()).toEqual([
      { status: "released" },
    ]);
    // The only use is free again: the shopper can try once PayPal is back.
    expect((await getDiscount(created.discount.id))!.taken).toBe(0);
  });
});
