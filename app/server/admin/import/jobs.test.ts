import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { planOf, plannedItem } from "#tests/support/import-plan";
import { getProduct } from "~/server/catalog/catalog.server";
import { catalogue, forgetCatalogue } from "~/server/catalog/catalogue.server";
import { deleteProduct } from "~/server/admin/products.server";
import { db, now } from "~/server/database/db.server";
import { NO_PHOTO } from "~/server/media/photos.server";
import { runImports } from "./apply.server";
import { discardImport, discardStalePlans, getImport, itemStates, PLAN_KEPT_MS, startImport, storePlan } from "./jobs.server";

// Applying an import's plan (issue 50), on each engine vitest runs: exactly the plan, each product
// once, what changed since the dry run reported per item, photos that fail reported on their line.

// The photo fetcher is another module's (fetch-photo.server.ts, with its own tests): here an
// address that ends in 404 fails as a server's 404 would, any other answers a small JPEG.
vi.mock("./fetch-photo.server", () => ({
  fetchPhoto: vi.fn(async (url: string) =>
    url.endsWith("/404.jpg")
      ? { ok: false, message: `could not fetch ${url}: the server answered 404` }
      : { ok: true, bytes: await jpeg("#228833") },
  ),
}));

const jpeg = (background: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .jpeg()
    .toBuffer()
    .then((b) => new Uint8Array(b));

const productCount = async () =>
  Number((await db.selectFrom("products").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

const byHandle = async (handle: string) => {
  const row = await db.selectFrom("products").selectAll().where("handle", "=", handle).executeTakeFirst();
  return row ? { row, product: (await getProduct(row.id))! } : null;
};

async function applied(plan: ReturnType<typeof planOf>, photos?: Map<string, Uint8Array>) {
  const job = await storePlan(plan, { fileName: "products.csv", photos, by: null });
  const started = await startImport(job.id);
  expect(started.ok).toBe(true);
  await runImports();
  return (await getImport(job.id))!;
}

describe("a planned import", () => {
  it("writes nothing until it is started, and a discarded one never", async () => {
    const before = await productCount();
    const job = await storePlan(planOf([plannedItem("dry-one"), plannedItem("dry-two")]), { fileName: "dry.csv", by: null });
    expect(job).toMatchObject({ state: "planned", itemsTotal: 2, itemsDone: 0, rowsTotal: 4, rowsDone: 0, fileName: "dry.csv" });
    await runImports();
    expect(await productCount()).toBe(before);
    expect(await discardImport(job.id)).toMatchObject({ ok: true, job: { state: "discarded" } });
    expect(await startImport(job.id)).toEqual({ ok: false, status: 409, message: expect.stringContaining("discarded") });
    await runImports();
    expect(await productCount()).toBe(before);
    expect((await catalogue()).brands.some((b) => b.name === "Importers")).toBe(false);
  });

  it("a dry run left for a day is thrown away with its items; a younger one, and a started one, are kept", async () => {
    const old = await storePlan(planOf([plannedItem("stale-one")]), { fileName: "old.csv", by: null });
    const started = await storePlan(planOf([plannedItem("stale-started")]), { fileName: "started.csv", by: null });
    expect((await startImport(started.id)).ok).toBe(true);
    const dayLater = Date.parse(old.createdAt) + PLAN_KEPT_MS + 1;
    expect(await discardStalePlans(Date.parse(old.createdAt) + PLAN_KEPT_MS - 1000)).toBe(0);
    expect(await discardStalePlans(dayLater)).toBeGreaterThanOrEqual(1);
    expect((await getImport(old.id))!.state).toBe("discarded");
    expect(await itemStates(old.id)).toEqual({ pending: 0, done: 0, failed: 0 });
    expect(await startImport(old.id)).toMatchObject({ ok: false, status: 409 });
    expect((await getImport(started.id))!.state).toBe("queued");
    await runImports();
  });

  it("starts once: a second start is a 409, an unknown import a 404", async () => {
    const job = await storePlan(planOf([plannedItem("twice-one")]), { fileName: "t.csv", by: null });
    expect(await startImport(job.id)).toMatchObject({ ok: true, job: { state: "queued" } });
    expect(await startImport(job.id)).toEqual({ ok: false, status: 409, message: expect.stringContaining("already been started") });
    expect(await startImport("0".repeat(24))).toEqual({ ok: false, status: 404, message: "Import not found" });
    expect(await discardImport(job.id)).toMatchObject({ ok: false, status: 409 });
    await runImports();
    expect(await startImport(job.id)).toEqual({ ok: false, status: 409, message: expect.stringContaining("already been applied") });
  });
});

describe("applying", () => {
  it("applies exactly the plan: products, variants, category path, brand, tags, SEO, photos", async () => {
    const before = await productCount();
    const plan = planOf([
      plannedItem("applied-tee", {
        photos: [
          { src: "zip:back.jpg", position: 1, alt: "Back", color: null, line: 3 },
          { src: "zip:front.jpg", position: 0, alt: "Front", color: "Navy", line: 2 },
        ],
      }),
      plannedItem("applied-plain", {
        categoryPath: ["Imported"],
        variants: [{ size: "M", color: "", colorHex: "", sku: null, stock: 9, line: 9 }],
      }),
    ]);
    const job = await applied(
      plan,
      new Map([
        ["front.jpg", await jpeg("#ff0000")],
        ["back.jpg", await jpeg("#0000ff")],
        ["unused.jpg", await jpeg("#000")],
      ]),
    );
    expect(job).toMatchObject({ state: "done", itemsDone: 2, itemsTotal: 2, rowsDone: 3, rowsTotal: 3, applyProblems: [], failure: null });
    expect(job.finishedAt).not.toBeNull();
    expect(await productCount()).toBe(before + 2);
    // Its files are gone with the import applied.
    expect(await db.selectFrom("import_files").select("name").where("import_id", "=", job.id).execute()).toEqual([]);

    forgetCatalogue();
    const snapshot = await catalogue();
    const top = snapshot.categories.find((c) => c.name === "Imported" && c.parentId === null)!;
    const tees = snapshot.categories.find((c) => c.name === "Tees" && c.parentId === top.id)!;
    expect(tees.sizes).toEqual(["clothing"]);

    const tee = (await byHandle("applied-tee"))!;
    expect(tee.product).toMatchObject({
      title: "Imported applied-tee",
      description: "About applied-tee",
      category: tees.id,
      brandName: "Importers",
      tags: ["imported"],
      priceCents: 2500,
      salePriceCents: 1900,
      stock: 7,
    });
    expect(tee.row).toMatchObject({ seo_title: "applied-tee for sale", seo_description: "Buy applied-tee" });
    expect(tee.product.variants.map((v) => [v.size, v.color, v.sku, v.stock])).toEqual([
      ["S", "Navy", "applied-tee-s", 3],
      ["M", "Navy", "applied-tee-m", 4],
    ]);
    // In the file's positions; the cover is the first.
    expect(tee.product.photos.map((p) => [p.alt, p.color])).toEqual([
      ["Front", "Navy"],
      ["Back", null],
    ]);
    expect(tee.product.image).toBe(tee.product.photos[0]!.src);
    const plain = (await byHandle("applied-plain"))!;
    expect(plain.product).toMatchObject({ category: top.id, image: NO_PHOTO, stock: 9 });
  });

  it("an update never undoes an edit the owner made after the dry run; one checked against the product as it is goes in", async () => {
    await applied(planOf([plannedItem("edited-after")]));
    const { row } = (await byHandle("edited-after"))!;
    const none = { categoriesToCreate: [], brandsToCreate: [] };
    const stale = await applied(
      planOf([plannedItem("edited-after", { title: "From an old check", checkedAt: "2000-01-01T00:00:00.000Z" }, "update", row.id)], none),
    );
    expect(stale.applyProblems).toEqual([
      expect.objectContaining({ handle: "edited-after", message: expect.stringContaining("changed in the shop after the dry run") }),
    ]);
    expect((await byHandle("edited-after"))!.row.title).toBe(row.title);
    await applied(
      planOf([plannedItem("edited-after", { title: "From a fresh check", checkedAt: row.updated_at }, "update", row.id)], none),
    );
    expect((await byHandle("edited-after"))!.row.title).toBe("From a fresh check");
  });

  it("a second import of the same products changes nothing when unchanged, and an update keeps variants of the same size and colour", async () => {
    await applied(planOf([plannedItem("again-tee")]));
    const first = (await byHandle("again-tee"))!;
    expect(first.product.image).toBe(NO_PHOTO);
    const unchanged = await applied(
      planOf([plannedItem("again-tee", {}, "unchanged", first.row.id)], { categoriesToCreate: [], brandsToCreate: [] }),
    );
    expect(unchanged).toMatchObject({ state: "done", itemsDone: 1 });
    const same = (await byHandle("again-tee"))!;
    expect(same.row.updated_at).toBe(first.row.updated_at);

    const keptId = first.product.variants.find((v) => v.size === "M")!.id;
    const update = plannedItem(
      "again-tee",
      {
        title: "Renamed tee",
        priceCents: 3000,
        salePriceCents: 0,
        variants: [
          { size: "M", color: "Navy", colorHex: "#1e3a8a", sku: "again-tee-m", stock: 10, line: 2 },
          { size: "L", color: "Navy", colorHex: "#1e3a8a", sku: "again-tee-l", stock: 1, line: 3 },
        ],
        photos: [{ src: "https://photos.example/again.jpg", position: 0, alt: "Again", color: null, line: 2 }],
      },
      "update",
      first.row.id,
    );
    const job = await applied(planOf([update], { categoriesToCreate: [], brandsToCreate: [] }));
    expect(job).toMatchObject({ state: "done", itemsDone: 1, applyProblems: [] });
    const after = (await byHandle("again-tee"))!;
    expect(after.product).toMatchObject({ id: first.row.id, title: "Renamed tee", priceCents: 3000, salePriceCents: 0, stock: 11 });
    expect(after.product.variants.map((v) => [v.size, v.stock])).toEqual([
      ["M", 10],
      ["L", 1],
    ]);
    expect(after.product.variants.find((v) => v.size === "M")!.id).toBe(keptId);
    // The placeholder made way for the file's photo.
    expect(after.product.photos.map((p) => p.alt)).toEqual(["Again"]);
    expect(after.product.image).not.toBe(NO_PHOTO);

    // Once more with the photo: it is not fetched or added again.
    const again = await applied(
      planOf([{ ...update, data: { ...update.data, title: "Renamed again" } }], { categoriesToCreate: [], brandsToCreate: [] }),
    );
    expect(again.state).toBe("done");
    expect((await byHandle("again-tee"))!.product.photos).toHaveLength(1);
  });

  it("reports a photo that cannot be had on its line, and the product still goes in", async () => {
    const job = await applied(
      planOf([
        plannedItem("photo-fails", {
          photos: [
            { src: "https://photos.example/404.jpg", position: 0, alt: "", color: null, line: 41 },
            { src: "zip:missing.jpg", position: 1, alt: "", color: null, line: 42 },
            { src: "https://photos.example/fine.jpg", position: 2, alt: "", color: null, line: 43 },
          ],
        }),
      ]),
    );
    expect(job.state).toBe("done");
    expect(job.applyProblems).toEqual([
      {
        line: 41,
        column: "Image Src",
        severity: "warning",
        handle: "photo-fails",
        message: "could not fetch https://photos.example/404.jpg: the server answered 404",
      },
      {
        line: 42,
        column: "Image Src",
        severity: "warning",
        handle: "photo-fails",
        message: expect.stringContaining('no file "missing.jpg"'),
      },
    ]);
    const { product } = (await byHandle("photo-fails"))!;
    expect(product.photos).toHaveLength(1);
    expect(product.image).toBe(product.photos[0]!.src);
  });

  it("reports per item what changed in the shop since the dry run, and applies the rest", async () => {
    await applied(planOf([plannedItem("gone-later")]));
    const gone = (await byHandle("gone-later"))!;
    const job = await storePlan(
      planOf([
        plannedItem("taken-later"),
        plannedItem("gone-later", { title: "Still here?" }, "update", gone.row.id),
        plannedItem("goes-in"),
      ]),
      { fileName: "later.csv", by: null },
    );
    // Meanwhile: another import adds "taken-later", and the owner deletes "gone-later".
    await applied(
      planOf([plannedItem("taken-later", { variants: [{ size: "S", color: "", colorHex: "", sku: null, stock: 1, line: 2 }] })]),
    );
    expect(await deleteProduct(gone.row.id)).toBe(true);
    const before = await productCount();
    await startImport(job.id);
    await runImports();
    const done = (await getImport(job.id))!;
    expect(done).toMatchObject({ state: "done", itemsDone: 3, itemsTotal: 3 });
    expect(done.applyProblems.map((p) => [p.handle, p.severity, p.message])).toEqual([
      ["taken-later", "error", expect.stringContaining('a product with the web address "taken-later" was added after the dry run')],
      ["gone-later", "error", expect.stringContaining("the product was deleted after the dry run")],
    ]);
    expect(await itemStates(job.id)).toEqual({ pending: 0, done: 1, failed: 2 });
    expect(await productCount()).toBe(before + 1);
    expect(await byHandle("goes-in")).not.toBeNull();
  });

  it("resumes an import whose runner died at its first pending item, each product once", async () => {
    const items = Array.from({ length: 6 }, (_, i) => plannedItem(`resume-${i}`));
    const job = await storePlan(planOf(items), { fileName: "resume.csv", by: null });
    await startImport(job.id);
    // A runner that died holding the lease: no other runner takes the import until the lease runs out.
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("imports")
        .set({ state: "running", holder: "dead/1/x", lease_until: new Date(Date.now() + 60_000).toISOString() })
        .where("id", "=", job.id)
        .execute();
    });
    expect(await runImports()).toBe(0);
    expect((await getImport(job.id))!.itemsDone).toBe(0);
    await db
      .updateTable("imports")
      .set({ lease_until: new Date(Date.now() - 1).toISOString(), updated_at: now() })
      .where("id", "=", job.id)
      .execute();
    // Two runners at once on the taken-up import: each item still applied once.
    await Promise.all([runImports(), runImports()]);
    const done = (await getImport(job.id))!;
    expect(done).toMatchObject({ state: "done", itemsDone: 6, rowsDone: 12 });
    const rows = await db.selectFrom("products").select("handle").where("handle", "like", "resume-%").execute();
    expect(rows.map((r) => r.handle).sort()).toEqual(items.map((i) => i.handle).sort());
  });
});
