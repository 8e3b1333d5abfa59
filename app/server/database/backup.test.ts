import SQLite from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { backup, restore } from "./backup.server";
import { config } from "~/server/platform/config.server";
import { db, newId, now } from "./db.server";
import { seedDemoCatalog } from "~/server/demo/seed.server";
import { registerUser } from "~/server/accounts/users.server";
import sharp from "sharp";
import { ProductSchema } from "~/lib/schemas/products";
import { saveProduct } from "~/server/admin/products.server";
import { addPhotos } from "~/server/media/photos.server";

async function placeOrder(userId: string): Promise<string> {
  const id = newId();
  await db
    .insertInto("orders")
    .values({
      id,
      user_id: userId,
      cart_id: null,
      address_id: null,
      address: "1 Road",
      city: "Town",
      pincode: "1",
      phone: "1",
      notes: "n",
      order_status: "confirmed",
      payment_method: "paypal",
      payment_status: "paid",
      total_cents: 1000,
      payment_id: null,
      payer_id: null,
      order_date: now(),
      order_update_date: now(),
    })
    .execute();
  return id;
}

describe("backup and restore", () => {
  it("takes a consistent backup while orders are being written, and restores it with every order", async () => {
    await seedDemoCatalog();
    const r = await registerUser({ userName: "busy", email: "busy@example.com", password: "password123" });
    if (!r.ok) throw new Error("setup");
    fs.mkdirSync(path.join(config.dataDir, "uploads"), { recursive: true });
    fs.writeFileSync(path.join(config.dataDir, "uploads", `${"a".repeat(32)}.webp`), "image bytes");

    const committed: string[] = [];
    let writing = true;
    const writer = (async () => {
      while (writing) {
        committed.push(await placeOrder(r.user.id));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    while (committed.length < 200) await new Promise((resolve) => setTimeout(resolve, 5));

    const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-")), "snapshot");
    const before = [...committed];
    const summary = await backup(config.dataDir, target);
    const after = committed.length;
    while (committed.length < after + 100) await new Promise((resolve) => setTimeout(resolve, 5));
    writing = false;
    await writer;

    expect(summary.orders).toBeGreaterThanOrEqual(before.length);
    // The writer has at most one order in flight: committed, but not yet pushed to `committed`.
    expect(summary.orders).toBeLessThanOrEqual(after + 1);
    expect(summary.uploads).toBe(1);

    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "shop-restore-"));
    const restored = restore(target, fresh);
    expect(restored.previous).toBeNull();
    const copy = new SQLite(path.join(fresh, "shop.db"), { readonly: true });
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    const ids = new Set((copy.prepare("select id from orders").all() as Array<{ id: string }>).map((o) => o.id));
    for (const id of before) expect(ids.has(id)).toBe(true);
    expect(ids.size).toBe(summary.orders);
    expect((copy.prepare("select count(*) n from products").get() as { n: number }).n).toBeGreaterThanOrEqual(60);
    copy.close();
    expect(fs.readFileSync(path.join(fresh, "uploads", `${"a".repeat(32)}.webp`), "utf8")).toBe("image bytes");

    // Restoring over an existing database keeps the old one aside.
    const again = restore(target, fresh);
    expect(again.previous).toMatch(/before-restore-/);
    expect(fs.existsSync(path.join(again.previous!, "shop.db"))).toBe(true);
  });

  it("carries a product's photos: their rows, in order, and every size's bytes", async () => {
    const jpeg = (background: string) =>
      sharp({ create: { width: 500, height: 400, channels: 3, background } })
        .jpeg()
        .toBuffer();
    const saved = await saveProduct(
      null,
      ProductSchema.parse({ title: "Backed-up Tee", description: "d", category: "men", brand: "nike", price: "10", totalStock: "1" }),
      new File([new Uint8Array(await jpeg("#112233"))], "cover.jpg", { type: "image/jpeg" }),
    );
    if (!saved.ok) throw new Error(saved.message);
    const added = await addPhotos(saved.product.id, [{ bytes: new Uint8Array(await jpeg("#445566")), alt: "Back" }]);
    if (!added.ok) throw new Error(added.message);
    const photos = await db
      .selectFrom("product_photos")
      .selectAll()
      .where("product_id", "=", saved.product.id)
      .orderBy("position")
      .execute();
    const files = await db
      .selectFrom("images")
      .select(["name", "content_type", "bytes"])
      .where(
        "name",
        "in",
        photos.flatMap((p) => ["320", "500"].flatMap((w) => ["avif", "webp", "jpg"].map((ext) => `${p.id}-${w}.${ext}`))),
      )
      .orderBy("name")
      .execute();
    expect(files).toHaveLength(2 * 2 * 3);

    const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-")), "snapshot");
    await backup(config.dataDir, target);
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "shop-restore-"));
    restore(target, fresh);
    const copy = new SQLite(path.join(fresh, "shop.db"), { readonly: true });
    const restoredPhotos = copy
      .prepare("select id, position, alt, base, widths, src from product_photos where product_id = ? order by position")
      .all(saved.product.id);
    expect(restoredPhotos).toEqual(photos.map(({ id, position, alt, base, widths, src }) => ({ id, position, alt, base, widths, src })));
    const restoredFiles = copy
      .prepare(`select name, content_type, bytes from images where name in (${files.map(() => "?").join(",")}) order by name`)
      .all(...files.map((f) => f.name)) as Array<{ name: string; content_type: string; bytes: Buffer }>;
    copy.close();
    expect(restoredFiles.map((f) => [f.name, f.content_type, Buffer.from(f.bytes).toString("base64")])).toEqual(
      files.map((f) => [f.name, f.content_type, Buffer.from(f.bytes).toString("base64")]),
    );
  });

  it("refuses to restore while the shop runs on that DATA_DIR, and refuses a non-empty target", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-running-"));
    fs.writeFileSync(path.join(dir, "server.pid"), String(process.pid));
    expect(() => restore(dir, dir)).toThrow(/the shop is running/);
    await expect(backup(config.dataDir, dir)).rejects.toThrow(/not empty/);
  });
});
