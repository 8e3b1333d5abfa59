import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { SHOP_BUSY } from "~/lib/messages/platform";
import { addAddress, listAddresses } from "~/server/accounts/addresses.server";
import { registerUser } from "~/server/accounts/users.server";
import { addToCart, getCart } from "~/server/cart/cart.server";
import { productWith } from "#tests/support/catalog";
import { reloadSettings } from "~/server/platform/config.server";
import { ShopBusy } from "./db-errors.server";

// Rules that read and then write, run many at once: on PostgreSQL over the pool's connections, on
// SQLite one after another by its write lock. And on PostgreSQL, a statement that waits for a lock
// held elsewhere gives up within lock_timeout.

// Read by startShop (the setup's beforeAll), after this module is loaded.
process.env.PG_LOCK_TIMEOUT_MS = "400";
reloadSettings();

const onPostgres = !!process.env.DATABASE_URL;
const address = (street: string) => ({ address: street, city: "Town", pincode: "12345", phone: "555 0100", notes: "" });

async function shopper(name: string): Promise<string> {
  const r = await registerUser({ userName: name, email: `${name}@example.com`, password: "password123" });
  if (!r.ok) throw new Error("setup");
  return r.user.id;
}

let userId: string;
beforeAll(async () => {
  userId = await shopper("racer");
});

describe("read-then-write rules under concurrency", () => {
  it("a shopper with 2 addresses sends 4 adds at once: exactly one is added", async () => {
    // Three shoppers at once, so a race would have more than one chance to show.
    const shoppers = await Promise.all(["addresser1", "addresser2", "addresser3"].map(shopper));
    for (const me of shoppers) for (const street of ["1 A St", "2 B St"]) expect((await addAddress(me, address(street))).ok).toBe(true);
    const results = await Promise.all(
      shoppers.map((me) => Promise.all(["3 C St", "4 D St", "5 E St", "6 F St"].map((street) => addAddress(me, address(street))))),
    );
    for (const [i, me] of shoppers.entries()) {
      expect(results[i]!.filter((r) => r.ok)).toHaveLength(1);
      expect(results[i]!.filter((r) => !r.ok).map((r) => !r.ok && r.status)).toEqual([409, 409, 409]);
      expect(await listAddresses(me)).toHaveLength(3);
    }
  });

  it("20 adds of one variant at once by one shopper: one cart line, never above stock", async () => {
    const product = await productWith([{ size: "One size", stock: 7 }]);
    const results = await Promise.all(Array.from({ length: 20 }, () => addToCart(userId, product.id, 1)));
    expect(results.filter((r) => r.ok)).toHaveLength(7);
    const cart = await getCart(userId);
    expect(cart.items.filter((i) => i.productId === product.id).map((i) => i.quantity)).toEqual([7]);
  });
});

describe.runIf(onPostgres)("a lock held elsewhere (PostgreSQL)", () => {
  it("fails fast with 503 'The shop is busy' for what it locks, and nothing else waits", async () => {
    const locked = await productWith([{ size: "One size", stock: 5 }]);
    const free = await productWith([{ size: "One size", stock: 5 }]);
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query("begin");
      await other.query("select id from product_variants where id = $1 for update", [locked.variants[0]!.id]);

      let started = Date.now();
      expect(await addToCart(userId, free.id, 1)).toEqual({ ok: true, quantity: 1 });
      expect(Date.now() - started).toBeLessThan(1_000);

      started = Date.now();
      const refused = await addToCart(userId, locked.id, 1).then(
        () => null,
        (error: unknown) => error,
      );
      const waited = Date.now() - started;
      expect(refused).toBeInstanceOf(ShopBusy);
      const response = refused as ShopBusy;
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("1");
      expect(await response.json()).toEqual({ success: false, message: SHOP_BUSY });
      expect(waited).toBeGreaterThanOrEqual(350);
      expect(waited).toBeLessThan(400 + 1_000);
    } finally {
      await other.query("rollback");
      await other.end();
    }
    // The pool carries on: the same add works once the lock is gone.
    expect(await addToCart(userId, locked.id, 1)).toEqual({ ok: true, quantity: 1 });
  });
});
