import { beforeAll, describe, expect, it } from "vitest";
import type { PaymentStatus } from "~/lib/constants";
import { db } from "~/server/database/db.server";
import { insertOrder } from "#tests/support/orders";
import { getOrder, listAllOrders, listOrders, updateOrderStatus } from "./orders.server";
import { registerUser } from "~/server/accounts/users.server";

// Which orders people see is decided in one place: abandoned payment attempts are not orders.
let userId: string;
const ids: Partial<Record<PaymentStatus, string>> = {};

beforeAll(async () => {
  const r = await registerUser({ userName: "buyer", email: "buyer@example.com", password: "password123" });
  if (!r.ok) throw new Error("setup");
  userId = r.user.id;
  for (const status of ["pending", "paid", "failed", "cancelled"] as const) {
    ids[status] = await insertOrder(userId, [], { paymentStatus: status, total_cents: 1000 });
  }
});

describe("orders people see", () => {
  it("the shopper's list, the admin's list and both detail views leave out cancelled and failed attempts", async () => {
    expect((await listOrders(userId)).map((o) => o.id)).toEqual([ids.paid, ids.pending]);
    expect((await listAllOrders(1)).items.map((o) => o.id)).toEqual([ids.paid, ids.pending]);
    expect((await listAllOrders(1)).total).toBe(2);
    for (const status of ["failed", "cancelled"] as const) {
      expect(await getOrder(ids[status]!, userId)).toBeNull();
      expect(await getOrder(ids[status]!)).toBeNull();
    }
    expect((await getOrder(ids.pending!, userId))?.id).toBe(ids.pending);
  });

  it("the admin cannot change the status of an abandoned attempt", async () => {
    expect((await updateOrderStatus(ids.cancelled!, "inShipping")).ok).toBe(false);
    expect((await updateOrderStatus(ids.paid!, "inShipping")).ok).toBe(true);
    const row = await db.selectFrom("orders").select("order_status").where("id", "=", ids.cancelled!).executeTakeFirstOrThrow();
    expect(row.order_status).toBe("pending");
  });
});
