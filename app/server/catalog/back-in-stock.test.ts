import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/lib/access";
import type { Product } from "~/lib/product";
import { productWith } from "#tests/support/catalog";
import { registerUser } from "~/server/accounts/users.server";
import { applyBulkChange } from "~/server/admin/bulk.server";
import { saveProduct, updateProductIn } from "~/server/admin/products.server";
import { restock } from "~/server/checkout/stock.server";
import { db, newId } from "~/server/database/db.server";
import { reloadSettings } from "~/server/platform/config.server";
import {
  BACK_IN_STOCK_IN_STOCK,
  BACK_IN_STOCK_UNKNOWN,
  claimRestocked,
  expireBackInStock,
  findUnsubscribe,
  subscribeBackInStock,
  sweepBackInStock,
  tooManyWaiting,
  unsubscribeBackInStock,
  waitingCounts,
  waitingVariantsOf,
} from "./back-in-stock.server";

// "E-mail me when it's back" (issue 51): one subscription per size and address while it waits,
// one mail per subscription whichever path puts stock back (or two sweeps at once), and an
// unsubscribe link that works once and only as sent.

// Read on first use (the setup's startShop reads the settings after this module is loaded).
process.env.BACK_IN_STOCK_PER_HOUR = "5";
reloadSettings();

let ipSeq = 0;
/** A client address of its own, so one test's attempts do not count against another's. */
const ip = () => `198.51.100.${++ipSeq}`;
const visitor = (email: string) => ({ variantId: "", email });
const subscribe = (variantId: string, email: string, user: SessionUser | null = null, from = ip()) =>
  subscribeBackInStock({ ...visitor(email), variantId }, { user, ip: from });

const mailsTo = (recipient: string) =>
  db
    .selectFrom("outbox")
    .select(["recipient", "subject", "text_body"])
    .where("kind", "=", "back-in-stock")
    .where("recipient", "=", recipient)
    .execute();
const waitingRows = (variantId: string) =>
  db.selectFrom("back_in_stock").selectAll().where("variant_id", "=", variantId).where("notified_at", "is", null).execute();
const tokenIn = (text: string) => /unsubscribe\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? "";
const variant = (p: Product, size: string) => p.variants.find((v) => v.size === size)!;

/** The owner's form saving the product with these stocks per size. */
async function ownerSetsStock(p: Product, stocks: Record<string, number>) {
  const result = await saveProduct(
    p.id,
    {
      title: p.title,
      description: p.description,
      category: p.category,
      brand: p.brand,
      price: p.priceCents / 100,
      salePrice: 0,
      variants: p.variants.map((v) => ({
        size: v.size,
        color: v.color,
        colorHex: v.colorHex,
        sku: v.sku,
        stock: stocks[v.size] ?? v.stock,
      })),
    },
    null,
  );
  expect(result.ok).toBe(true);
}

let shopper: SessionUser;
beforeAll(async () => {
  const r = await registerUser({ userName: "waiter", email: "Waiter@Example.com", password: "password123" });
  if (!r.ok) throw new Error("setup");
  shopper = { id: r.user.id, userName: "waiter", email: "waiter@example.com", role: "user" };
});

describe("subscribing", () => {
  it("a sold-out size takes a visitor's address once, however often they ask; other sizes and refusals store nothing", async () => {
    const p = await productWith([
      { size: "S", stock: 4 },
      { size: "M", stock: 0 },
    ]);
    const m = variant(p, "M");
    const first = await subscribe(m.id, "ann@example.com");
    expect(first).toMatchObject({ ok: true, message: `We'll e-mail ann@example.com when ${p.title} (M) is back in stock.` });
    expect(await subscribe(m.id, "ann@example.com")).toEqual(first);
    expect(await subscribe(m.id, "bob@example.com")).toMatchObject({ ok: true });
    expect((await waitingRows(m.id)).map((r) => r.email).sort()).toEqual(["ann@example.com", "bob@example.com"]);

    expect(await subscribe(variant(p, "S").id, "ann@example.com")).toEqual({ ok: false, status: 409, message: BACK_IN_STOCK_IN_STOCK });
    expect(await subscribe("0123456789abcdef01234567", "ann@example.com")).toEqual({
      ok: false,
      status: 404,
      message: BACK_IN_STOCK_UNKNOWN,
    });
    expect(await waitingRows(variant(p, "S").id)).toEqual([]);
    expect(await waitingCounts([p.id])).toEqual({ [m.id]: 2 });
  });

  it("a signed-in shopper subscribes with their account's address, whatever address is sent", async () => {
    const p = await productWith([{ size: "L", stock: 0 }]);
    const l = variant(p, "L");
    expect(await subscribe(l.id, "someone-else@example.com", shopper)).toMatchObject({ ok: true, email: "waiter@example.com" });
    expect(await waitingRows(l.id)).toMatchObject([{ email: "waiter@example.com", user_id: shopper.id }]);
  });

  it("one client address gets 5 attempts an hour (BACK_IN_STOCK_PER_HOUR); the rest are refused and store nothing", async () => {
    const p = await productWith([{ size: "XL", stock: 0 }]);
    const xl = variant(p, "XL");
    const from = ip();
    for (let i = 0; i < 5; i++) expect(await subscribe(xl.id, `flood${i}@example.com`, null, from)).toMatchObject({ ok: true });
    const refused = await Promise.all(Array.from({ length: 20 }, (_, i) => subscribe(xl.id, `more${i}@example.com`, null, from)));
    for (const r of refused) expect(r).toMatchObject({ ok: false, status: 429 });
    expect(await waitingRows(xl.id)).toHaveLength(5);
    // Another address is not held back by it.
    expect(await subscribe(xl.id, "neighbour@example.com")).toMatchObject({ ok: true });
  });
});

describe("someone else's address", () => {
  it("a visitor's address waits for at most 10 sizes at once, from however many client addresses; asking again for one of them still answers yes", async () => {
    const p = await productWith(Array.from({ length: 11 }, (_, i) => ({ size: `W${i}`, stock: 0 })));
    // Each call comes from a client address of its own: the per-client limit never bites.
    for (let i = 0; i < 10; i++) expect(await subscribe(variant(p, `W${i}`).id, "Victim@Example.com")).toMatchObject({ ok: true });
    expect(await subscribe(variant(p, "W10").id, "victim@example.com")).toEqual({
      ok: false,
      status: 409,
      message: tooManyWaiting("victim@example.com"),
    });
    expect(await waitingRows(variant(p, "W10").id)).toEqual([]);
    expect(await subscribe(variant(p, "W3").id, "victim@example.com")).toMatchObject({ ok: true });
    expect(await db.selectFrom("back_in_stock").select("id").where("email", "=", "victim@example.com").execute()).toHaveLength(10);
    // Once one is mailed, the address may ask for another.
    await db.transaction().execute((trx) => restock(trx, [{ variantId: variant(p, "W0").id, quantity: 1 }]));
    expect(await mailsTo("victim@example.com")).toHaveLength(1);
    expect(await subscribe(variant(p, "W10").id, "victim@example.com")).toMatchObject({ ok: true });
  });
});

describe("a shopper who changed their address", () => {
  it("still waits for the size (one subscription, by account), and the one mail goes to the new address", async () => {
    const r = await registerUser({ userName: "mover", email: "old-home@example.com", password: "password123" });
    if (!r.ok) throw new Error("setup");
    const before: SessionUser = { id: r.user.id, userName: "mover", email: "old-home@example.com", role: "user" };
    const p = await productWith([{ size: "S", stock: 0 }]);
    const s = variant(p, "S");
    expect(await subscribe(s.id, "", before)).toMatchObject({ ok: true });

    await db.updateTable("users").set({ email: "new-home@example.com" }).where("id", "=", r.user.id).execute();
    const after: SessionUser = { ...before, email: "new-home@example.com" };
    // The page says they wait, so it offers no form for that size; asking anyway is the same subscription.
    expect(await waitingVariantsOf(after.id, p.id)).toEqual([s.id]);
    expect(await subscribe(s.id, "", after)).toMatchObject({ ok: true, email: "new-home@example.com" });
    expect(await waitingRows(s.id)).toHaveLength(1);

    await ownerSetsStock(p, { S: 2 });
    expect(await mailsTo("new-home@example.com")).toHaveLength(1);
    expect(await mailsTo("old-home@example.com")).toEqual([]);
  });
});

describe("the sweep", () => {
  it("deletes subscriptions that have waited more than six months, a batch at a time, and keeps younger ones", async () => {
    const p = await productWith([{ size: "S", stock: 0 }]);
    const s = variant(p, "S");
    const monthsAgo = (months: number) => new Date(Date.now() - months * 30.5 * 86_400_000).toISOString();
    const row = (email: string, created_at: string) => ({
      id: newId(),
      variant_id: s.id,
      email,
      user_id: null,
      token_hash: null,
      created_at,
      notified_at: null,
    });
    await db
      .insertInto("back_in_stock")
      .values([
        row("stale1@example.com", monthsAgo(7)),
        row("stale2@example.com", monthsAgo(7)),
        row("stale3@example.com", monthsAgo(9)),
        row("fresh@example.com", monthsAgo(5)),
      ])
      .execute();
    expect(await expireBackInStock(2)).toBe(2);
    await sweepBackInStock();
    expect((await waitingRows(s.id)).map((r) => r.email)).toEqual(["fresh@example.com"]);
    // Restocked now: only the one still waiting is mailed.
    await ownerSetsStock(p, { S: 1 });
    expect(await mailsTo("fresh@example.com")).toHaveLength(1);
    expect(await mailsTo("stale1@example.com")).toEqual([]);
  });
});

describe("the mail when a size is back", () => {
  it("the owner's edit mails each subscriber once, with the product page on that size and an unsubscribe link", async () => {
    const p = await productWith([
      { size: "S", stock: 0 },
      { size: "M", stock: 0 },
    ]);
    await subscribe(variant(p, "S").id, "edit-s@example.com");
    await subscribe(variant(p, "M").id, "edit-m@example.com");
    await subscribe(variant(p, "S").id, shopper.email, shopper);

    await ownerSetsStock(p, { S: 3 });
    const [mail] = await mailsTo("edit-s@example.com");
    expect(mail!.subject).toBe(`Back in stock: ${p.title} (S)`);
    expect(mail!.text_body).toContain(`/shop/products/${p.handle}?size=S`);
    expect(tokenIn(mail!.text_body)).toHaveLength(43);
    expect(await mailsTo(shopper.email)).toHaveLength(1);
    // M is still sold out: its subscriber waits.
    expect(await mailsTo("edit-m@example.com")).toEqual([]);
    expect(await waitingRows(variant(p, "M").id)).toHaveLength(1);

    // Sold out and back again, and a sweep after: no second mail for the same subscription.
    await ownerSetsStock(p, { S: 0 });
    await ownerSetsStock(p, { S: 5 });
    await sweepBackInStock();
    expect(await mailsTo("edit-s@example.com")).toHaveLength(1);
    expect(await waitingCounts([p.id])).toEqual({ [variant(p, "M").id]: 1 });
  });

  it("a cancellation's restock and a bulk stock change mail in their own transaction", async () => {
    const p = await productWith([
      { size: "S", stock: 0 },
      { size: "M", stock: 0 },
    ]);
    await subscribe(variant(p, "S").id, "cancel@example.com");
    await subscribe(variant(p, "M").id, "bulk@example.com");
    await db.transaction().execute((trx) => restock(trx, [{ variantId: variant(p, "S").id, quantity: 1 }]));
    expect(await mailsTo("cancel@example.com")).toHaveLength(1);
    expect(await mailsTo("bulk@example.com")).toEqual([]);

    const added = await applyBulkChange({ ids: [p.id] }, { kind: "stock-add", value: 2 });
    expect(added).toMatchObject({ ok: true });
    expect(await mailsTo("bulk@example.com")).toHaveLength(1);
    expect(await mailsTo("cancel@example.com")).toHaveLength(1);
  });

  it("an import's update of the product mails in the item's transaction, and nothing when it rolls back", async () => {
    const p = await productWith([{ size: "S", stock: 0 }]);
    await subscribe(variant(p, "S").id, "import@example.com");
    const row = {
      title: p.title,
      description: p.description,
      category: p.category,
      brand: p.brand,
      price_cents: 2000,
      sale_price_cents: 0,
    };
    const variants = [{ size: "S", color: "", colorHex: "", sku: null, stock: 6 }];
    // An item that fails after writing: its transaction, mail included, is thrown away.
    await expect(
      db.transaction().execute(async (trx) => {
        await updateProductIn(trx, p.id, row, { variants, tags: [] });
        throw new Error("the item failed");
      }),
    ).rejects.toThrow("the item failed");
    expect(await mailsTo("import@example.com")).toEqual([]);
    expect(await waitingRows(variant(p, "S").id)).toHaveLength(1);
    await db.transaction().execute((trx) => updateProductIn(trx, p.id, row, { variants, tags: [] }));
    expect(await mailsTo("import@example.com")).toHaveLength(1);
  });

  it("stock put back by a path that claims nothing (plain SQL): two sweeps at once mail each subscriber exactly once", async () => {
    const p = await productWith([{ size: "S", stock: 0 }]);
    const s = variant(p, "S");
    const emails = Array.from({ length: 30 }, (_, i) => `race${i}@example.com`);
    for (const email of emails) expect(await subscribe(s.id, email)).toMatchObject({ ok: true });
    await sql`update product_variants set stock = 2 where id = ${s.id}`.execute(db);

    // Two sweeps with small batches, and two claims in transactions of their own, all at once.
    const claimed = await Promise.all([
      sweepBackInStock(7),
      sweepBackInStock(5),
      db.transaction().execute((trx) => claimRestocked(trx, [s.id], 4)),
      db.transaction().execute((trx) => claimRestocked(trx, undefined, 9)),
    ]);
    // Whatever a claimer passed over (rows another held), a later sweep takes.
    const after = await sweepBackInStock();
    expect(claimed.reduce((a, b) => a + b, 0) + after).toBe(emails.length);
    const mails = await db
      .selectFrom("outbox")
      .select("recipient")
      .where("kind", "=", "back-in-stock")
      .where("recipient", "like", "race%")
      .execute();
    expect(mails.map((m) => m.recipient).sort()).toEqual([...emails].sort());
    expect(await waitingRows(s.id)).toEqual([]);
  });

  it("a blocked account's subscription is claimed without a mail", async () => {
    const r = await registerUser({ userName: "leaver", email: "leaver@example.com", password: "password123" });
    if (!r.ok) throw new Error("setup");
    const p = await productWith([{ size: "S", stock: 0 }]);
    await subscribe(variant(p, "S").id, "", { id: r.user.id, userName: "leaver", email: "leaver@example.com", role: "user" });
    await db.updateTable("users").set({ blocked_at: new Date().toISOString() }).where("id", "=", r.user.id).execute();
    await ownerSetsStock(p, { S: 1 });
    expect(await mailsTo("leaver@example.com")).toEqual([]);
    expect(await waitingRows(variant(p, "S").id)).toEqual([]);
  });
});

describe("unsubscribing", () => {
  it("the mail's link removes that subscription and the address's others still waiting; a tampered or used link is refused", async () => {
    const p = await productWith([
      { size: "S", stock: 0 },
      { size: "M", stock: 0 },
    ]);
    await subscribe(variant(p, "S").id, "leave@example.com");
    await subscribe(variant(p, "M").id, "leave@example.com");
    await subscribe(variant(p, "M").id, "stay@example.com");
    await ownerSetsStock(p, { S: 1 });
    const token = tokenIn((await mailsTo("leave@example.com"))[0]!.text_body);

    const tampered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    for (const bad of [tampered, token.slice(1), "", null, 42, `${token}x`]) {
      expect(await findUnsubscribe(bad)).toBeNull();
      expect(await unsubscribeBackInStock(bad)).toBeNull();
    }
    expect(await findUnsubscribe(token)).toEqual({
      name: `${p.title} (S)`,
      email: "leave@example.com",
      productPath: `/shop/products/${p.handle}`,
    });
    expect(await unsubscribeBackInStock(token)).toMatchObject({ email: "leave@example.com" });
    expect((await waitingRows(variant(p, "M").id)).map((r) => r.email)).toEqual(["stay@example.com"]);
    // Only the token's hash is stored, and the link works once.
    expect(await db.selectFrom("back_in_stock").select("id").where("token_hash", "=", token).execute()).toEqual([]);
    expect(await unsubscribeBackInStock(token)).toBeNull();
  });
});
