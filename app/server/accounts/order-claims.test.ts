import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { insertOrder } from "#tests/support/orders";
import { CLAIM_LINK_INVALID, CLAIM_OTHER_ACCOUNT } from "~/lib/messages/order-claims";
import { blockCustomer } from "~/server/admin/customers.server";
import { db, newId, now } from "~/server/database/db.server";
import { guestOrderOfLink, newOrderLink } from "~/server/mail/order-links.server";
import { getOrder, listAllOrders } from "~/server/orders/orders.server";
import { claimGuestOrders, claimTarget, offerGuestOrders } from "./order-claims.server";
import { registerUser } from "./users.server";

// Guest orders joining an account (issue 51, item 3): offered by a link e-mailed to the address,
// moved only by that link's button, once, and only the paid orders placed with that address.

const LINE = [{ title: "Shirt", quantity: 1, unitPriceCents: 2500 }];
let serial = 0;

/** A guest's record (as guest checkout makes one) and a paid order of it placed with `email`; answers the order id and its page's link. */
async function guestOrder(email: string, paymentStatus: "paid" | "pending" | "cancelled" = "paid") {
  const id = newId();
  await db
    .insertInto("users")
    .values({
      id,
      // users.user_name is unique (migration 0001): each guest a name of its own here.
      user_name: `Ada Guest ${id}`,
      user_name_key: `#guest:${id}`,
      email: `${id}@guest.invalid`,
      password_hash: "",
      role: "user",
      created_at: now(),
      guest_email: email,
    })
    .execute();
  const orderId = await insertOrder(id, LINE, { paymentStatus, customer_email: email, customer_name: "Ada Guest" });
  const link = await newOrderLink(db, orderId);
  return { guestId: id, orderId, link };
}

async function newAccount(email: string) {
  const result = await registerUser({ userName: `claimer${++serial}`, email, password: "a-good-password" });
  if (!result.ok) throw new Error(result.message);
  return result;
}

/** The token of the newest claim link e-mailed to `email`, read from the outbox. */
async function mailedToken(email: string): Promise<string> {
  const rows = await db
    .selectFrom("outbox")
    .select(["text_body", "subject"])
    .where("kind", "=", "orders-claim")
    .where("recipient", "=", email)
    .orderBy("created_at", "desc")
    .execute();
  const token = /\/auth\/claim-orders\?token=([A-Za-z0-9_-]{43})/.exec(rows[0]?.text_body ?? "")?.[1];
  if (!token) throw new Error(`No claim e-mail to ${email}`);
  return token;
}

const mails = async (email: string) =>
  (await db.selectFrom("outbox").select("subject").where("kind", "=", "orders-claim").where("recipient", "=", email).execute()).map(
    (r) => r.subject,
  );
const ownerOf = async (orderId: string) =>
  (await db.selectFrom("orders").select("user_id").where("id", "=", orderId).executeTakeFirstOrThrow()).user_id;

describe("order claims", () => {
  it("registering offers the paid guest orders of that address by e-mail; only the link's button moves them, once", async () => {
    const mine = [await guestOrder("ada@example.com"), await guestOrder("ADA@Example.com")];
    const pending = await guestOrder("ada@example.com", "pending");
    const abandoned = await guestOrder("ada@example.com", "cancelled");
    const other = await guestOrder("bob@example.com");
    // A discount code's use of one of them goes with it.
    const discountId = newId();
    await db
      .insertInto("discounts")
      .values({ id: discountId, code: "CLAIMTEST", type: "percent", value: 10, created_at: now(), updated_at: now() })
      .execute();
    await db
      .insertInto("discount_uses")
      .values({
        id: newId(),
        discount_id: discountId,
        order_id: mine[0]!.orderId,
        user_id: mine[0]!.guestId,
        status: "used",
        amount_cents: 100,
        created_at: now(),
        updated_at: now(),
      })
      .execute();

    const { user, guestOrders } = await newAccount("ada@example.com");
    expect(guestOrders).toBe(2);
    expect(await mails("ada@example.com")).toEqual(["Add your 2 earlier orders to your account"]);
    // Nothing moved by registering, nor by opening the link (the page asks).
    for (const o of mine) expect(await ownerOf(o.orderId)).toBe(o.guestId);
    const token = await mailedToken("ada@example.com");
    expect(await claimTarget(token, user.id)).toEqual({ email: "ada@example.com", count: 2, forYou: true });
    expect(await claimTarget(token, null)).toEqual({ email: "ada@example.com", count: 2, forYou: false });
    for (const o of mine) expect(await ownerOf(o.orderId)).toBe(o.guestId);
    expect(await guestOrderOfLink(mine[0]!.link)).toEqual({ orderId: mine[0]!.orderId, guestId: mine[0]!.guestId });

    // The owner sees them as a guest's, under the name and e-mail the order recorded.
    expect((await getOrder(mine[0]!.orderId))?.user).toEqual({ userName: "Ada Guest", email: "ada@example.com", guest: true });
    const listed = async () => (await listAllOrders(1, 100)).items.find((o) => o.id === mine[1]!.orderId)?.customer;
    expect(await listed()).toEqual({ userName: "Ada Guest", email: "ADA@Example.com", guest: true });

    // Pressed by anyone but the account it was sent for (another account; someone who registered
    // with this address is that account, so the address's holder pressing it signed in elsewhere
    // moves nothing): refused, and the link still works for its account.
    const stranger = await newAccount("stranger@example.com");
    expect(await claimGuestOrders(token, stranger.user.id)).toEqual({ ok: false, status: 403, message: CLAIM_OTHER_ACCOUNT });
    for (const o of mine) expect(await ownerOf(o.orderId)).toBe(o.guestId);
    expect(await claimGuestOrders(token, user.id)).toEqual({ ok: true, userId: user.id, count: 2 });
    expect((await getOrder(mine[0]!.orderId, user.id))?.user).toEqual({ userName: "Ada Guest", email: "ada@example.com", guest: false });
    expect(await listed()).toEqual({ userName: "Ada Guest", email: "ADA@Example.com", guest: false });
    for (const o of mine) expect(await ownerOf(o.orderId)).toBe(user.id);
    expect(
      (await db.selectFrom("discount_uses").select("user_id").where("order_id", "=", mine[0]!.orderId).executeTakeFirstOrThrow()).user_id,
    ).toBe(user.id);
    // Another address's order, a payment still pending and an abandoned attempt stay the guest's.
    expect(await ownerOf(other.orderId)).toBe(other.guestId);
    expect(await ownerOf(pending.orderId)).toBe(pending.guestId);
    expect(await ownerOf(abandoned.orderId)).toBe(abandoned.guestId);
    // The old links to the claimed orders' page stop working; the others' still work.
    for (const o of mine) expect(await guestOrderOfLink(o.link)).toBeNull();
    expect(await guestOrderOfLink(other.link)).toEqual({ orderId: other.orderId, guestId: other.guestId });
    // Used: refused again, and the page says so.
    expect(await claimGuestOrders(token, user.id)).toEqual({ ok: false, status: 410, message: CLAIM_LINK_INVALID });
    expect(await claimTarget(token, user.id)).toBeNull();
  });

  it("signing in offers them too, at most one link a day; none without guest orders, nor to an admin", async () => {
    const { user } = await newAccount("cy@example.com");
    expect(await mails("cy@example.com")).toEqual([]);
    await guestOrder("cy@example.com");
    expect(await offerGuestOrders(user)).toBe(1);
    expect(await offerGuestOrders(user)).toBe(1);
    expect(await mails("cy@example.com")).toEqual(["Add your earlier order to your account"]);
    // A day on, with the link unused, another is sent; each works until used or expired.
    await db
      .updateTable("order_claims")
      .set({ created_at: new Date(Date.now() - 24 * 60 * 60_000 - 60_000).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    expect(await offerGuestOrders(user)).toBe(1);
    expect(await mails("cy@example.com")).toHaveLength(2);
    expect(await offerGuestOrders({ ...user, role: "admin" })).toBe(0);
  });

  it("refuses a tampered, expired or unknown token, and a blocked account's or a changed address's link", async () => {
    for (const token of ["", "short", "x".repeat(43), "%".repeat(43)])
      expect(await claimGuestOrders(token, "0".repeat(24))).toMatchObject({ ok: false, status: 410 });
    const expired = await guestOrder("dee@example.com");
    const dee = await newAccount("dee@example.com");
    const token = await mailedToken("dee@example.com");
    await db
      .updateTable("order_claims")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", dee.user.id)
      .execute();
    expect(await claimTarget(token, dee.user.id)).toBeNull();
    expect(await claimGuestOrders(token, dee.user.id)).toMatchObject({ ok: false, status: 410 });
    expect(await ownerOf(expired.orderId)).toBe(expired.guestId);

    const blocked = await guestOrder("eve@example.com");
    const eve = await newAccount("eve@example.com");
    const eveToken = await mailedToken("eve@example.com");
    expect((await blockCustomer(eve.user.id)).ok).toBe(true);
    expect(await claimGuestOrders(eveToken, eve.user.id)).toMatchObject({ ok: false, status: 410 });
    expect(await ownerOf(blocked.orderId)).toBe(blocked.guestId);

    const moved = await guestOrder("fay@example.com");
    const fay = await newAccount("fay@example.com");
    const fayToken = await mailedToken("fay@example.com");
    await db.updateTable("users").set({ email: "fay.new@example.com" }).where("id", "=", fay.user.id).execute();
    expect(await claimGuestOrders(fayToken, fay.user.id)).toMatchObject({ ok: false, status: 410 });
    expect(await ownerOf(moved.orderId)).toBe(moved.guestId);
  });

  it("two processes pressing the button at once move the orders once", { timeout: 60_000 }, async () => {
    const orders = [await guestOrder("gil@example.com"), await guestOrder("gil@example.com"), await guestOrder("gil@example.com")];
    const { user } = await newAccount("gil@example.com");
    const token = await mailedToken("gil@example.com");
    const children = [claimer(token, user.id), claimer(token, user.id)];
    await Promise.all(children.map((c) => c.ready));
    for (const c of children) c.go();
    const results = await Promise.all(children.map((c) => c.result));
    expect(results.filter((r) => r.ok)).toEqual([{ ok: true, userId: user.id, count: 3 }]);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, status: 410, message: CLAIM_LINK_INVALID }]);
    for (const o of orders) expect(await ownerOf(o.orderId)).toBe(user.id);
    expect(await db.selectFrom("order_claims").select("used_at").where("user_id", "=", user.id).execute()).toHaveLength(1);
  });
});

const ROOT = path.resolve(import.meta.dirname, "../../..");

/**
 * Another process on this test's database (its DATA_DIR, or its DATABASE_URL): it opens the shop,
 * says "ready", and on "go" presses the claim button with `token`, printing the outcome.
 */
function claimer(token: string, userId: string) {
  const script = `
    const { startShop, stopShop } = await import("./app/server/platform/start.server.ts");
    const { claimGuestOrders } = await import("./app/server/accounts/order-claims.server.ts");
    await startShop();
    console.log("ready");
    await new Promise((resolve) => process.stdin.once("data", resolve));
    console.log("result " + JSON.stringify(await claimGuestOrders(process.env.CLAIM_TOKEN, process.env.CLAIM_USER)));
    await stopShop();
    process.exit(0);`;
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["--input-type=module", "-e", script], {
    cwd: ROOT,
    env: { ...process.env, CLAIM_TOKEN: token, CLAIM_USER: userId },
  });
  let output = "";
  const lines = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d) => {
      output += d;
      if (output.includes("ready\n")) resolve();
    });
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) => reject(new Error(`claimer exited ${code}: ${output}`)));
  });
  const result = new Promise<{ ok: boolean }>((resolve, reject) =>
    child.on("exit", (code) => {
      const line = /^result (.*)$/m.exec(output)?.[1];
      if (code === 0 && line) resolve(JSON.parse(line));
      else reject(new Error(`claimer exited ${code}: ${output}`));
    }),
  );
  return { ready: lines, go: () => child.stdin.write("go\n"), result };
}
