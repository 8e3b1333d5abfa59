import { beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "~/lib/access";
import { addAddress } from "~/server/accounts/addresses.server";
import { registerUser } from "~/server/accounts/users.server";
import { addToCart } from "~/server/cart/cart.server";
import { db } from "~/server/database/db.server";
import { seedDemoCatalog } from "~/server/demo/seed.server";
import { listAllOrders } from "~/server/orders/orders.server";
import { productsWithoutSizes } from "#tests/support/catalog";
import { cancelPayment } from "./capture.server";
import { startCheckout } from "./start.server";

// Order numbers (issue 48, point 4; both engines): each order placed gets the next number from
// 1001, none twice however many checkouts run at once; a payment attempt the shopper turned back
// from hands its number to their next checkout while it is the last given; the owner finds an
// order by its number. PayPal answers at once here: only the shop's side is tested.
// On SQLite one process has one connection, so "12 checkouts at once" take turns here: the race
// itself is proven by tests/e2e/order-numbers.http.spec.ts (two processes).

vi.mock("~/server/payments/paypal.server", async (real) => ({
  ...(await real<typeof import("~/server/payments/paypal.server")>()),
  createPayPalOrder: async (orderId: string) => ({ id: `PP-${orderId}`, approvalUrl: `https://paypal.test/approve/${orderId}` }),
}));

const SHOP = "http://localhost:3000";
let productId: string;
beforeAll(async () => {
  await seedDemoCatalog();
  const [product] = await productsWithoutSizes(1);
  productId = product!.id;
});

let shoppers = 0;
/** A new shopper with an address and one unit in the cart. */
async function shopperWithCart(): Promise<{ user: SessionUser; addressId: string }> {
  const n = ++shoppers;
  const r = await registerUser({ userName: `numbered ${n}`, email: `numbered-${n}@example.com`, password: "password123" });
  if (!r.ok) throw new Error("setup");
  const a = await addAddress(r.user.id, { address: `${n} Road`, city: "Town", pincode: "1", phone: "555", notes: "n" });
  if (!a.ok) throw new Error("setup");
  await addToCart(r.user.id, productId, 1);
  return { user: r.user, addressId: a.address.id };
}

const numberOf = async (orderId: string) =>
  (await db.selectFrom("orders").select("number").where("id", "=", orderId).executeTakeFirstOrThrow()).number;

describe("order numbers", () => {
  it("gives 1001, 1002… in the order orders are placed, and 12 checkouts at once twelve numbers in a row", async () => {
    const first = await shopperWithCart();
    const placed = await startCheckout(first.user, first.addressId, SHOP);
    if (!placed.ok) throw new Error(placed.message);
    expect(await numberOf(placed.orderId)).toBe(1001);

    const many = await Promise.all(Array.from({ length: 12 }, shopperWithCart));
    const results = await Promise.all(many.map((s) => startCheckout(s.user, s.addressId, SHOP)));
    const numbers = await Promise.all(results.map((r) => (r.ok ? numberOf(r.orderId) : Promise.reject(new Error(r.message)))));
    expect([...numbers].sort((x, y) => x! - y!)).toEqual(Array.from({ length: 12 }, (_, i) => 1002 + i));
  });

  it("an attempt cancelled at PayPal hands its number to the shopper's next checkout when none was numbered after it", async () => {
    const { user, addressId } = await shopperWithCart();
    const attempt = await startCheckout(user, addressId, SHOP);
    if (!attempt.ok) throw new Error(attempt.message);
    const number = await numberOf(attempt.orderId);
    await cancelPayment(user, `PP-${attempt.orderId}`);

    const again = await startCheckout(user, addressId, SHOP);
    if (!again.ok) throw new Error(again.message);
    expect(await numberOf(again.orderId)).toBe(number);
    expect(await numberOf(attempt.orderId)).toBeNull();
    // A second click while the first attempt is pending: the first is cancelled and its number goes on.
    const twice = await startCheckout(user, addressId, SHOP);
    if (!twice.ok) throw new Error(twice.message);
    expect(await numberOf(twice.orderId)).toBe(number);
    expect(await numberOf(again.orderId)).toBeNull();
  });

  it("a failed attempt's number is never reused, nor a cancelled one's once another order was numbered after it", async () => {
    const { user, addressId } = await shopperWithCart();
    const attempt = await startCheckout(user, addressId, SHOP);
    if (!attempt.ok) throw new Error(attempt.message);
    const failed = (await numberOf(attempt.orderId))!;
    // As a capture that did not match leaves it: PayPal may hold money the owner finds by this number.
    await db.updateTable("orders").set({ payment_status: "failed", order_status: "rejected" }).where("id", "=", attempt.orderId).execute();
    const after = await startCheckout(user, addressId, SHOP);
    if (!after.ok) throw new Error(after.message);
    expect(await numberOf(after.orderId)).toBe(failed + 1);
    expect(await numberOf(attempt.orderId)).toBe(failed);

    await cancelPayment(user, `PP-${after.orderId}`);
    // Someone else orders meanwhile: the next number, and the one held back stays behind.
    const other = await shopperWithCart();
    const between = await startCheckout(other.user, other.addressId, SHOP);
    if (!between.ok) throw new Error(between.message);
    expect(await numberOf(between.orderId)).toBe(failed + 2);
    const again = await startCheckout(user, addressId, SHOP);
    if (!again.ok) throw new Error(again.message);
    expect(await numberOf(again.orderId)).toBe(failed + 3);
    expect(await numberOf(after.orderId)).toBe(failed + 1);
  });

  it("the owner finds an order by its number, with or without #, and by the buyer's e-mail", async () => {
    const { user, addressId } = await shopperWithCart();
    const placed = await startCheckout(user, addressId, SHOP);
    if (!placed.ok) throw new Error(placed.message);
    const number = (await numberOf(placed.orderId))!;
    for (const search of [`#${number}`, String(number), ` # ${number} `, placed.orderId, user.email.toUpperCase()]) {
      const found = await listAllOrders(1, 20, { search });
      expect(
        found.items.map((o) => o.number),
        search,
      ).toEqual([number]);
    }
    expect((await listAllOrders(1, 20, { search: "#99999" })).items).toEqual([]);
    // A % in the words is a character, not "anything".
    expect((await listAllOrders(1, 20, { search: "numbered%" })).items).toEqual([]);
  });
});
