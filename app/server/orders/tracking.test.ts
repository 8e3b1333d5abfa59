import { beforeAll, describe, expect, it } from "vitest";
import { PARCEL_ONLY_IN_SHIPPING, TRACKING_SAVED } from "~/lib/messages/checkout";
import { registerUser } from "~/server/accounts/users.server";
import { db } from "~/server/database/db.server";
import { insertOrder } from "#tests/support/orders";
import { getOrder, updateOrderStatus } from "./orders.server";

// The parcel of an order in shipping (issue 48, point 20; both engines): the owner gives a carrier
// and tracking number with "In shipping"; the order keeps them, the shopper's e-mail links the
// carrier's tracking page, and a parcel given with another status is refused, not lost.

let shopper: string;
beforeAll(async () => {
  const a = await registerUser({ userName: "parcel shopper", email: "parcel-shopper@example.com", password: "password123" });
  if (!a.ok) throw new Error("setup");
  shopper = a.user.id;
});

const paidOrder = () => insertOrder(shopper, [{ title: "Tee", quantity: 1, unitPriceCents: 2000 }], { paymentStatus: "paid" });

const mails = async (orderId: string) =>
  db
    .selectFrom("outbox")
    .select(["kind", "subject", "text_body as text", "html_body as html"])
    .where("order_id", "=", orderId)
    .orderBy("created_at")
    .execute();

describe("the parcel of an order in shipping", () => {
  it("is saved with In shipping and the shopper's e-mail links the carrier's tracking page", async () => {
    const id = await paidOrder();
    expect((await updateOrderStatus(id, "inShipping", { parcel: { carrier: "UPS", trackingNumber: "1Z999AA10123456784" } })).ok).toBe(true);
    const order = await getOrder(id);
    expect(order!.parcel).toEqual({ carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    const [mail] = await mails(id);
    expect(mail!.kind).toBe("order-inShipping");
    expect(mail!.subject).toBe(`Your order #${order!.number}: In shipping`);
    expect(mail!.text).toContain("Tracking: UPS 1Z999AA10123456784 (https://www.ups.com/track?tracknum=1Z999AA10123456784)");
    expect(mail!.html).toContain('<a href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    // No method on this order: SPEC's estimate.
    expect(mail!.text).toContain("Estimated delivery: 3-5 business days");
  });

  it("a carrier the shop does not know is text; added later to an order in shipping, the shopper hears again", async () => {
    const id = await paidOrder();
    expect((await updateOrderStatus(id, "inShipping")).ok).toBe(true);
    expect((await mails(id)).at(-1)!.text).not.toContain("Tracking:");
    expect(await updateOrderStatus(id, "inShipping", { parcel: { carrier: "Speedy Couriers", trackingNumber: "SC-12345" } })).toEqual({
      ok: true,
      message: TRACKING_SAVED,
    });
    const sent = await mails(id);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.text).toContain("Tracking: Speedy Couriers SC-12345\n");
    expect(sent[1]!.html).not.toContain('<a href="https://www.ups');
    // The same again changes nothing and sends nothing.
    await updateOrderStatus(id, "inShipping", { parcel: { carrier: "Speedy Couriers", trackingNumber: "SC-12345" } });
    expect(await mails(id)).toHaveLength(2);
    // Delivered keeps the parcel the shopper may still follow.
    expect((await updateOrderStatus(id, "delivered")).ok).toBe(true);
    expect((await getOrder(id))!.parcel).toEqual({ carrier: "Speedy Couriers", trackingNumber: "SC-12345" });
  });

  it("is refused with any other status, and the order stays as it was", async () => {
    const id = await paidOrder();
    expect(await updateOrderStatus(id, "delivered", { parcel: { trackingNumber: "1Z999AA10123456784" } })).toEqual({
      ok: false,
      status: 400,
      message: PARCEL_ONLY_IN_SHIPPING,
    });
    const order = await getOrder(id);
    expect(order!.orderStatus).toBe("confirmed");
    expect(order!.parcel).toEqual({ carrier: "", trackingNumber: "" });
  });
});
