import { randomBytes } from "node:crypto";
import pg from "pg";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { registerUser } from "~/server/accounts/users.server";
import { blockCustomer, unblockCustomer } from "~/server/admin/customers.server";
import { db } from "~/server/database/db.server";
import { saveSettings } from "~/server/settings/settings.server";
import { productWith } from "#tests/support/catalog";
import { insertOrder } from "#tests/support/orders";
import { addToCart, getCart, type CartOwner, type VisitorCart } from "./cart.server";
import {
  cartReminderNumbers,
  optInCartReminder,
  remindedCartOfLink,
  restoreRemindedCart,
  sweepCartReminders,
  unsubscribeCartReminders,
  unsubscribeTarget,
} from "./reminders.server";
import { readVisitorCart } from "./visitor-cart.server";

// A cart left behind (issue 51): one reminder through the outbox, after the owner's N hours, to
// those who may get one, with a link that gives the cart back and one that stops reminders.

const HOUR = 3_600_000;
let product: { id: string; title: string };

beforeAll(async () => {
  product = await productWith([{ size: "M", stock: 50 }]);
});
beforeEach(async () => {
  await saveSettings({ cartReminders: true, cartReminderHours: 4 });
});

async function newShopper() {
  const name = `r${randomBytes(5).toString("hex")}`;
  const result = await registerUser({ userName: name, email: `${name}@example.com`, password: "password123" });
  if (!result.ok) throw new Error(result.message);
  return result.user;
}
const newVisitor = (): VisitorCart => ({ visitorKey: randomBytes(32).toString("hex") });

/** Puts a line in the owner's cart and makes its last change `hours` ago. */
async function leftCart(owner: CartOwner, hours: number) {
  expect(await addToCart(owner, product.id, 1)).toMatchObject({ ok: true });
  await age(owner, hours);
}
async function age(owner: CartOwner, hours: number) {
  const at = new Date(Date.now() - hours * HOUR).toISOString();
  const query = db.updateTable("carts").set({ updated_at: at });
  await (typeof owner === "string" ? query.where("user_id", "=", owner) : query.where("visitor_key", "=", owner.visitorKey)).execute();
}
const remindersTo = (email: string) =>
  db
    .selectFrom("outbox")
    .select(["recipient", "subject", "text_body", "html_body"])
    .where("kind", "=", "cart-reminder")
    .where("recipient", "=", email)
    .execute();
const restoreToken = (text: string) => /\/reminders\/cart\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? "";
const unsubscribeToken = (text: string) => /\/reminders\/unsubscribe\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? "";

describe("the reminder sweep", () => {
  it("sends a shopper one reminder of their cart's lines once it is N hours old, never a second one for that cart", async () => {
    const shopper = await newShopper();
    await leftCart(shopper.id, 3);
    await sweepCartReminders();
    expect(await remindersTo(shopper.email)).toHaveLength(0);

    await age(shopper.id, 5);
    await sweepCartReminders();
    const [mail, ...more] = await remindersTo(shopper.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toMatch(/^You left something in your cart at /);
    expect(mail!.text_body).toContain(`1 x ${product.title} (M) at $20.00`);
    expect(restoreToken(mail!.text_body)).not.toBe("");
    expect(unsubscribeToken(mail!.text_body)).not.toBe("");
    expect(mail!.html_body).toContain(product.title);

    await sweepCartReminders();
    // Changed after its reminder and left again: still the one reminder.
    await leftCart(shopper.id, 6);
    await sweepCartReminders();
    expect(await remindersTo(shopper.email)).toHaveLength(1);
  });

  it("sends nothing while the owner has reminders off, and follows the owner's hours", async () => {
    const shopper = await newShopper();
    await leftCart(shopper.id, 5);
    await saveSettings({ cartReminders: false });
    await sweepCartReminders();
    expect(await remindersTo(shopper.email)).toHaveLength(0);

    await saveSettings({ cartReminders: true, cartReminderHours: 6 });
    await sweepCartReminders();
    expect(await remindersTo(shopper.email)).toHaveLength(0);
    await saveSettings({ cartReminderHours: 5 });
    await sweepCartReminders();
    expect(await remindersTo(shopper.email)).toHaveLength(1);
  });

  it("leaves a cart alone once it is a week past the owner's hours (turning reminders on mails no old carts)", async () => {
    const shopper = await newShopper();
    await leftCart(shopper.id, 4 + 7 * 24 + 1);
    await sweepCartReminders();
    expect(await remindersTo(shopper.email)).toHaveLength(0);
  });

  it("never mails a blocked or a closed account", async () => {
    const blocked = await newShopper();
    await leftCart(blocked.id, 5);
    expect(await blockCustomer(blocked.id)).toMatchObject({ ok: true });
    const closed = await newShopper();
    await leftCart(closed.id, 5);
    await db.updateTable("users").set({ closed_at: new Date().toISOString() }).where("id", "=", closed.id).execute();
    await sweepCartReminders();
    expect(await remindersTo(blocked.email)).toHaveLength(0);
    expect(await remindersTo(closed.email)).toHaveLength(0);

    // What held it back was the block.
    expect(await unblockCustomer(blocked.id)).toMatchObject({ ok: true });
    await sweepCartReminders();
    expect(await remindersTo(blocked.email)).toHaveLength(1);
  });

  it("never mails after the shopper paid an order placed since the cart's last change", async () => {
    const paidSince = await newShopper();
    await leftCart(paidSince.id, 5);
    await insertOrder(paidSince.id, [{ title: "Tee", quantity: 1, unitPriceCents: 2000 }], {
      paymentStatus: "paid",
      at: new Date(Date.now() - 2 * HOUR).toISOString(),
    });
    const paidBefore = await newShopper();
    await leftCart(paidBefore.id, 5);
    await insertOrder(paidBefore.id, [{ title: "Tee", quantity: 1, unitPriceCents: 2000 }], {
      paymentStatus: "paid",
      at: new Date(Date.now() - 6 * HOUR).toISOString(),
    });
    const abandonedSince = await newShopper();
    await leftCart(abandonedSince.id, 5);
    await insertOrder(abandonedSince.id, [{ title: "Tee", quantity: 1, unitPriceCents: 2000 }], {
      paymentStatus: "cancelled",
      at: new Date(Date.now() - 2 * HOUR).toISOString(),
    });
    await sweepCartReminders();
    expect(await remindersTo(paidSince.email)).toHaveLength(0);
    expect(await remindersTo(paidBefore.email)).toHaveLength(1);
    expect(await remindersTo(abandonedSince.email)).toHaveLength(1);
  });

  it("mails a visitor's cart only when the guest gave an e-mail and asked for a reminder", async () => {
    const visitor = newVisitor();
    const email = `guest-${randomBytes(4).toString("hex")}@example.com`;
    await leftCart(visitor, 5);
    await sweepCartReminders();
    expect(await db.selectFrom("cart_reminders").select("id").where("email", "=", email).execute()).toHaveLength(0);

    expect(await optInCartReminder(newVisitor(), email)).toBe(false);
    expect(await optInCartReminder(visitor, email)).toBe(true);
    await age(visitor, 5);
    await sweepCartReminders();
    const [mail, ...more] = await remindersTo(email);
    expect(more).toHaveLength(0);
    expect(mail!.text_body).toMatch(/^Hello,\n/);
  });

  it("sends one reminder when two sweeps run at once", async () => {
    // Truly concurrent only on PostgreSQL (TEST_DATABASE_URL): there the two sweeps' transactions
    // overlap and the row locks and the unique (cart_id, round) decide. On SQLite one process has one
    // connection and each write transaction holds the database's write lock, so the sweeps take
    // turns and this checks only that the second finds nothing left to send.
    const shoppers = await Promise.all([newShopper(), newShopper(), newShopper()]);
    for (const shopper of shoppers) await leftCart(shopper.id, 5);
    await Promise.all([sweepCartReminders(), sweepCartReminders(), sweepCartReminders()]);
    for (const shopper of shoppers) expect(await remindersTo(shopper.email)).toHaveLength(1);
  });
});

describe("a cart being paid for", () => {
  const tee = [{ title: "Tee", quantity: 1, unitPriceCents: 2000 }];

  it("waits while its owner is on the payment page (an order pending for less than an hour), then gets its reminder", async () => {
    const shopper = await newShopper();
    await leftCart(shopper.id, 5);
    // Placed after the cart's last change, now: the shopper is on PayPal's page.
    await insertOrder(shopper.id, tee, { paymentStatus: "pending" });
    await sweepCartReminders();
    expect(await remindersTo(shopper.email)).toHaveLength(0);
    // Skipped this round, not forever: an hour on, still not paid, the reminder goes.
    await sweepCartReminders(new Date(Date.now() + 61 * 60_000));
    expect(await remindersTo(shopper.email)).toHaveLength(1);
  });

  it.runIf(!!process.env.DATABASE_URL)(
    "is not reminded when its payment is being recorded as the sweep reaches it (PostgreSQL)",
    async () => {
      const shopper = await newShopper();
      await leftCart(shopper.id, 5);
      // A capture in progress: it holds the cart's key (capture.server.ts), marks the order paid and empties the cart.
      const capture = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await capture.connect();
      try {
        await capture.query("begin");
        await capture.query("select pg_advisory_xact_lock(hashtext('cart'), hashtext($1))", [shopper.id]);
        const sweep = sweepCartReminders();
        // The sweep waits for the cart's key (a condition, read from PostgreSQL's lock table).
        await vi.waitFor(
          async () => {
            const { rows } = await capture.query("select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted");
            expect(rows[0].n).toBeGreaterThan(0);
          },
          { timeout: 5_000, interval: 20 },
        );
        const orderId = await insertOrder(shopper.id, tee, { paymentStatus: "pending" });
        await capture.query("update orders set payment_status = 'paid' where id = $1", [orderId]);
        await capture.query("delete from cart_items where cart_id = (select id from carts where user_id = $1)", [shopper.id]);
        await capture.query("commit");
        await sweep;
      } finally {
        await capture.end();
      }
      expect(await remindersTo(shopper.email)).toHaveLength(0);
    },
  );
});

describe("a cart reminded again", () => {
  const tee = [{ title: "Tee", quantity: 1, unitPriceCents: 2000 }];
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
  /** The cart's reminders moved `hours` into the past (as if sent then), and the cart's last-reminded time with them. */
  async function backdateReminders(cartOf: { user_id?: string; email?: string }, hours: number) {
    let query = db.updateTable("cart_reminders").set({ created_at: hoursAgo(hours) });
    query = cartOf.user_id ? query.where("user_id", "=", cartOf.user_id) : query.where("email", "=", cartOf.email!);
    await query.execute();
    let cart = db.updateTable("carts").set({ reminded_at: hoursAgo(hours) });
    cart = cartOf.user_id ? cart.where("user_id", "=", cartOf.user_id) : cart.where("reminder_email", "=", cartOf.email!);
    await cart.execute();
  }
  /** What checkout does to the cart when the order is paid: its lines go. */
  async function checkedOut(owner: CartOwner) {
    const cart = await db
      .selectFrom("carts")
      .select("id")
      .where((eb) => (typeof owner === "string" ? eb("user_id", "=", owner) : eb("visitor_key", "=", owner.visitorKey)))
      .executeTakeFirstOrThrow();
    await db.deleteFrom("cart_items").where("cart_id", "=", cart.id).execute();
  }

  it("gets one more reminder after its owner paid an order placed since the last one, and not before", async () => {
    const shopper = await newShopper();
    await leftCart(shopper.id, 40);
    await sweepCartReminders();
    expect(await remindersTo(shopper.email)).toHaveLength(1);
    await backdateReminders({ user_id: shopper.id }, 36);

    // Changed after the reminder, no order since: still the one.
    await leftCart(shopper.id, 30);
    await sweepCartReminders();
    expect(await remindersTo(shopper.email)).toHaveLength(1);
    // An order paid before the reminder, or one placed after it but not paid, does not end the cart.
    await insertOrder(shopper.id, tee, { paymentStatus: "paid", at: hoursAgo(38) });
    await insertOrder(shopper.id, tee, { paymentStatus: "cancelled", at: hoursAgo(32) });
    await sweepCartReminders();
    expect(await remindersTo(shopper.email)).toHaveLength(1);

    // Paid an order after the reminder (checkout empties the cart), then filled it and left it again.
    await insertOrder(shopper.id, tee, { paymentStatus: "paid", at: hoursAgo(20) });
    await checkedOut(shopper.id);
    await leftCart(shopper.id, 5);
    // Two sweeps at once: the new reminder is sent once.
    await Promise.all([sweepCartReminders(), sweepCartReminders()]);
    const mails = await remindersTo(shopper.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text_body).toContain(`1 x ${product.title} (M) at $20.00`);
    const rounds = await db.selectFrom("cart_reminders").select("round").where("user_id", "=", shopper.id).orderBy("round").execute();
    expect(rounds.map((r) => r.round)).toEqual([1, 2]);

    // And that new filling, changed again without an order, gets no third.
    await sweepCartReminders();
    await leftCart(shopper.id, 6);
    await sweepCartReminders();
    expect(await remindersTo(shopper.email)).toHaveLength(2);
  });

  it("is a visitor's again after an order paid with the reminded address", async () => {
    const payer = await newShopper();
    const visitor = newVisitor();
    const email = `guest-${randomBytes(4).toString("hex")}@example.com`;
    await leftCart(visitor, 40);
    await optInCartReminder(visitor, email);
    await age(visitor, 40);
    await sweepCartReminders();
    await backdateReminders({ email }, 36);
    await leftCart(visitor, 30);
    await sweepCartReminders();
    expect(await remindersTo(email)).toHaveLength(1);

    await insertOrder(payer.id, tee, { paymentStatus: "paid", at: hoursAgo(20), customer_email: email.toUpperCase() });
    await checkedOut(visitor);
    await leftCart(visitor, 5);
    await sweepCartReminders();
    await sweepCartReminders();
    expect(await remindersTo(email)).toHaveLength(2);
  });
});

describe("the reminder's links", () => {
  it("give a visitor's cart to the browser that follows the link", async () => {
    const visitor = newVisitor();
    const email = `guest-${randomBytes(4).toString("hex")}@example.com`;
    await leftCart(visitor, 1);
    await optInCartReminder(visitor, email);
    await age(visitor, 5);
    await sweepCartReminders();
    const [mail] = await remindersTo(email);
    const token = restoreToken(mail!.text_body);

    expect(await restoreRemindedCart(token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"), null)).toEqual({ kind: "invalid" });
    // Opening the link (a mail scanner, a link preview, an <img> on someone's page) only shows the lines.
    expect(await remindedCartOfLink(token, null)).toEqual({
      kind: "cart",
      visitor: true,
      lines: [expect.objectContaining({ title: product.title, size: "M", quantity: 1, unitPriceCents: 2000 })],
    });
    expect(await remindedCartOfLink(token, null)).toMatchObject({ kind: "cart" });
    expect((await getCart(visitor)).items.map((i) => i.title)).toEqual([product.title]);
    expect(await db.selectFrom("cart_reminders").select("restored_at").where("email", "=", email).execute()).toEqual([
      { restored_at: null },
    ]);

    const restored = await restoreRemindedCart(token, null);
    if (restored.kind !== "visitor") throw new Error(`restored: ${restored.kind}`);
    const cookie = restored.setCookie.split(";")[0]!;
    const owner = await readVisitorCart(new Request("http://shop.test/shop/cart", { headers: { Cookie: cookie } }));
    expect(owner).not.toBeNull();
    expect((await getCart(owner!)).items.map((i) => [i.title, i.quantity])).toEqual([[product.title, 1]]);
    // The browser that left it no longer opens it.
    expect((await getCart(visitor)).items).toEqual([]);
  });

  it("open an account's cart for that account only, after sign-in", async () => {
    const shopper = await newShopper();
    const other = await newShopper();
    await leftCart(shopper.id, 5);
    await sweepCartReminders();
    const token = restoreToken((await remindersTo(shopper.email))[0]!.text_body);
    expect(await remindedCartOfLink(token, null)).toEqual({ kind: "signIn" });
    expect(await remindedCartOfLink(token, { id: other.id, role: "user" })).toEqual({ kind: "otherAccount" });
    expect(await remindedCartOfLink(token, { id: shopper.id, role: "user" })).toMatchObject({ kind: "cart", visitor: false });
    expect(await restoreRemindedCart(token, null)).toEqual({ kind: "signIn" });
    expect(await restoreRemindedCart(token, { id: other.id, role: "user" })).toEqual({ kind: "otherAccount" });
    expect(await restoreRemindedCart(token, { id: shopper.id, role: "user" })).toEqual({ kind: "account" });
    const [row] = await db.selectFrom("cart_reminders").select("restored_at").where("user_id", "=", shopper.id).execute();
    expect(row!.restored_at).not.toBeNull();
  });

  it("expire 14 days after the reminder, and once an order of the shopper was paid after it", async () => {
    const shopper = await newShopper();
    await leftCart(shopper.id, 5);
    await sweepCartReminders();
    const token = restoreToken((await remindersTo(shopper.email))[0]!.text_body);
    const me = { id: shopper.id, role: "user" };
    const inDays = (days: number) => new Date(Date.now() + days * 24 * HOUR);
    expect(await remindedCartOfLink(token, me, inDays(13))).toMatchObject({ kind: "cart" });
    // (A minute past: the shop's stamps are unique, so they may run a few milliseconds ahead of the clock.)
    expect(await remindedCartOfLink(token, me, inDays(14.001))).toEqual({ kind: "expired" });
    expect(await restoreRemindedCart(token, me, inDays(14.001))).toEqual({ kind: "expired" });
    // Paid for (the round ended): expired now, whoever opens it.
    await insertOrder(shopper.id, [{ title: "Tee", quantity: 1, unitPriceCents: 2000 }], { paymentStatus: "paid" });
    expect(await remindedCartOfLink(token, me)).toEqual({ kind: "expired" });
    expect(await remindedCartOfLink(token, null)).toEqual({ kind: "expired" });
    expect(await restoreRemindedCart(token, me)).toEqual({ kind: "expired" });

    // A visitor's, by an order paid with the reminded address.
    const visitor = newVisitor();
    const email = `guest-${randomBytes(4).toString("hex")}@example.com`;
    await leftCart(visitor, 1);
    await optInCartReminder(visitor, email);
    await age(visitor, 5);
    await sweepCartReminders();
    const visitorToken = restoreToken((await remindersTo(email))[0]!.text_body);
    expect(await remindedCartOfLink(visitorToken, null)).toMatchObject({ kind: "cart" });
    await insertOrder(shopper.id, [{ title: "Tee", quantity: 1, unitPriceCents: 2000 }], {
      paymentStatus: "paid",
      customer_email: email.toUpperCase(),
    });
    expect(await restoreRemindedCart(visitorToken, null)).toEqual({ kind: "expired" });
    // The cart stayed where it was.
    expect((await getCart(visitor)).items).toHaveLength(1);
  });

  it("stop reminders to that address; a tampered link is refused and stops nothing", async () => {
    const email = `guest-${randomBytes(4).toString("hex")}@example.com`;
    const first = newVisitor();
    await leftCart(first, 1);
    await optInCartReminder(first, email);
    await age(first, 5);
    await sweepCartReminders();
    const token = unsubscribeToken((await remindersTo(email))[0]!.text_body);

    for (const tampered of [token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"), token.slice(1), `${token}x`, "", "../../x"]) {
      expect(await unsubscribeTarget(tampered)).toBeNull();
      expect(await unsubscribeCartReminders(tampered)).toBe(false);
    }
    expect(await db.selectFrom("cart_reminder_stops").select("subject").where("subject", "=", `email:${email}`).execute()).toEqual([]);

    expect(await unsubscribeTarget(token)).toEqual({ email });
    expect(await unsubscribeCartReminders(token)).toBe(true);
    expect(await unsubscribeCartReminders(token)).toBe(true);
    // A later cart of that address, even written in capitals, gets none.
    const second = newVisitor();
    await leftCart(second, 1);
    await optInCartReminder(second, email.toUpperCase());
    await age(second, 5);
    await sweepCartReminders();
    expect(await db.selectFrom("cart_reminders").select("id").where("email", "in", [email, email.toUpperCase()]).execute()).toHaveLength(1);
  });
});

describe("the dashboard's figures", () => {
  it("count reminders sent and those a paid order of the same shopper followed", async () => {
    const before = await cartReminderNumbers();
    const buyer = await newShopper();
    const idle = await newShopper();
    await leftCart(buyer.id, 5);
    await leftCart(idle.id, 5);
    await sweepCartReminders();
    // An order paid before the reminder does not count; one after it does.
    await insertOrder(idle.id, [{ title: "Tee", quantity: 1, unitPriceCents: 2000 }], {
      paymentStatus: "paid",
      at: new Date(Date.now() - 3 * HOUR).toISOString(),
    });
    await insertOrder(buyer.id, [{ title: "Tee", quantity: 1, unitPriceCents: 2000 }], { paymentStatus: "paid" });
    const after = await cartReminderNumbers();
    expect(after.map((p) => p.label)).toEqual(["Today", "Last 7 days", "Last 30 days"]);
    for (const [i, period] of after.entries()) {
      expect(period.sent - before[i]!.sent).toBe(2);
      expect(period.followed - before[i]!.followed).toBe(1);
    }
  });
});
