import { beforeAll, describe, expect, it } from "vitest";
import { FORMER_CUSTOMER, INVALID_LOGIN } from "~/lib/messages/accounts";
import { ACCOUNT_BLOCKED, ADMIN_NOT_BLOCKABLE, CLOSED_NOT_CHANGEABLE, CUSTOMER_NOT_FOUND } from "~/lib/messages/customers";
import type { SessionUser } from "~/lib/access";
import { getSessionUser } from "~/server/accounts/session.server";
import { authenticator, type SignInResult } from "~/server/accounts/sign-in.server";
import { ensureAccount, findUserByEmail, registerUser } from "~/server/accounts/users.server";
import { insertOrder } from "#tests/support/orders";
import { db, newId } from "~/server/database/db.server";
import { CLIENT_ADDRESS_HEADER } from "~/server/platform/rate-limit.server";
import { blockCustomer, getCustomer, listCustomers, unblockCustomer } from "./customers.server";

// The owner's customers (both engines): who is listed, what they spent, search, and blocking.
const PASSWORD = "correct horse";
let ip = 0;

async function shopper(userName: string, email = `${userName.toLowerCase().replace(/\s+/g, ".")}@example.com`): Promise<SessionUser> {
  const result = await registerUser({ userName, email, password: PASSWORD });
  if (!result.ok) throw new Error(result.message);
  return result.user;
}

/** Joined at a known time, so "newest first" has an order to check. */
const joined = (user: SessionUser, at: string) => db.updateTable("users").set({ created_at: at }).where("id", "=", user.id).execute();

/** A sign-in as /api/auth/login gets it, from an address of its own (the limits stay out of the way). */
async function signIn(email: string, password = PASSWORD): Promise<SignInResult & { cookie: string }> {
  const result = await authenticator.authenticate(
    "json",
    new Request("http://shop.test/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", [CLIENT_ADDRESS_HEADER]: `10.1.0.${++ip}` },
      body: JSON.stringify({ email, password }),
    }),
  );
  const cookie = result.ok
    ? result.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ")
    : "";
  return { ...result, cookie };
}
const requestWith = (cookie: string) => new Request("http://shop.test/shop/account", { headers: { Cookie: cookie } });

let ann: SessionUser;
let bob: SessionUser;
let cyd: SessionUser;
let admin: SessionUser;
const guestId = newId();

beforeAll(async () => {
  ann = await shopper("Ann Archer");
  bob = await shopper("Bob Baker", "bob_b@example.com");
  cyd = await shopper("Cyd 100%", "cyd@shop.test");
  await ensureAccount({ userName: "Owner", email: "owner@example.com", password: PASSWORD, role: "admin" });
  admin = (await findUserByEmail("owner@example.com"))!;
  await joined(ann, "2026-01-01T10:00:00.000Z");
  await joined(bob, "2026-02-01T10:00:00.000Z");
  await joined(cyd, "2026-03-01T10:00:00.000Z");

  // Ann: $50 paid, $30 paid of which $10 refunded, $20 paid and refunded in full (rejected), an
  // unpaid $99 (an order, nothing spent), and a cancelled payment attempt (not an order at all).
  await insertOrder(ann.id, [{ title: "Coat", quantity: 1, unitPriceCents: 5000 }], {
    paymentStatus: "paid",
    at: "2026-04-01T09:00:00.000Z",
  });
  await insertOrder(ann.id, [{ title: "Tee", quantity: 2, unitPriceCents: 1500 }], {
    paymentStatus: "paid",
    orderStatus: "delivered",
    at: "2026-04-03T09:00:00.000Z",
    refunded_cents: 1000,
  });
  await insertOrder(ann.id, [{ title: "Cap", quantity: 1, unitPriceCents: 2000 }], {
    paymentStatus: "paid",
    orderStatus: "rejected",
    at: "2026-04-05T09:00:00.000Z",
    refunded_cents: 2000,
  });
  await insertOrder(ann.id, [{ title: "Boots", quantity: 1, unitPriceCents: 9900 }], {
    paymentStatus: "pending",
    at: "2026-04-07T09:00:00.000Z",
  });
  await insertOrder(ann.id, [{ title: "Scarf", quantity: 1, unitPriceCents: 7000 }], {
    paymentStatus: "cancelled",
    at: "2026-04-09T09:00:00.000Z",
  });
  // A guest's record (issue 51) with a paid order, the newest of all: no customer, never listed.
  await db
    .insertInto("users")
    .values({
      id: guestId,
      user_name: "Gus Guest",
      user_name_key: `#guest:${guestId}`,
      email: `${guestId}@guest.invalid`,
      password_hash: "",
      role: "user",
      created_at: "2026-05-01T10:00:00.000Z",
      guest_email: "gus@example.com",
    })
    .execute();
  await insertOrder(guestId, [{ title: "Hat", quantity: 1, unitPriceCents: 1000 }], {
    paymentStatus: "paid",
    customer_name: "Gus Guest",
    customer_email: "gus@example.com",
  });
  // Bob: one failed payment attempt only.
  await insertOrder(bob.id, [{ title: "Belt", quantity: 1, unitPriceCents: 3000 }], { paymentStatus: "failed" });
});

describe("the customers list", () => {
  it("lists shoppers newest first, with their orders, what they spent net of refunds and their last order; no admins", async () => {
    const page = await listCustomers({ search: "", page: 1 });
    expect(page.items.map((c) => c.userName)).toEqual(["Cyd 100%", "Bob Baker", "Ann Archer"]);
    expect(page.items.some((c) => c.id === admin.id)).toBe(false);
    expect(page).toMatchObject({ total: 3, page: 1, pageCount: 1 });
    const [cydRow, bobRow, annRow] = page.items;
    // 5000 + (3000 - 1000) + (2000 - 2000): the unpaid order counts as an order but adds nothing.
    expect(annRow).toMatchObject({
      email: "ann.archer@example.com",
      joinedAt: "2026-01-01T10:00:00.000Z",
      orderCount: 4,
      spentCents: 7000,
      lastOrderAt: "2026-04-07T09:00:00.000Z",
      blockedAt: null,
      closedAt: null,
    });
    expect(bobRow).toMatchObject({ orderCount: 0, spentCents: 0, lastOrderAt: null });
    expect(cydRow).toMatchObject({ orderCount: 0, spentCents: 0, lastOrderAt: null });
  });

  it("searches the name (case, width and spacing aside) or the e-mail, anywhere in it", async () => {
    const names = async (search: string) => (await listCustomers({ search, page: 1 })).items.map((c) => c.userName);
    expect(await names("archer")).toEqual(["Ann Archer"]);
    expect(await names("ＢＯＢ")).toEqual(["Bob Baker"]);
    expect(await names("ann   arch")).toEqual(["Ann Archer"]);
    expect(await names("SHOP.TEST")).toEqual(["Cyd 100%"]);
    expect(await names("@example.com")).toEqual(["Bob Baker", "Ann Archer"]);
    // LIKE's wildcards are letters like any other: "%" finds only the name with one, "_" only bob_b.
    expect(await names("100%")).toEqual(["Cyd 100%"]);
    expect(await names("%")).toEqual(["Cyd 100%"]);
    expect(await names("_b")).toEqual(["Bob Baker"]);
    expect(await names("owner")).toEqual([]);
    expect(await listCustomers({ search: "nobody", page: 1 })).toMatchObject({ items: [], total: 0, pageCount: 1 });
  });

  it("pages the list", async () => {
    const first = await listCustomers({ search: "", page: 1 }, 2);
    const second = await listCustomers({ search: "", page: 2 }, 2);
    expect(first).toMatchObject({ total: 3, page: 1, pageCount: 2 });
    expect(first.items.map((c) => c.userName)).toEqual(["Cyd 100%", "Bob Baker"]);
    expect(second.items.map((c) => c.userName)).toEqual(["Ann Archer"]);
    expect((await listCustomers({ search: "", page: 3 }, 2)).items).toEqual([]);
  });

  it("a customer's page has their orders (not the abandoned payment attempts), newest first; an admin is not a customer", async () => {
    const found = await getCustomer(ann.id);
    expect(found?.customer).toMatchObject({ userName: "Ann Archer", orderCount: 4, spentCents: 7000 });
    expect(found?.orders.map((o) => o.items[0]!.title)).toEqual(["Boots", "Cap", "Tee", "Coat"]);
    expect(await getCustomer(admin.id)).toBeNull();
    expect(await getCustomer(newId())).toBeNull();
  });

  it("a guest's record (issue 51) is no customer: not listed, not found, not blockable", async () => {
    expect((await listCustomers({ search: "", page: 1 })).items.some((c) => c.id === guestId)).toBe(false);
    expect((await listCustomers({ search: "gus", page: 1 })).items).toEqual([]);
    expect((await listCustomers({ search: "guest.invalid", page: 1 })).items).toEqual([]);
    expect(await getCustomer(guestId)).toBeNull();
    expect(await blockCustomer(guestId)).toEqual({ ok: false, status: 404, message: CUSTOMER_NOT_FOUND });
    expect(await unblockCustomer(guestId)).toEqual({ ok: false, status: 404, message: CUSTOMER_NOT_FOUND });
  });
});

describe("blocking", () => {
  it("ends every session of the account at once, refuses its sign-in after the password check, and unblocking lets it in again", async () => {
    const dee = await shopper("Dee Dent");
    const phone = await signIn(dee.email);
    const laptop = await signIn(dee.email);
    expect(await getSessionUser(requestWith(phone.cookie))).toMatchObject({ id: dee.id });

    expect(await blockCustomer(dee.id)).toEqual({ ok: true, message: "Dee Dent is blocked and signed out everywhere." });
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", dee.id).execute()).toEqual([]);
    expect(await getSessionUser(requestWith(phone.cookie))).toBeNull();
    expect(await getSessionUser(requestWith(laptop.cookie))).toBeNull();
    const { blockedAt } = (await getCustomer(dee.id))!.customer;
    expect(blockedAt).not.toBeNull();

    // Only the right password learns of the block; the wrong one reads as ever.
    expect(await signIn(dee.email, "not the password")).toMatchObject({ ok: false, status: 400, message: INVALID_LOGIN });
    expect(await signIn(dee.email)).toMatchObject({ ok: false, status: 403, message: ACCOUNT_BLOCKED });
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", dee.id).execute()).toEqual([]);

    // Blocking again changes nothing, not even the date.
    expect((await blockCustomer(dee.id)).ok).toBe(true);
    expect((await getCustomer(dee.id))!.customer.blockedAt).toBe(blockedAt);

    expect(await unblockCustomer(dee.id)).toEqual({ ok: true, message: "Dee Dent is unblocked and can sign in again." });
    expect((await getCustomer(dee.id))!.customer.blockedAt).toBeNull();
    const again = await signIn(dee.email);
    expect(again.ok).toBe(true);
    expect(await getSessionUser(requestWith(again.cookie))).toMatchObject({ id: dee.id });
  });

  it("a session row of a blocked account opens nothing, should one be written after the block (a sign-in racing it)", async () => {
    const eve = await shopper("Eve Ebb");
    const session = await signIn(eve.email);
    await db.updateTable("users").set({ blocked_at: new Date().toISOString() }).where("id", "=", eve.id).execute();
    expect(await getSessionUser(requestWith(session.cookie))).toBeNull();
    await db.updateTable("users").set({ blocked_at: null, closed_at: new Date().toISOString() }).where("id", "=", eve.id).execute();
    expect(await getSessionUser(requestWith(session.cookie))).toBeNull();
  });

  it("refuses an admin (403), an unknown account (404) and a closed one (409), changing nothing", async () => {
    const adminSession = await signIn(admin.email);
    expect(await blockCustomer(admin.id)).toEqual({ ok: false, status: 403, message: ADMIN_NOT_BLOCKABLE });
    expect(await unblockCustomer(admin.id)).toEqual({ ok: false, status: 403, message: ADMIN_NOT_BLOCKABLE });
    const row = await db.selectFrom("users").select("blocked_at").where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(row.blocked_at).toBeNull();
    expect(await getSessionUser(requestWith(adminSession.cookie))).toMatchObject({ id: admin.id, role: "admin" });
    expect(await blockCustomer(newId())).toEqual({ ok: false, status: 404, message: CUSTOMER_NOT_FOUND });
    expect(await unblockCustomer(newId())).toEqual({ ok: false, status: 404, message: CUSTOMER_NOT_FOUND });

    const fay = await shopper("Fay Fern");
    await insertOrder(fay.id, [{ title: "Hat", quantity: 1, unitPriceCents: 2500 }], { paymentStatus: "paid" });
    // What closing the account leaves (accounts/close.server.ts): the id, its orders, a date.
    await db
      .updateTable("users")
      .set({
        closed_at: new Date().toISOString(),
        user_name: FORMER_CUSTOMER,
        user_name_key: `#closed:${fay.id}`,
        email: `${fay.id}@closed.invalid`,
      })
      .where("id", "=", fay.id)
      .execute();
    expect(await blockCustomer(fay.id)).toEqual({ ok: false, status: 409, message: CLOSED_NOT_CHANGEABLE });
    const closed = (await getCustomer(fay.id))!.customer;
    expect(closed).toMatchObject({ userName: FORMER_CUSTOMER, email: "", orderCount: 1, spentCents: 2500, blockedAt: null });
    expect(closed.closedAt).not.toBeNull();
    // Listed (newest first), but what stands in for its name and e-mail finds nothing.
    expect((await listCustomers({ search: "", page: 1 })).items[0]).toMatchObject({ id: fay.id, userName: FORMER_CUSTOMER });
    for (const search of ["closed", fay.id, "fay"]) expect((await listCustomers({ search, page: 1 })).items).toEqual([]);
  });
});
