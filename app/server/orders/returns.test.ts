import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { NO_SUCH_LINE } from "~/lib/messages/refunds";
import { ORDER_NOT_FOUND } from "~/lib/messages/checkout";
import {
  ALREADY_DECIDED,
  EXCHANGE_NOT_SAME_PRODUCT,
  exchangePriceChanged,
  NOT_DELIVERED,
  returnPeriodOver,
  tooManyToReturn,
} from "~/lib/messages/returns";
import type { OrderStatus } from "~/lib/constants";
import { formatDate } from "~/lib/orders";
import { registerUser } from "~/server/accounts/users.server";
import { productWith } from "#tests/support/catalog";
import { reloadSettings } from "~/server/platform/config.server";
import { db, newId } from "~/server/database/db.server";
import { insertOrder } from "#tests/support/orders";
import { countReturnsToReceive, getOrder, listAllOrders } from "./orders.server";
import { standIn } from "#tests/support/paypal-stand-in";
import { receiveReturn, refuseReturn, requestReturn, returnOptions } from "./returns.server";
import { refundByAdmin } from "./refunds.server";

vi.mock("~/server/payments/paypal.server", async (real) =>
  (await import("#tests/support/paypal-stand-in")).withRefundStandIn(await real()),
);

let shopper: string;
let other: string;
beforeAll(async () => {
  const a = await registerUser({ userName: "return shopper", email: "return-shopper@example.com", password: "password123" });
  const b = await registerUser({ userName: "return other", email: "return-other@example.com", password: "password123" });
  if (!a.ok || !b.ok) throw new Error("setup");
  [shopper, other] = [a.user.id, b.user.id];
});
beforeEach(() => {
  standIn.mode = "ok";
});

let captures = 0;
/**
 * A paid order of 2 × M and 1 × L ($20 each) of a new product sized S, M and L (5 of each left),
 * delivered `daysAgo` days ago.
 */
async function deliveredOrder({
  daysAgo = 2,
  status = "delivered",
  userId = shopper,
}: { daysAgo?: number; status?: OrderStatus; userId?: string } = {}) {
  const product = await productWith([
    { size: "S", stock: 5 },
    { size: "M", stock: 5 },
    { size: "L", stock: 5 },
  ]);
  const [s, m, l] = product.variants;
  const captureId = `RCAP${++captures}`;
  const id = await insertOrder(
    userId,
    [
      { title: product.title, size: "M", quantity: 2, unitPriceCents: 2000, variantId: m!.id },
      { title: product.title, size: "L", quantity: 1, unitPriceCents: 2000, variantId: l!.id },
    ],
    { paymentStatus: "paid", orderStatus: status, capture_id: captureId },
  );
  await db.updateTable("order_items").set({ product_id: product.id }).where("order_id", "=", id).execute();
  if (status === "delivered") {
    const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    await db
      .insertInto("order_status_history")
      .values({ id: newId(), order_id: id, from_status: "inShipping", status: "delivered", at, by: "admin" })
      .execute();
  }
  standIn.captures.set(captureId, { amountCents: 6000, refundedCents: 0 });
  return { id, productId: product.id, s: s!.id, m: m!.id, l: l!.id, title: product.title };
}

const stockOf = async (variantId: string) =>
  (await db.selectFrom("product_variants").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow()).stock;
/** The shop's contact address when SHOP_CONTACT_EMAIL is not set: the demo admin's. */
const OWNER = "admin@example.com";
/** The e-mails the shopper got about the order (the owner's notice of a request goes to the shop). */
const mailsOf = async (orderId: string) =>
  (
    await db
      .selectFrom("outbox")
      .select("kind")
      .where("order_id", "=", orderId)
      .where("recipient", "!=", OWNER)
      .orderBy("created_at")
      .execute()
  ).map((m) => m.kind);
const ownerMails = async (orderId: string) =>
  db
    .selectFrom("outbox")
    .select(["kind", "recipient", "subject", "text_body", "html_body"])
    .where("order_id", "=", orderId)
    .where("kind", "=", "return-requested")
    .execute();

describe("a shopper asks to return", () => {
  it("units of a delivered order, for the money or another size; never more than bought and not yet returned", async () => {
    const order = await deliveredOrder();
    const options = (await returnOptions(order.id, shopper))!;
    expect(options.lines.map((l) => [l.size, l.max, l.exchanges.map((e) => e.size)])).toEqual(
      expect.arrayContaining([
        ["M", 2, ["S", "L"]],
        ["L", 1, ["S", "M"]],
      ]),
    );
    const asked = await requestReturn(shopper, order.id, {
      items: [
        { variantId: order.m, quantity: 1 },
        { variantId: order.l, quantity: 1, exchangeVariantId: order.s },
      ],
      reason: "Too big",
    });
    expect(asked).toMatchObject({ ok: true });
    expect(await requestReturn(shopper, order.id, { items: [{ variantId: order.m, quantity: 2 }], reason: "x" })).toEqual({
      ok: false,
      status: 409,
      message: tooManyToReturn(`${order.title} (M)`, 1),
    });
    expect(await requestReturn(shopper, order.id, { items: [{ variantId: order.s, quantity: 1 }], reason: "x" })).toEqual({
      ok: false,
      status: 400,
      message: NO_SUCH_LINE,
    });
    const details = (await getOrder(order.id, shopper))!;
    expect(details.returns).toEqual([
      expect.objectContaining({
        status: "requested",
        reason: "Too big",
        items: expect.arrayContaining([
          expect.objectContaining({ size: "M", quantity: 1, exchange: null }),
          expect.objectContaining({ size: "L", quantity: 1, exchange: expect.objectContaining({ size: "S" }) }),
        ]),
      }),
    ]);
    expect((await returnOptions(order.id, shopper))!.lines.map((l) => [l.size, l.max])).toEqual([["M", 1]]);
  });

  it("tells the owner: one e-mail to the shop's contact address, written with the request; none for a refused one", async () => {
    const order = await deliveredOrder();
    const asked = await requestReturn(shopper, order.id, {
      items: [
        { variantId: order.m, quantity: 1 },
        { variantId: order.l, quantity: 1, exchangeVariantId: order.s },
      ],
      reason: "Too <big>",
    });
    expect(asked).toMatchObject({ ok: true });
    const mails = await ownerMails(order.id);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.recipient).toBe(OWNER);
    const { number } = await db.selectFrom("orders").select("number").where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(mail!.subject).toBe(`Return requested for order #${number}`);
    expect(mail!.text_body).toContain(`1 x ${order.title} (M): money back`);
    expect(mail!.text_body).toContain(`1 x ${order.title} (L): exchange for ${order.title} (S)`);
    expect(mail!.text_body).toContain("Reason: Too <big>");
    expect(mail!.text_body).toContain(`/admin/orders?order=${order.id}`);
    expect(mail!.html_body).toContain("Too &lt;big&gt;");
    // A refused request writes nothing: the mail is part of the request's transaction.
    expect(await requestReturn(shopper, order.id, { items: [{ variantId: order.m, quantity: 5 }], reason: "x" })).toMatchObject({
      ok: false,
    });
    expect(await ownerMails(order.id)).toHaveLength(1);
  });

  it("puts the order among the returns to receive, with its customer, until the shop decides", async () => {
    const before = await countReturnsToReceive();
    const order = await deliveredOrder();
    const quiet = await deliveredOrder();
    const asked = await requestReturn(shopper, order.id, { items: [{ variantId: order.m, quantity: 1 }], reason: "Small" });
    if (!asked.ok) throw new Error(asked.message);
    expect(await countReturnsToReceive()).toBe(before + 1);
    const waiting = await listAllOrders(1, 100, { returnsToReceive: true });
    expect(waiting.total).toBe(before + 1);
    expect(waiting.items.map((o) => o.id)).toContain(order.id);
    expect(waiting.items.map((o) => o.id)).not.toContain(quiet.id);
    const all = await listAllOrders(1, 100);
    const row = (id: string) => all.items.find((o) => o.id === id)!;
    expect(row(order.id)).toMatchObject({
      returnsToReceive: 1,
      customer: { userName: "return shopper", email: "return-shopper@example.com" },
      paymentStatus: "paid",
    });
    expect(row(quiet.id).returnsToReceive).toBe(0);
    expect(await refuseReturn(asked.returnId, "Worn")).toMatchObject({ ok: true });
    expect(await countReturnsToReceive()).toBe(before);
    expect((await listAllOrders(1, 100, { returnsToReceive: true })).items.map((o) => o.id)).not.toContain(order.id);
  });

  it("sends the owner's notice to SHOP_CONTACT_EMAIL when it is set", async () => {
    process.env.SHOP_CONTACT_EMAIL = "orders@shop.example.com";
    reloadSettings();
    try {
      const order = await deliveredOrder();
      expect(await requestReturn(shopper, order.id, { items: [{ variantId: order.m, quantity: 1 }], reason: "Small" })).toMatchObject({
        ok: true,
      });
      expect((await ownerMails(order.id)).map((m) => m.recipient)).toEqual(["orders@shop.example.com"]);
    } finally {
      delete process.env.SHOP_CONTACT_EMAIL;
      reloadSettings();
    }
  });

  it("is refused before delivery, after the return period, for someone else's order, and for another product", async () => {
    const shipping = await deliveredOrder({ status: "inShipping" });
    expect(await requestReturn(shopper, shipping.id, { items: [{ variantId: shipping.m, quantity: 1 }], reason: "x" })).toEqual({
      ok: false,
      status: 409,
      message: NOT_DELIVERED,
    });
    const old = await deliveredOrder({ daysAgo: 31 });
    const refused = await requestReturn(shopper, old.id, { items: [{ variantId: old.m, quantity: 1 }], reason: "x" });
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(refused).toEqual({ ok: false, status: 409, message: expect.stringMatching(/^The return period for this order ended on /) });
    expect(await returnOptions(old.id, shopper)).toBeNull();
    const theirs = await deliveredOrder({ userId: other });
    expect(await requestReturn(shopper, theirs.id, { items: [{ variantId: theirs.m, quantity: 1 }], reason: "x" })).toEqual({
      ok: false,
      status: 404,
      message: ORDER_NOT_FOUND,
    });
    const order = await deliveredOrder();
    const elsewhere = await deliveredOrder();
    expect(
      await requestReturn(shopper, order.id, { items: [{ variantId: order.m, quantity: 1, exchangeVariantId: elsewhere.s }], reason: "x" }),
    ).toEqual({ ok: false, status: 400, message: EXCHANGE_NOT_SAME_PRODUCT });
    await db.updateTable("products").set({ price_cents: 2500 }).where("id", "=", order.productId).execute();
    expect(
      await requestReturn(shopper, order.id, { items: [{ variantId: order.m, quantity: 1, exchangeVariantId: order.s }], reason: "x" }),
    ).toEqual({ ok: false, status: 409, message: exchangePriceChanged(order.title) });
    expect(returnPeriodOver(formatDate("2026-11-25T00:00:00.000Z"))).toBe("The return period for this order ended on Nov 25, 2026.");
  });
});

describe("the admin", () => {
  it("receives a return: money lines refunded and restocked, an exchange ships the new size and takes the old back", async () => {
    const order = await deliveredOrder();
    const asked = await requestReturn(shopper, order.id, {
      items: [
        { variantId: order.m, quantity: 2 },
        { variantId: order.l, quantity: 1, exchangeVariantId: order.s },
      ],
      reason: "Wrong fit",
    });
    if (!asked.ok) throw new Error(asked.message);
    expect(await receiveReturn(asked.returnId)).toMatchObject({ ok: true, status: "completed" });
    expect([await stockOf(order.s), await stockOf(order.m), await stockOf(order.l)]).toEqual([4, 7, 6]);
    const details = (await getOrder(order.id))!;
    expect(details).toMatchObject({ refundedCents: 4000, paymentStatus: "partiallyRefunded" });
    expect(details.refunds).toEqual([expect.objectContaining({ amountCents: 4000, reason: "Return: Wrong fit", status: "completed" })]);
    expect(details.returns[0]!.status).toBe("received");
    expect(details.returns[0]!.items.map((i) => [i.size, i.outcome]).sort()).toEqual([
      ["L", "exchanged"],
      ["M", "refunded"],
    ]);
    expect(await mailsOf(order.id)).toEqual(["return-received", "order-refund"]);
    expect(await receiveReturn(asked.returnId)).toEqual({ ok: false, status: 409, message: ALREADY_DECIDED });
    expect(await refuseReturn(asked.returnId, "late")).toEqual({ ok: false, status: 409, message: ALREADY_DECIDED });
    // Nothing left to return: every unit was refunded or exchanged; nor can the exchanged unit be
    // refunded by line (its stock already came back with the exchange).
    expect(await returnOptions(order.id, shopper)).toBeNull();
    expect(await refundByAdmin(order.id, { items: [{ variantId: order.l, quantity: 1 }], restock: true, reason: "x" })).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await stockOf(order.l)).toBe(6);
  });

  it("refunds an exchange whose new size sold out meanwhile; an exchange alone moves no money", async () => {
    const order = await deliveredOrder();
    const asked = await requestReturn(shopper, order.id, {
      items: [{ variantId: order.l, quantity: 1, exchangeVariantId: order.s }],
      reason: "Small",
    });
    if (!asked.ok) throw new Error(asked.message);
    await db.updateTable("product_variants").set({ stock: 0 }).where("id", "=", order.s).execute();
    expect(await receiveReturn(asked.returnId)).toMatchObject({ ok: true, status: "completed" });
    expect((await getOrder(order.id))!.returns[0]!.items[0]!.outcome).toBe("refundedInstead");
    expect(await stockOf(order.l)).toBe(6);

    const swap = await deliveredOrder();
    const only = await requestReturn(shopper, swap.id, {
      items: [{ variantId: swap.m, quantity: 1, exchangeVariantId: swap.l }],
      reason: "Tight",
    });
    if (!only.ok) throw new Error(only.message);
    expect(await receiveReturn(only.returnId)).toEqual({ ok: true, refundId: null, status: "exchanged" });
    expect([await stockOf(swap.m), await stockOf(swap.l)]).toEqual([6, 4]);
    expect((await getOrder(swap.id))!.refundedCents).toBe(0);
  });

  it("refuses a return with a reason: nothing moves, the shopper is told, the units may be asked for again", async () => {
    const order = await deliveredOrder();
    const asked = await requestReturn(shopper, order.id, { items: [{ variantId: order.m, quantity: 2 }], reason: "Changed my mind" });
    if (!asked.ok) throw new Error(asked.message);
    expect(await refuseReturn(asked.returnId, "Worn and washed")).toMatchObject({ ok: true });
    expect((await getOrder(order.id))!.returns[0]).toMatchObject({ status: "refused", refusal: "Worn and washed" });
    expect(await stockOf(order.m)).toBe(5);
    expect(await mailsOf(order.id)).toEqual(["return-refused"]);
    expect((await returnOptions(order.id, shopper))!.lines.find((l) => l.size === "M")!.max).toBe(2);
  });
});
