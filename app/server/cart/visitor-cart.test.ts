import { randomBytes } from "node:crypto";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/database/db.server";
import { registerUser } from "~/server/accounts/users.server";
import { productWith } from "#tests/support/catalog";
import { VISITOR_CART_FULL, joinedUpTo, joinedUpToMax, lineHoldsAtMost } from "~/lib/messages/cart";
import {
  VISITOR_CART_MAX_LINES,
  addToCart,
  cartLineIds,
  getCart,
  joinVisitorCart,
  removeFromCart,
  sweepVisitorCarts,
  updateCartQuantity,
  type VisitorCart,
} from "./cart.server";

// A visitor's cart in an open shop (issue 40): the same rules as an account's, its own lines, and
// at sign-in it joins the account's cart exactly once.

const visitor = (): VisitorCart => ({ visitorKey: randomBytes(32).toString("hex") });
const stillInUse = () => new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString();

let shopper: string;
const newShopper = async () => {
  const name = `v${randomBytes(4).toString("hex")}`;
  const result = await registerUser({ userName: name, email: `${name}@example.com`, password: "password123" });
  if (!result.ok) throw new Error("setup");
  return result.user.id;
};
beforeAll(async () => {
  shopper = await newShopper();
});

describe("a visitor's cart", () => {
  it("keeps its own lines, with the stock rules of any cart", async () => {
    const tee = await productWith([{ size: "M", stock: 3 }]);
    const mine = visitor();
    const theirs = visitor();
    expect(await addToCart(mine, tee.id, 2)).toEqual({ ok: true, quantity: 2 });
    expect(await addToCart(mine, tee.id, 2)).toMatchObject({ ok: false, status: 409 });
    expect(await updateCartQuantity(mine, tee.id, 3)).toEqual({ ok: true, quantity: 3 });
    expect(await cartLineIds(theirs)).toEqual([]);
    expect((await getCart(theirs)).items).toEqual([]);
    expect(await cartLineIds(shopper)).toEqual([]);
    expect((await getCart(mine)).items.map((i) => [i.title, i.quantity])).toEqual([[tee.title, 3]]);
    expect(await removeFromCart(theirs, tee.id)).toBe(false);
    expect(await removeFromCart(mine, tee.id)).toBe(true);
    expect(await cartLineIds(mine)).toEqual([]);
  });

  it(`holds at most ${VISITOR_CART_MAX_LINES} lines; more of a line already there is fine`, async () => {
    const many = await productWith(Array.from({ length: VISITOR_CART_MAX_LINES + 1 }, (_, i) => ({ size: "M", color: `C${i}`, stock: 5 })));
    const cart = visitor();
    for (const v of many.variants.slice(0, VISITOR_CART_MAX_LINES)) {
      expect(await addToCart(cart, many.id, 1, { variantId: v.id })).toMatchObject({ ok: true });
    }
    const last = many.variants.at(-1)!;
    expect(await addToCart(cart, many.id, 1, { variantId: last.id })).toEqual({ ok: false, status: 409, message: VISITOR_CART_FULL });
    expect(await addToCart(cart, many.id, 1, { variantId: many.variants[0]!.id })).toEqual({ ok: true, quantity: 2 });
    // An account's cart has no such bound.
    const account = await newShopper();
    for (const v of many.variants) expect(await addToCart(account, many.id, 1, { variantId: v.id })).toMatchObject({ ok: true });
  });
});

describe("joining a visitor's cart at sign-in", () => {
  it("adds its quantities to the account's, capped at stock with a notice, and is gone after", async () => {
    const account = await newShopper();
    const shirt = await productWith([
      { size: "S", stock: 4 },
      { size: "M", stock: 10 },
    ]);
    const [small, medium] = shirt.variants;
    await addToCart(account, shirt.id, 3, { variantId: small!.id });
    const cart = visitor();
    await addToCart(cart, shirt.id, 2, { variantId: small!.id });
    await addToCart(cart, shirt.id, 1, { variantId: medium!.id });

    const joined = await joinVisitorCart(cart.visitorKey, account, stillInUse());
    expect(joined).toEqual({ lines: 2, notices: [joinedUpTo(shirt.title, "S", 4)] });
    const lines = (await getCart(account)).items.map((i) => [i.size, i.quantity]);
    expect(lines).toEqual([
      ["S", 4],
      ["M", 1],
    ]);
    // The visitor's cart is gone: a second sign-in with the same cookie adds nothing.
    expect(await joinVisitorCart(cart.visitorKey, account, stillInUse())).toBeNull();
    expect(await db.selectFrom("carts").select("id").where("visitor_key", "=", cart.visitorKey).execute()).toEqual([]);
    expect((await getCart(account)).items.map((i) => i.quantity)).toEqual([4, 1]);
  });

  it("never takes a line past 999, though the stock would allow more (issue 48)", async () => {
    const account = await newShopper();
    const plenty = await productWith([
      { size: "S", stock: 5000 },
      { size: "M", stock: 5000 },
    ]);
    const [small, medium] = plenty.variants;
    // An add that would take a line past 999 is refused, saying how many more fit.
    expect(await addToCart(account, plenty.id, 600, { variantId: small!.id })).toEqual({ ok: true, quantity: 600 });
    expect(await addToCart(account, plenty.id, 600, { variantId: small!.id })).toEqual({
      ok: false,
      status: 409,
      message: lineHoldsAtMost(999, 399),
    });
    const cart = visitor();
    await addToCart(cart, plenty.id, 999, { variantId: small!.id });
    await addToCart(cart, plenty.id, 999, { variantId: medium!.id });
    expect(await addToCart(cart, plenty.id, 1, { variantId: medium!.id })).toMatchObject({ ok: false, status: 409 });

    // Joined: 600 + 999 is held as 999, with a notice; the line only the visitor had stays 999.
    const joined = await joinVisitorCart(cart.visitorKey, account, stillInUse());
    expect(joined).toEqual({ lines: 2, notices: [joinedUpToMax(plenty.title, "S", 999)] });
    expect((await getCart(account)).items.map((i) => [i.size, i.quantity])).toEqual([
      ["S", 999],
      ["M", 999],
    ]);
  });

  it("joins once when two sign-ins with the same cookie arrive at once", async () => {
    const account = await newShopper();
    const socks = await productWith([{ size: "One size", stock: 50 }]);
    const cart = visitor();
    await addToCart(cart, socks.id, 3);
    const results = await Promise.all([
      joinVisitorCart(cart.visitorKey, account, stillInUse()),
      joinVisitorCart(cart.visitorKey, account, stillInUse()),
      joinVisitorCart(cart.visitorKey, account, stillInUse()),
    ]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect((await getCart(account)).items.map((i) => i.quantity)).toEqual([3]);
  });

  it("drops a line sold out meanwhile, saying so; an unknown key joins nothing", async () => {
    const account = await newShopper();
    const cap = await productWith([{ size: "One size", stock: 2 }]);
    const cart = visitor();
    await addToCart(cart, cap.id, 2);
    await db.updateTable("product_variants").set({ stock: 0 }).where("id", "=", cap.variants[0]!.id).execute();
    expect(await joinVisitorCart(cart.visitorKey, account, stillInUse())).toEqual({ lines: 1, notices: [joinedUpTo(cap.title, "", 0)] });
    expect((await getCart(account)).items).toEqual([]);
    expect(await joinVisitorCart(visitor().visitorKey, account, stillInUse())).toBeNull();
  });

  it("throws away a cart unused for 30 days instead of joining it, and the sweep deletes such carts", async () => {
    const account = await newShopper();
    const belt = await productWith([{ size: "One size", stock: 9 }]);
    const old = visitor();
    const recent = visitor();
    await addToCart(old, belt.id, 1);
    await addToCart(recent, belt.id, 1);
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
    await db.updateTable("carts").set({ updated_at: longAgo }).where("visitor_key", "=", old.visitorKey).execute();
    expect(await joinVisitorCart(old.visitorKey, account, stillInUse())).toEqual({ lines: 0, notices: [] });
    expect((await getCart(account)).items).toEqual([]);

    const older = visitor();
    await addToCart(older, belt.id, 1);
    await db.updateTable("carts").set({ updated_at: longAgo }).where("visitor_key", "=", older.visitorKey).execute();
    expect(await sweepVisitorCarts(stillInUse())).toBeGreaterThanOrEqual(1);
    expect(await cartLineIds(older)).toEqual([]);
    expect(await cartLineIds(recent)).toHaveLength(1);
    // An account's cart is never swept, however old.
    await addToCart(account, belt.id, 1);
    await db.updateTable("carts").set({ updated_at: longAgo }).where("user_id", "=", account).execute();
    await sweepVisitorCarts(stillInUse());
    expect(await cartLineIds(account)).toHaveLength(1);
  });

  it("a cart belongs to an account or a visitor, never both nor neither (the database says so)", async () => {
    const at = new Date().toISOString();
    const row = (over: object) => ({ id: randomBytes(12).toString("hex"), created_at: at, updated_at: at, ...over });
    await expect(
      db
        .insertInto("carts")
        .values(row({ user_id: null, visitor_key: null }))
        .execute(),
    ).rejects.toThrow();
    const account = await newShopper();
    await expect(
      db
        .insertInto("carts")
        .values(row({ user_id: account, visitor_key: "k".repeat(64) }))
        .execute(),
    ).rejects.toThrow();
  });
});

describe.runIf(!!process.env.DATABASE_URL)("two sign-ins with one cart at the same moment (PostgreSQL)", () => {
  it("both wait for the visitor's cart; the first joins it, the second finds it gone", async () => {
    const account = await newShopper();
    const scarf = await productWith([{ size: "One size", stock: 20 }]);
    const cart = visitor();
    await addToCart(cart, scarf.id, 2);
    // Another connection holds the cart's row, so both joins are surely under way before either can finish.
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    const watcher = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([holder.connect(), watcher.connect()]);
    try {
      await holder.query("begin");
      await holder.query("select id from carts where visitor_key = $1 for update", [cart.visitorKey]);
      const joins = Promise.all([0, 1].map(() => joinVisitorCart(cart.visitorKey, account, stillInUse())));
      const waiting = async () =>
        Number(
          (
            await watcher.query<{ n: string }>(
              "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
            )
          ).rows[0]!.n,
        );
      await expect.poll(waiting).toBe(2);
      await holder.query("commit");
      const results = await joins;
      expect(results.filter((r) => r !== null)).toEqual([{ lines: 1, notices: [] }]);
      expect((await getCart(account)).items.map((i) => i.quantity)).toEqual([2]);
    } finally {
      await holder.end();
      await watcher.end();
    }
  });
});
