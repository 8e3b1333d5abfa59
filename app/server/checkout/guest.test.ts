import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { productsWithoutSizes } from "#tests/support/catalog";
import { CART_EMPTY, GUEST_CHECKOUT_OFF, PAYPAL_UNAVAILABLE } from "~/lib/messages/checkout";
import { DISCOUNT_ALREADY_USED } from "~/lib/messages/discounts-shopper";
import { DiscountSchema } from "~/lib/schemas/discounts";
import { applyDiscountCode } from "~/server/discounts/apply.server";
import { createDiscount } from "~/server/discounts/codes.server";
import { cartCosts } from "./costs.server";
import { insertOrder } from "#tests/support/orders";
import type { GuestCheckoutInput } from "~/lib/schemas/guest-checkout";
import { registerUser, verifyLogin } from "~/server/accounts/users.server";
import { addToCart, getCart, type VisitorCart } from "~/server/cart/cart.server";
import { db, newId, now } from "~/server/database/db.server";
import { seedDemoCatalog } from "~/server/demo/seed.server";
import { reloadSettings } from "~/server/platform/config.server";
import { saveSettings } from "~/server/settings/settings.server";
import { guestOfCart, guestStillCheckingOut, startGuestCheckout } from "./guest.server";

// PayPal is unreachable on purpose (nothing listens on this port): the attempt is written, then failed.
process.env.PAYPAL_MODE = "simulator";
process.env.PAYPAL_SIMULATOR_URL = "http://127.0.0.1:9/paypal-sim";
reloadSettings();

const SHOP = "http://localhost:3000";
const visitor = (): VisitorCart => ({ visitorKey: randomBytes(32).toString("hex") });
const details = (email: string): GuestCheckoutInput => ({
  email,
  fullName: "Ada Guest",
  address: "1 Road",
  city: "Town",
  pincode: "12345",
  phone: "555 0100",
  notes: "Leave at the door",
  country: "US",
});

beforeAll(async () => {
  await seedDemoCatalog();
});

describe("startGuestCheckout", () => {
  it("is refused while the owner's setting is off, or the shop is closed to visitors", async () => {
    const cart = visitor();
    await saveSettings({ publicCatalogue: true, guestCheckout: false });
    expect(await startGuestCheckout(cart, details("a@example.com"), SHOP)).toMatchObject({
      ok: false,
      status: 403,
      message: GUEST_CHECKOUT_OFF,
    });
    await saveSettings({ publicCatalogue: false, guestCheckout: true });
    expect(await startGuestCheckout(cart, details("a@example.com"), SHOP)).toMatchObject({
      ok: false,
      status: 403,
      message: GUEST_CHECKOUT_OFF,
    });
  });

  it(
    "writes the guest's order with their e-mail and name, from the visitor's cart, under a record that cannot sign in",
    { timeout: 30_000 },
    async () => {
      await saveSettings({ publicCatalogue: true, guestCheckout: true });
      const cart = visitor();
      expect(await startGuestCheckout(cart, details("b@example.com"), SHOP)).toMatchObject({ ok: false, status: 400, message: CART_EMPTY });
      const [product] = await productsWithoutSizes(1);
      await addToCart(cart, product!.id, 1);
      const result = await startGuestCheckout(cart, { ...details("b@example.com"), remind: true }, SHOP);
      expect(result).toEqual({ ok: false, status: 502, message: PAYPAL_UNAVAILABLE });

      const guest = await guestOfCart(cart);
      expect(guest).toMatchObject({ userName: "Ada Guest", email: "b@example.com" });
      const orders = await db.selectFrom("orders").selectAll().where("user_id", "=", guest!.id).execute();
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ customer_email: "b@example.com", customer_name: "Ada Guest", city: "Town", country: "US" });
      // The visitor's cookie still opens the same cart, with its line, and the reminder asked for.
      expect((await getCart(cart)).items.map((i) => i.productId)).toEqual([product!.id]);
      expect(
        await db
          .selectFrom("carts")
          .select(["reminder_email", "reminder_opt_in"])
          .where("visitor_key", "=", cart.visitorKey)
          .executeTakeFirst(),
      ).toEqual({
        reminder_email: "b@example.com",
        reminder_opt_in: 1,
      });
      // Nothing signs in as the guest's record, even with its stored address and an empty password.
      const row = await db.selectFrom("users").select(["email", "password_hash"]).where("id", "=", guest!.id).executeTakeFirstOrThrow();
      expect(row.email).toMatch(/@guest\.invalid$/);
      expect(await verifyLogin({ email: row.email, password: "" })).toBeNull();

      // A second attempt from the same cart is the same guest, with the details given now.
      await startGuestCheckout(cart, { ...details("c@example.com"), fullName: "Ada Second" }, SHOP);
      expect(await guestOfCart(cart)).toMatchObject({ id: guest!.id, userName: "Ada Second", email: "c@example.com" });
      expect(await db.selectFrom("addresses").select("id").where("user_id", "=", guest!.id).execute()).toHaveLength(1);
      expect(await guestStillCheckingOut(cart)).toMatchObject({ id: guest!.id });

      // Once that guest has paid, the next person at this browser (a shared computer) is a new
      // guest: the form shows nothing of the last one, and their order is not the last one's record's.
      await db.updateTable("orders").set({ payment_status: "paid" }).where("user_id", "=", guest!.id).execute();
      expect(await guestStillCheckingOut(cart)).toBeNull();
      await startGuestCheckout(cart, { ...details("d@example.com"), fullName: "Bo Next" }, SHOP);
      const next = await guestOfCart(cart);
      expect(next).toMatchObject({ email: "d@example.com" });
      expect(next!.id).not.toBe(guest!.id);
      expect(await db.selectFrom("orders").select("customer_email").where("user_id", "=", next!.id).execute()).toEqual([
        { customer_email: "d@example.com" },
      ]);
    },
  );

  it("lets any number of guests, and an account, share a name (users.user_name is unique)", { timeout: 30_000 }, async () => {
    await saveSettings({ publicCatalogue: true, guestCheckout: true });
    const [product] = await productsWithoutSizes(1);
    const taken = await registerUser({ userName: "Same Name", email: "same-name@example.com", password: "password123" });
    expect(taken.ok).toBe(true);
    for (const [email, name] of [
      ["d@example.com", "Same Name"],
      ["e@example.com", "Same Name"],
      ["f@example.com", "Fresh Name"],
    ] as const) {
      const cart = visitor();
      await addToCart(cart, product!.id, 1);
      expect(await startGuestCheckout(cart, { ...details(email), fullName: name }, SHOP)).toEqual({
        ok: false,
        status: 502,
        message: PAYPAL_UNAVAILABLE,
      });
      expect(await guestOfCart(cart)).toMatchObject({ userName: name, email });
    }
    // A name a guest gave stays free for a person who registers it later.
    expect((await registerUser({ userName: "Fresh Name", email: "fresh-name@example.com", password: "password123" })).ok).toBe(true);
  });
});

describe("a once-per-customer code for guests", () => {
  it("is refused to a guest whose address used it, as an account or another guest, however new the cart", { timeout: 30_000 }, async () => {
    await saveSettings({ publicCatalogue: true, guestCheckout: true });
    const created = await createDiscount(DiscountSchema.parse({ code: "ONCEMAIL", type: "percent", value: 10, oncePerCustomer: true }));
    if (!created.ok) throw new Error("setup");
    const [product] = await productsWithoutSizes(1);
    // An account paid an order with the code, at shopper@…
    const account = await registerUser({ userName: "once shopper", email: "once@example.com", password: "password123" });
    if (!account.ok) throw new Error("setup");
    const paid = await insertOrder(account.user.id, [{ title: "Tee", quantity: 1, unitPriceCents: 1000 }], {
      paymentStatus: "paid",
      customer_email: "once@example.com",
    });
    await db
      .insertInto("discount_uses")
      .values({
        id: newId(),
        discount_id: created.discount.id,
        order_id: paid,
        user_id: account.user.id,
        status: "used",
        amount_cents: 100,
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    // Signed out, as a guest with the same address (in another case), from a new cart: refused before PayPal.
    const cart = visitor();
    await addToCart(cart, product!.id, 1);
    const refused = await startGuestCheckout(cart, details("Once@Example.com"), SHOP, null, null, "ONCEMAIL");
    expect(refused).toMatchObject({ ok: false, status: 409, message: DISCOUNT_ALREADY_USED, field: "code" });
    // Another address may use it (PayPal is unreachable here: the attempt fails after the code was accepted).
    const other = visitor();
    await addToCart(other, product!.id, 1);
    expect(await startGuestCheckout(other, details("someone@example.com"), SHOP, null, null, "ONCEMAIL")).toMatchObject({
      ok: false,
      status: 502,
    });
  });
});

describe("a code on the visitor's cart", () => {
  it("is the guest's order's, and a once-per-customer one is still checked with the e-mail given", { timeout: 30_000 }, async () => {
    await saveSettings({ publicCatalogue: true, guestCheckout: true });
    const tenOff = await createDiscount(DiscountSchema.parse({ code: "GUESTTEN", type: "percent", value: 10 }));
    const once = await createDiscount(DiscountSchema.parse({ code: "GUESTONCE", type: "percent", value: 20, oncePerCustomer: true }));
    if (!tenOff.ok || !once.ok) throw new Error("setup");
    const [product] = await productsWithoutSizes(1);

    // Applied on the page (no `code` given to the checkout): the order has it, the total after it.
    const cart = visitor();
    await addToCart(cart, product!.id, 1);
    expect((await applyDiscountCode(cart, "guestten", "192.0.2.61")).ok).toBe(true);
    const costs = await cartCosts(cart, await getCart(cart), "US", null, { asSaved: true });
    expect(costs.discount).toMatchObject({ code: "GUESTTEN", refusal: null });
    expect(costs.discount!.cents).toBeGreaterThan(0);
    expect(await startGuestCheckout(cart, details("ten@example.com"), SHOP, null, costs.totals!.totalCents)).toMatchObject({
      ok: false,
      status: 502,
    });
    const guest = await guestOfCart(cart);
    expect(
      await db.selectFrom("orders").select(["discount_code", "discount_cents", "total_cents"]).where("user_id", "=", guest!.id).execute(),
    ).toEqual([{ discount_code: "GUESTTEN", discount_cents: costs.discount!.cents, total_cents: costs.totals!.totalCents }]);

    // An address that paid with GUESTONCE: a new visitor's cart takes it (nobody's yet), the checkout with that address refuses it.
    const earlier = insertOrder(guest!.id, [{ title: "Tee", quantity: 1, unitPriceCents: 1000 }], {
      paymentStatus: "paid",
      customer_email: "twice@example.com",
    });
    await db
      .insertInto("discount_uses")
      .values({
        id: newId(),
        discount_id: once.discount.id,
        order_id: await earlier,
        user_id: guest!.id,
        status: "used",
        amount_cents: 100,
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    const again = visitor();
    await addToCart(again, product!.id, 1);
    expect((await applyDiscountCode(again, "GUESTONCE", "192.0.2.62")).ok).toBe(true);
    expect(await startGuestCheckout(again, details("Twice@example.com"), SHOP)).toMatchObject({
      ok: false,
      status: 409,
      message: DISCOUNT_ALREADY_USED,
      field: "code",
    });
  });
});
