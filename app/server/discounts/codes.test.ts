import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/lib/access";
import { DISCOUNT_CODE_TAKEN, DISCOUNT_NOT_FOUND } from "~/lib/messages/discounts-owner";
import { BrandSchema, CategorySchema } from "~/lib/schemas/catalogue";
import { DiscountSchema, type DiscountInput } from "~/lib/schemas/discounts";
import { registerUser } from "~/server/accounts/users.server";
import { insertOrder } from "#tests/support/orders";
import { deleteCatalogueRow, saveBrand, saveCategory } from "~/server/catalog/catalogue.server";
import { db, newId, now } from "~/server/database/db.server";
import { createDiscount, getDiscount, listDiscounts, setDiscountActive, updateDiscount } from "./codes.server";

// The owner's discount codes (both engines): what the form and /api accept, unique names whatever
// their case, disabling and enabling, limits that cannot go below what is taken, and the list's figures.

const parse = (input: Record<string, unknown>) => DiscountSchema.safeParse({ code: "WELCOME10", type: "percent", value: 10, ...input });
const valid = (input: Record<string, unknown> = {}): DiscountInput => {
  const result = parse(input);
  if (!result.success) throw new Error(result.error.issues[0]!.message);
  return result.data;
};
const messages = (input: Record<string, unknown>) => {
  const result = parse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("DiscountSchema", () => {
  it("reads a form's text and a JSON body alike, money in dollars, the code in capitals", () => {
    expect(
      valid({
        code: " summer25 ",
        type: "fixed",
        value: "5.50",
        minSubtotal: "40",
        startsAt: "2026-12-01T09:30",
        endsAt: "2026-12-31",
        usageLimit: "100",
        oncePerCustomer: "on",
        categories: "men",
        brands: ["nike", "puma", "nike"],
        active: "false",
      }),
    ).toEqual({
      code: "SUMMER25",
      type: "fixed",
      value: 5.5,
      minSubtotal: 40,
      startsAt: "2026-12-01T09:30:00.000Z",
      endsAt: "2026-12-31T00:00:00.000Z",
      usageLimit: 100,
      oncePerCustomer: true,
      categories: ["men"],
      brands: ["nike", "puma"],
      active: false,
    });
    // The least: no minimum, no period, unlimited, every category and brand, active left as it is.
    expect(valid()).toEqual({
      code: "WELCOME10",
      type: "percent",
      value: 10,
      minSubtotal: 0,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      oncePerCustomer: false,
      categories: [],
      brands: [],
      active: undefined,
    });
    expect(valid({ startsAt: "2026-12-01T10:00:00+02:00", usageLimit: null, active: true })).toMatchObject({
      startsAt: "2026-12-01T08:00:00.000Z",
      usageLimit: null,
      active: true,
    });
  });

  it("refuses bad input with a message on the field", () => {
    expect(messages({ code: "" })).toEqual({ code: "Code is required" });
    expect(messages({ code: "SUMMER 25" })).toEqual({ code: "A code is letters and digits only, no spaces" });
    expect(messages({ code: "ÉTÉ25" })).toEqual({ code: "A code is letters and digits only, no spaces" });
    expect(messages({ code: "AB" })).toEqual({ code: "A code has at least 3 characters" });
    expect(messages({ code: "A".repeat(33) })).toEqual({ code: "A code has at most 32 characters" });
    expect(messages({ type: "free" })).toEqual({ type: "Please choose a percentage or a fixed amount" });
    expect(messages({ value: "ten" })).toEqual({ value: "Value must be a number" });
    for (const value of [0, 101, 12.5, -5]) expect(messages({ value })).toEqual({ value: "A percentage is a whole number from 1 to 100" });
    expect(messages({ type: "fixed", value: 0 })).toEqual({ value: "A fixed amount must be greater than 0" });
    expect(messages({ type: "fixed", value: "1.005" })).toEqual({ value: "A fixed amount can have at most 2 decimals" });
    expect(messages({ minSubtotal: "-1" })).toEqual({ minSubtotal: "Minimum subtotal cannot be negative" });
    expect(messages({ minSubtotal: "0x10" })).toEqual({ minSubtotal: "Minimum subtotal must be a number" });
    expect(messages({ startsAt: "tomorrow" })).toEqual({ startsAt: "Start must be a date and time (UTC), like 2026-12-01T09:30" });
    expect(messages({ endsAt: "2026-02-30" })).toEqual({ endsAt: "End must be a date and time (UTC), like 2026-12-01T09:30" });
    expect(messages({ startsAt: "2026-12-02", endsAt: "2026-12-01T23:59" })).toEqual({ endsAt: "The end must be after the start" });
    expect(messages({ startsAt: "2026-12-01", endsAt: "2026-12-01" })).toEqual({ endsAt: "The end must be after the start" });
    for (const usageLimit of [0, "1.5", -1, true]) {
      expect(messages({ usageLimit })).toEqual({ usageLimit: "Total uses must be a whole number of at least 1, or empty for no limit" });
    }
    // Which categories and brands exist is the service's to say (below); the form checks the shape.
    expect(messages({ categories: ["men", 5] })).toEqual({ "categories.1": "Categories are a list of the shop's category ids" });
    expect(messages({ brands: { nike: true } })).toEqual({ brands: "Brands are a list of the shop's brand ids" });
  });
});

describe("discount codes", () => {
  let buyer: SessionUser;
  beforeAll(async () => {
    const result = await registerUser({ userName: "Dee Buyer", email: "dee@example.com", password: "correct horse" });
    if (!result.ok) throw new Error(result.message);
    buyer = result.user;
  });

  it("adds a code with its money in cents, and finds it by id", async () => {
    const result = await createDiscount(
      valid({ code: "Spring5", type: "fixed", value: "5", minSubtotal: "25.50", categories: ["men", "kids"], usageLimit: 3 }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.created).toBe(true);
    expect(result.discount).toMatchObject({
      code: "SPRING5",
      type: "fixed",
      value: 500,
      minSubtotalCents: 2550,
      usageLimit: 3,
      oncePerCustomer: false,
      categories: ["men", "kids"],
      brands: [],
      active: true,
      taken: 0,
    });
    expect(await getDiscount(result.discount.id)).toEqual(result.discount);
    expect(await getDiscount(newId())).toBeNull();
  });

  it("keeps names unique whatever their case, on adding and on editing", async () => {
    const first = await createDiscount(valid({ code: "unique1" }));
    const second = await createDiscount(valid({ code: "UNIQUE2" }));
    if (!first.ok || !second.ok) throw new Error("not added");
    const taken = { ok: false, status: 409, message: DISCOUNT_CODE_TAKEN, fieldErrors: { code: [DISCOUNT_CODE_TAKEN] } };
    expect(await createDiscount(valid({ code: "Unique1" }))).toEqual(taken);
    expect(await updateDiscount(second.discount.id, valid({ code: "uNiQuE1" }))).toEqual(taken);
    // Its own name, in other letters' case, is its own.
    const renamed = await updateDiscount(first.discount.id, valid({ code: "unique1", value: 20 }));
    expect(renamed).toMatchObject({ ok: true, created: false, discount: { code: "UNIQUE1", value: 20 } });
    expect(await updateDiscount(newId(), valid({ code: "NOBODY" }))).toEqual({ ok: false, status: 404, message: DISCOUNT_NOT_FOUND });
  });

  it("limits a code only to the shop's own categories and brands: an unknown one is refused beside its field, nothing written", async () => {
    const dresses = await saveCategory(null, CategorySchema.parse({ name: "Dresses", parentId: "women" }));
    const atelier = await saveBrand(null, BrandSchema.parse({ name: "Atelier Nord" }));
    if (!dresses.ok || !atelier.ok) throw new Error("catalogue rows not added");
    const added = await createDiscount(valid({ code: "OWNLABEL", categories: [dresses.value.id], brands: [atelier.value.id, "nike"] }));
    expect(added).toMatchObject({ ok: true, discount: { categories: [dresses.value.id], brands: [atelier.value.id, "nike"] } });
    if (!added.ok) return;

    const category = 'There is no category "pets": choose among the shop\'s categories';
    const brand = 'There is no brand "gucci": choose among the shop\'s brands';
    expect(await createDiscount(valid({ code: "PETS10", categories: ["men", "pets"], brands: ["gucci"] }))).toEqual({
      ok: false,
      status: 400,
      message: category,
      fieldErrors: { categories: [category], brands: [brand] },
    });
    expect((await listDiscounts()).map((d) => d.code)).not.toContain("PETS10");
    // An edit too, and the code stays as it was; a handle is not an id.
    expect(await updateDiscount(added.discount.id, valid({ code: "OWNLABEL", brands: ["gucci"], value: 50 }))).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { brands: [brand] },
    });
    expect(await updateDiscount(added.discount.id, valid({ code: "OWNLABEL", categories: ["women-dresses"] }))).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { categories: ['There is no category "women-dresses": choose among the shop\'s categories'] },
    });
    expect(await getDiscount(added.discount.id)).toEqual(added.discount);
    // A category the code names cannot be deleted from under it.
    expect(await deleteCatalogueRow("category", dresses.value.id, "women")).toMatchObject({ ok: false, status: 409 });
  });

  it("disables and enables a code; an edit without `active` keeps its state", async () => {
    const added = await createDiscount(valid({ code: "TOGGLE", active: false }));
    if (!added.ok) throw new Error(added.message);
    expect(added.discount.active).toBe(false);
    const enabled = await setDiscountActive(added.discount.id, true);
    expect(enabled).toMatchObject({ ok: true, discount: { active: true }, message: "TOGGLE is enabled: shoppers can use it again." });
    const disabled = await setDiscountActive(added.discount.id, false);
    expect(disabled).toMatchObject({
      ok: true,
      discount: { active: false },
      message: "TOGGLE is disabled: shoppers can no longer use it.",
    });
    expect(await updateDiscount(added.discount.id, valid({ code: "TOGGLE", value: 15 }))).toMatchObject({ discount: { active: false } });
    expect(await updateDiscount(added.discount.id, valid({ code: "TOGGLE", active: true }))).toMatchObject({ discount: { active: true } });
    expect(await setDiscountActive(newId(), true)).toEqual({ ok: false, status: 404, message: DISCOUNT_NOT_FOUND });
  });

  it("lists each code with its uses, and the revenue and discount of the paid orders that used it", async () => {
    const added = await createDiscount(valid({ code: "FIGURES", usageLimit: 5 }));
    const idle = await createDiscount(valid({ code: "IDLE" }));
    if (!added.ok || !idle.ok) throw new Error("not added");
    const id = added.discount.id;
    const use = async (orderId: string, status: "held" | "used" | "released", amountCents: number) => {
      await db
        .insertInto("discount_uses")
        .values({
          id: newId(),
          discount_id: id,
          order_id: orderId,
          user_id: buyer.id,
          status,
          amount_cents: amountCents,
          created_at: now(),
          updated_at: now(),
        })
        .execute();
      if (status !== "released")
        await db
          .updateTable("discounts")
          .set((eb) => ({ taken: eb("taken", "+", 1) }))
          .where("id", "=", id)
          .execute();
    };
    const line = (cents: number) => [{ title: "Scarf", quantity: 1, unitPriceCents: cents }];
    // Two paid orders (totals after the discount), one payment under way, one abandoned.
    const paid1 = await insertOrder(buyer.id, line(9000), {
      paymentStatus: "paid",
      discount_id: id,
      discount_code: "FIGURES",
      discount_cents: 1000,
    });
    const paid2 = await insertOrder(buyer.id, line(4500), {
      paymentStatus: "paid",
      discount_id: id,
      discount_code: "FIGURES",
      discount_cents: 500,
    });
    const pending = await insertOrder(buyer.id, line(1800), { discount_id: id, discount_code: "FIGURES", discount_cents: 200 });
    const cancelled = await insertOrder(buyer.id, line(2700), {
      paymentStatus: "cancelled",
      discount_id: id,
      discount_code: "FIGURES",
      discount_cents: 300,
    });
    await use(paid1, "used", 1000);
    await use(paid2, "used", 500);
    await use(pending, "held", 200);
    await use(cancelled, "released", 300);
    // An order without a code counts for no code.
    await insertOrder(buyer.id, line(7000), { paymentStatus: "paid" });

    const list = await listDiscounts();
    expect(list.find((d) => d.id === id)).toMatchObject({
      code: "FIGURES",
      usageLimit: 5,
      taken: 3,
      usedCount: 2,
      heldCount: 1,
      orderCount: 2,
      revenueCents: 13500,
      discountCents: 1500,
    });
    expect(list.find((d) => d.id === idle.discount.id)).toMatchObject({
      usedCount: 0,
      heldCount: 0,
      orderCount: 0,
      revenueCents: 0,
      discountCents: 0,
    });
    // Newest first.
    const created = list.map((d) => d.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    // Total uses cannot go below the 3 held or paid; to 3 or unlimited they can.
    const below = await updateDiscount(id, valid({ code: "FIGURES", usageLimit: 2 }));
    const message = "This code has already been used or is being paid with 3 times: total uses cannot be lower than 3";
    expect(below).toEqual({ ok: false, status: 409, message, fieldErrors: { usageLimit: [message] } });
    expect((await getDiscount(id))!.usageLimit).toBe(5);
    expect(await updateDiscount(id, valid({ code: "FIGURES", usageLimit: 3 }))).toMatchObject({ ok: true, discount: { usageLimit: 3 } });
    expect(await updateDiscount(id, valid({ code: "FIGURES" }))).toMatchObject({ ok: true, discount: { usageLimit: null } });
  });

  it("counts only the uses and revenue of orders still standing: not cancelled, rejected or refunded in full (issue 38, point 8)", async () => {
    const added = await createDiscount(valid({ code: "KEPTONLY", usageLimit: 10 }));
    if (!added.ok) throw new Error("not added");
    const id = added.discount.id;
    const line = (cents: number) => [{ title: "Coat", quantity: 1, unitPriceCents: cents }];
    const withCode = { paymentStatus: "paid" as const, discount_id: id, discount_code: "KEPTONLY", discount_cents: 500 };
    const orders = [
      // Stands: paid and kept.
      await insertOrder(buyer.id, line(5000), { ...withCode, orderStatus: "delivered" }),
      // Stands, partly refunded: its revenue is what stays paid.
      await insertOrder(buyer.id, line(4000), { ...withCode, refunded_cents: 1000 }),
      // Cancelled by the shopper (refunded in full), then even marked delivered by the owner.
      await insertOrder(buyer.id, line(4993), { ...withCode, orderStatus: "delivered", refunded_cents: 4993 }),
      // Rejected by the owner (refunded in full).
      await insertOrder(buyer.id, line(4993), { ...withCode, orderStatus: "rejected", refunded_cents: 4993 }),
      // Refunded in full as an amount, still confirmed.
      await insertOrder(buyer.id, line(4993), { ...withCode, refunded_cents: 4993 }),
      // Paid in full by the code and cancelled (its stock claim given back), then marked delivered.
      await insertOrder(buyer.id, [{ title: "Coat", quantity: 1, unitPriceCents: 500, discountCents: 500 }], {
        ...withCode,
        orderStatus: "delivered",
        payment_method: "none",
        stock_reserved: 0,
      }),
      // Paid in full by the code and kept.
      await insertOrder(buyer.id, [{ title: "Coat", quantity: 1, unitPriceCents: 500, discountCents: 500 }], {
        ...withCode,
        payment_method: "none",
        stock_reserved: 1,
      }),
    ];
    for (const orderId of orders)
      await db
        .insertInto("discount_uses")
        .values({
          id: newId(),
          discount_id: id,
          order_id: orderId,
          user_id: buyer.id,
          status: "used",
          amount_cents: 500,
          created_at: now(),
          updated_at: now(),
        })
        .execute();
    await db.updateTable("discounts").set({ taken: orders.length }).where("id", "=", id).execute();

    expect((await listDiscounts()).find((d) => d.id === id)).toMatchObject({
      taken: 7,
      usedCount: 3,
      // The other four still count toward the limit (the owner did not give them back), said apart.
      closedCount: 4,
      heldCount: 0,
      orderCount: 3,
      revenueCents: 5000 + 4000 - 1000,
      discountCents: 1500,
    });
  });
});
