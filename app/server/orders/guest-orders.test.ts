import { describe, expect, it, vi } from "vitest";
import { productWith } from "#tests/support/catalog";
import { insertOrder } from "#tests/support/orders";
import { standIn } from "#tests/support/paypal-stand-in";
import { ORDER_LINK_SENT } from "~/lib/messages/guest-orders";
import { tooManyToReturn } from "~/lib/messages/returns";
import { OrderLookupSchema } from "~/lib/schemas/order-lookup";
import { registerUser } from "~/server/accounts/users.server";
import { db, newId, now } from "~/server/database/db.server";
import {
  cancelGuestOrder,
  guestOrderOf,
  lookupGuestOrder,
  ORDER_LOOKUPS_PER_WINDOW,
  requestGuestReturn,
  settledLookups,
} from "./guest-orders.server";
import { newOrderLink } from "~/server/mail/order-links.server";

vi.mock("~/server/payments/paypal.server", async (real) =>
  (await import("#tests/support/paypal-stand-in")).withRefundStandIn(await real()),
);

/**
 * A guest's record as checkout writes one (checkout/guest.server.ts): no password, a placeholder
 * address. Its name is unique: users.user_name still is (migration 0001), for guests too.
 */
async function guest(email: string): Promise<string> {
  const id = newId();
  await db
    .insertInto("users")
    .values({
      id,
      user_name: `Ada Guest ${id}`,
      user_name_key: `#guest:${id}`,
      email: `${id}@guest.invalid`,
      guest_email: email,
      password_hash: "",
      role: "user",
      created_at: now(),
    })
    .execute();
  return id;
}

let captures = 0;
/** A paid guest's order of 2 × M ($20) of a new product with 5 left in stock, and a link to it. */
async function guestOrder(email = "ada@example.com", orderStatus: "confirmed" | "delivered" = "confirmed") {
  const guestId = await guest(email);
  const product = await productWith([{ size: "M", stock: 5 }]);
  const variant = product.variants[0]!;
  const captureId = `GCAP${++captures}`;
  const id = await insertOrder(guestId, [{ title: product.title, size: "M", quantity: 2, unitPriceCents: 2000, variantId: variant.id }], {
    paymentStatus: "paid",
    orderStatus,
    capture_id: captureId,
    payment_id: `GPAY${captures}`,
    customer_email: email,
    customer_name: "Ada Guest",
  });
  standIn.captures.set(captureId, { amountCents: 4000, refundedCents: 0 });
  // Delivered as the owner's status change records it: returns count their period from it.
  if (orderStatus === "delivered") {
    await db
      .insertInto("order_status_history")
      .values({ id: newId(), order_id: id, from_status: "inShipping", status: "delivered", at: now(), by: "admin" })
      .execute();
  }
  const token = await db.transaction().execute((trx) => newOrderLink(trx, id));
  const { number } = await db.selectFrom("orders").select("number").where("id", "=", id).executeTakeFirstOrThrow();
  return { id, guestId, token, number: number!, variantId: variant.id, title: product.title };
}

const stockOf = async (variantId: string) =>
  (await db.selectFrom("product_variants").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow()).stock;
const linkMails = (to: string) =>
  db
    .selectFrom("outbox")
    .select(["recipient", "text_body", "order_id"])
    .where("kind", "=", "order-link")
    .where("recipient", "=", to)
    .execute();

let ip = 0;
/** A client address of its own, so one test's look-ups do not count against another's. */
const freshIp = () => `198.51.100.${++ip}`;

describe("a guest's order page", () => {
  it("opens the order of its link, as the account's details show it, and nothing for a bad, unknown or claimed link", async () => {
    const order = await guestOrder("page@example.com");
    const shown = await guestOrderOf(order.token);
    expect(shown).toMatchObject({ guestId: order.guestId, order: { id: order.id, number: order.number, orderStatus: "confirmed" } });
    expect(shown!.order.user).toEqual({ userName: "Ada Guest", email: "page@example.com", guest: true });
    expect(shown!.returnChoices).toBeNull();

    const tampered = `${order.token.slice(0, -1)}${order.token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [tampered, order.token.slice(0, 20), "", "../../etc", `${order.token}x`]) expect(await guestOrderOf(bad)).toBeNull();

    // An account's order never opens through a link, even one written for it.
    const shopper = await registerUser({ userName: "linked shopper", email: "linked@example.com", password: "password123" });
    if (!shopper.ok) throw new Error("setup");
    const theirs = await insertOrder(shopper.user.id, [{ title: "Tee", quantity: 1, unitPriceCents: 1000 }], { paymentStatus: "paid" });
    const theirLink = await db.transaction().execute((trx) => newOrderLink(trx, theirs));
    expect(await guestOrderOf(theirLink)).toBeNull();
    expect(await cancelGuestOrder(theirLink)).toBeNull();
  });

  it("cancels through the shopper's cancellation, as the guest: refunded, stock back; twice is refused", async () => {
    const order = await guestOrder("cancel@example.com");
    expect(await cancelGuestOrder(order.token)).toMatchObject({ ok: true, status: "completed" });
    expect(await stockOf(order.variantId)).toBe(7);
    const shown = (await guestOrderOf(order.token))!;
    expect(shown.order).toMatchObject({ orderStatus: "cancelled", paymentStatus: "refunded", refundedCents: 4000 });
    expect(shown.order.statusHistory.map((e) => e.status)).toContain("cancelled");
    expect(await cancelGuestOrder(order.token)).toMatchObject({ ok: false, status: 409 });
    expect(await stockOf(order.variantId)).toBe(7);
  });

  it("asks for a return of a delivered order through the shopper's rules", async () => {
    const order = await guestOrder("return@example.com", "delivered");
    const { returnChoices } = (await guestOrderOf(order.token))!;
    expect(returnChoices?.lines).toEqual([expect.objectContaining({ variantId: order.variantId, max: 2 })]);
    const input = { items: [{ variantId: order.variantId, quantity: 3 }], reason: "Too small" };
    expect(await requestGuestReturn(order.token, input)).toMatchObject({ ok: false, message: tooManyToReturn(`${order.title} (M)`, 2) });
    expect(await requestGuestReturn(order.token, { ...input, items: [{ ...input.items[0]!, quantity: 1 }] })).toMatchObject({ ok: true });
    expect((await guestOrderOf(order.token))!.order.returns).toHaveLength(1);
    expect(await requestGuestReturn("x".repeat(43), input)).toBeNull();
  });
});

describe("the look-up", () => {
  it("reads the number as #1001 or 1001 and the address in any case", () => {
    expect(OrderLookupSchema.parse({ number: "#1001", email: " Ada@Example.com " })).toEqual({ number: 1001, email: "ada@example.com" });
    expect(OrderLookupSchema.parse({ number: "1001", email: "a@b.co" }).number).toBe(1001);
    expect(OrderLookupSchema.parse({ number: 1001, email: "a@b.co" }).number).toBe(1001);
    for (const number of ["", "#", "10.5", "-3", "0", "abc", null, true, 1.5]) {
      expect(OrderLookupSchema.safeParse({ number, email: "a@b.co" }).success, String(number)).toBe(false);
    }
  });

  it("e-mails a new link to a guest's order with that number and address, and answers the same when there is none", async () => {
    const order = await guestOrder("Lookup@Example.com");
    const found = await lookupGuestOrder({ number: order.number, email: "lookup@example.com" }, freshIp());
    expect(found).toEqual({ ok: true, message: ORDER_LINK_SENT });
    await settledLookups();
    const mails = await linkMails("Lookup@Example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.order_id).toBe(order.id);
    // The mailed link opens the order, and so does the first one still.
    const token = /\/shop\/orders\/([\w-]{43})/.exec(mails[0]!.text_body)![1]!;
    expect(token).not.toBe(order.token);
    expect((await guestOrderOf(token))!.order.id).toBe(order.id);
    expect((await guestOrderOf(order.token))!.order.id).toBe(order.id);

    // Another address, another number, an account's order: the same answer, nothing mailed.
    const shopper = await registerUser({ userName: "lookup shopper", email: "lookup-shopper@example.com", password: "password123" });
    if (!shopper.ok) throw new Error("setup");
    const theirs = await insertOrder(shopper.user.id, [{ title: "Tee", quantity: 1, unitPriceCents: 1000 }], {
      paymentStatus: "paid",
      customer_email: "lookup-shopper@example.com",
    });
    const { number: theirNumber } = await db.selectFrom("orders").select("number").where("id", "=", theirs).executeTakeFirstOrThrow();
    const before = await db.selectFrom("outbox").select("id").execute();
    for (const asked of [
      { number: order.number, email: "someone-else@example.com" },
      { number: order.number + 100_000, email: "lookup@example.com" },
      { number: theirNumber!, email: "lookup-shopper@example.com" },
    ]) {
      expect(await lookupGuestOrder(asked, freshIp())).toEqual(found);
    }
    await settledLookups();
    expect(await db.selectFrom("outbox").select("id").execute()).toHaveLength(before.length);
  });

  it("refuses more than the limit from one client address, and for one number and address from many", async () => {
    const address = freshIp();
    for (let i = 0; i < ORDER_LOOKUPS_PER_WINDOW; i++) {
      expect((await lookupGuestOrder({ number: 900_000 + i, email: "nobody@example.com" }, address)).ok).toBe(true);
    }
    const refused = await lookupGuestOrder({ number: 900_100, email: "nobody@example.com" }, address);
    expect(refused).toMatchObject({ ok: false, status: 429, message: expect.stringMatching(/Too many attempts/) });
    expect(refused.ok ? null : refused.headers["Retry-After"]).toMatch(/^\d+$/);
    // Another client address still may; one number and e-mail asked for from many addresses is limited too.
    expect((await lookupGuestOrder({ number: 900_200, email: "nobody@example.com" }, freshIp())).ok).toBe(true);
    for (let i = 1; i < ORDER_LOOKUPS_PER_WINDOW; i++) {
      expect((await lookupGuestOrder({ number: 900_200, email: "nobody@example.com" }, freshIp())).ok).toBe(true);
    }
    expect(await lookupGuestOrder({ number: 900_200, email: "nobody@example.com" }, freshIp())).toMatchObject({ ok: false, status: 429 });
    // Those tries never lock out the number's own guest, asking with their address.
    expect((await lookupGuestOrder({ number: 900_200, email: "Owner@Example.com" }, freshIp())).ok).toBe(true);
  });
});
