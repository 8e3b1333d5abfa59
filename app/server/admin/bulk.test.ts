import { describe, expect, it } from "vitest";
import { BulkChangeSchema, BulkRequestSchema, type BulkChange, type BulkSelection } from "~/lib/schemas/bulk";
import { getProduct } from "~/server/catalog/catalog.server";
import { db } from "~/server/database/db.server";
import { productWith } from "#tests/support/catalog";
import { applyBulkChange, centsPlusPercent, previewBulkChange } from "./bulk.server";

const change = (raw: Record<string, unknown>): BulkChange => BulkChangeSchema.parse(raw);
const ids = (...products: Array<{ id: string }>): BulkSelection => ({ ids: products.map((p) => p.id) });

/** A product as the shop has it now: price, sale price, category, brand, tags, each size's stock. */
async function state(id: string) {
  const p = (await getProduct(id))!;
  return {
    price: p.priceCents,
    sale: p.salePriceCents,
    category: p.category,
    brand: p.brand,
    tags: p.tags,
    stock: p.variants.map((v) => `${v.size}:${v.stock}`),
    updatedAt: (await db.selectFrom("products").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow()).updated_at,
  };
}

describe("rounding", () => {
  it("is to the cent, half up", () => {
    expect(centsPlusPercent(1999, 10)).toBe(2199); // 21.989 → 21.99
    expect(centsPlusPercent(1000, 12.5)).toBe(1125);
    expect(centsPlusPercent(5, 10)).toBe(6); // 5.5 → 6
    expect(centsPlusPercent(5, -10)).toBe(5); // 4.5 → 5
    expect(centsPlusPercent(999, -33.33)).toBe(666); // 666.03
  });
});

describe("the schema", () => {
  it.each([
    [{ kind: "raise-percent", value: "0" }, "Raise by more than 0 and at most 1000 percent"],
    [{ kind: "lower-percent", value: "100" }, "Lower by more than 0 and less than 100 percent"],
    [{ kind: "raise-amount", value: "1.999" }, "The amount can have at most 2 decimals"],
    [{ kind: "stock-set", value: "-1" }, "Stock is 0 to 1,000,000"],
    [{ kind: "stock-add", value: "1.5" }, "Stock must be a whole number"],
    [{ kind: "add-tags", tags: " , " }, "Enter at least one tag"],
    [{ kind: "category" }, "Please choose a category"],
    [{ kind: "nonsense" }, "Choose a change"],
  ])("refuses %j", (raw, message) => {
    const result = BulkChangeSchema.safeParse(raw);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });

  it("takes ids or a filter, not both and not neither", () => {
    const body = { change: { kind: "end-sale" } };
    expect(BulkRequestSchema.safeParse(body).success).toBe(false);
    expect(BulkRequestSchema.safeParse({ ...body, ids: ["a".repeat(24)], filter: {} }).success).toBe(false);
    expect(BulkRequestSchema.safeParse({ ...body, ids: [] }).success).toBe(false);
    expect(BulkRequestSchema.safeParse({ ...body, ids: ["nope"] }).success).toBe(false);
    expect(BulkRequestSchema.parse({ ...body, filter: { brand: "nike" } }).filter).toEqual({ q: "", category: "", brand: "nike" });
  });
});

describe("each kind of change", () => {
  it("raises and lowers prices by percent and by amount, a sale price moving with its price", async () => {
    const a = await productWith([{ size: "M", stock: 1 }], { price: 19.99 });
    const b = await productWith([{ size: "M", stock: 1 }], { price: 50, salePrice: 40 });
    expect(await applyBulkChange(ids(a, b), change({ kind: "raise-percent", value: "10" }))).toMatchObject({
      ok: true,
      outcome: { chosen: 2, changed: 2, refusals: [] },
    });
    expect(await state(a.id)).toMatchObject({ price: 2199, sale: 0 });
    expect(await state(b.id)).toMatchObject({ price: 5500, sale: 4400 });
    await applyBulkChange(ids(a, b), change({ kind: "lower-amount", value: "1.99" }));
    expect(await state(a.id)).toMatchObject({ price: 2000 });
    expect(await state(b.id)).toMatchObject({ price: 5301, sale: 4201 });
    await applyBulkChange(ids(a), change({ kind: "lower-percent", value: "25" }));
    expect(await state(a.id)).toMatchObject({ price: 1500 });
    await applyBulkChange(ids(a), change({ kind: "raise-amount", value: "0.5" }));
    expect(await state(a.id)).toMatchObject({ price: 1550 });
  });

  it("puts on sale (percent off or a price), ends a sale, and says what each product goes from and to", async () => {
    const a = await productWith([{ size: "M", stock: 1 }], { price: 80 });
    const b = await productWith([{ size: "M", stock: 1 }], { price: 30, salePrice: 20 });
    const sale = await applyBulkChange(ids(a, b), change({ kind: "sale-percent", value: "25" }));
    expect(sale.ok && sale.outcome.products.find((p) => p.id === a.id)).toMatchObject({
      before: { salePrice: 0 },
      after: { salePrice: 60 },
    });
    expect(await state(a.id)).toMatchObject({ price: 8000, sale: 6000 });
    expect(await state(b.id)).toMatchObject({ price: 3000, sale: 2250 });
    await applyBulkChange(ids(a), change({ kind: "sale-price", value: "59.99" }));
    expect(await state(a.id)).toMatchObject({ sale: 5999 });
    const ended = await applyBulkChange(ids(a, b), change({ kind: "end-sale" }));
    expect(ended).toMatchObject({ ok: true, outcome: { changed: 2 } });
    expect([(await state(a.id)).sale, (await state(b.id)).sale]).toEqual([0, 0]);
    // Nothing on sale any more: nothing changes, nothing is bumped.
    const before = await state(a.id);
    expect(await applyBulkChange(ids(a, b), change({ kind: "end-sale" }))).toMatchObject({ ok: true, outcome: { chosen: 2, changed: 0 } });
    expect(await state(a.id)).toEqual(before);
  });

  it("sets every size's stock, or adds to it", async () => {
    const a = await productWith([
      { size: "S", stock: 1 },
      { size: "M", stock: 7 },
    ]);
    const b = await productWith([{ size: "One size", stock: 0 }]);
    const set = await applyBulkChange(ids(a, b), change({ kind: "stock-set", value: "5" }));
    expect(set.ok && set.outcome.products.find((p) => p.id === a.id)).toMatchObject({ before: { stock: 8 }, after: { stock: 10 } });
    expect((await state(a.id)).stock).toEqual(["S:5", "M:5"]);
    expect((await state(b.id)).stock).toEqual(["One size:5"]);
    await applyBulkChange(ids(a, b), change({ kind: "stock-add", value: "-2" }));
    expect((await state(a.id)).stock).toEqual(["S:3", "M:3"]);
    expect((await getProduct(a.id))!.stock).toBe(6);
  });

  it("moves products to a category whose sizes they have, and to a brand; an unknown one refuses", async () => {
    const shirt = await productWith([{ size: "M", stock: 1 }], { category: "men", brand: "nike" });
    const bag = await productWith([{ size: "One size", stock: 1 }], { category: "men", brand: "nike" });
    expect(await applyBulkChange(ids(bag), change({ kind: "category", category: "accessories" }))).toMatchObject({ ok: true });
    expect((await state(bag.id)).category).toBe("accessories");
    expect(await applyBulkChange(ids(shirt, bag), change({ kind: "brand", brand: "zara" }))).toMatchObject({
      ok: true,
      outcome: { changed: 2 },
    });
    expect((await state(shirt.id)).brand).toBe("zara");
    expect(await applyBulkChange(ids(shirt), change({ kind: "brand", brand: "no-such-brand" }))).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringContaining('No brand "no-such-brand"'),
    });
    expect(await previewBulkChange(ids(shirt), change({ kind: "category", category: "no-such" }))).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it("adds and removes tags, as tags are stored", async () => {
    const a = await productWith([{ size: "M", stock: 1 }]);
    const b = await productWith([{ size: "M", stock: 1 }]);
    await applyBulkChange(ids(a, b), change({ kind: "add-tags", tags: "Summer 26, linen" }));
    expect((await state(a.id)).tags).toEqual(["linen", "summer-26"]);
    await applyBulkChange(ids(a), change({ kind: "remove-tags", tags: "linen" }));
    expect((await state(a.id)).tags).toEqual(["summer-26"]);
    expect((await state(b.id)).tags).toEqual(["linen", "summer-26"]);
  });
});

describe("refusals", () => {
  it("a product refused refuses the whole change: nothing is written, each refusal is said", async () => {
    const cheap = await productWith([{ size: "M", stock: 1 }], { price: 2 });
    const fine = await productWith([{ size: "M", stock: 1 }], { price: 20 });
    const onSale = await productWith([{ size: "M", stock: 1 }], { price: 10, salePrice: 1.5 });
    const before = await Promise.all([cheap, fine, onSale].map((p) => state(p.id)));
    const lower = change({ kind: "lower-amount", value: "2" });

    const preview = await previewBulkChange(ids(cheap, fine, onSale), lower);
    expect(preview).toMatchObject({ ok: true, outcome: { chosen: 3, changed: 1 } });
    expect(preview.ok && preview.outcome.refusals.map((r) => [r.id, r.message])).toEqual(
      expect.arrayContaining([
        [cheap.id, "Its price would drop to $0.00 or below (from $2.00)"],
        [onSale.id, "Its sale price would drop to $0.00 or below: end its sale first"],
      ]),
    );

    const applied = await applyBulkChange(ids(cheap, fine, onSale), lower);
    expect(applied).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringContaining("2 products are refused, so nothing changed"),
    });
    expect(!applied.ok && applied.refusals).toHaveLength(2);
    expect(await Promise.all([cheap, fine, onSale].map((p) => state(p.id)))).toEqual(before);

    // Said so: the others change, the refused stay as they are.
    expect(await applyBulkChange(ids(cheap, fine, onSale), lower, { skipRefused: true })).toMatchObject({
      ok: true,
      outcome: { changed: 1 },
    });
    expect((await state(fine.id)).price).toBe(1800);
    expect(await state(cheap.id)).toEqual(before[0]);
  });

  it("refuses a sale at or above the price, stock below 0, a category its sizes do not fit, too many tags", async () => {
    const p = await productWith(
      [
        { size: "M", stock: 1 },
        { size: "L", stock: 0 },
      ],
      { price: 20 },
    );
    await applyBulkChange(ids(p), change({ kind: "add-tags", tags: "old" }));
    const before = await state(p.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: "sale-price", value: "20" }, "The sale price ($20.00) would not be below its price ($20.00)"],
      [{ kind: "stock-add", value: "-1" }, "Its stock of L would drop below 0 (0 now)"],
      [{ kind: "stock-add", value: "1000000" }, "A size's stock would be over 1,000,000"],
      [{ kind: "category", category: "accessories" }, "Accessories does not sell its sizes (M, L): change its sizes first"],
      [{ kind: "add-tags", tags: Array.from({ length: 30 }, (_, i) => `t${i}`) }, "It would have more than 30 tags"],
    ];
    for (const [raw, message] of cases) {
      const result = await applyBulkChange(ids(p), change(raw));
      expect(result).toMatchObject({ ok: false, status: 400, refusals: [{ id: p.id, message }] });
    }
    expect(await state(p.id)).toEqual(before);
  });
});

describe("all matching a filter", () => {
  it("takes every product the list's filter chooses, and only those", async () => {
    const brand = "levi";
    const inBrand = await Promise.all([1, 2, 3].map(() => productWith([{ size: "M", stock: 2 }], { brand, category: "women" })));
    const other = await productWith([{ size: "M", stock: 2 }], { brand: "nike", category: "women" });
    const selection: BulkSelection = { all: { keyword: "", category: "", brand } };
    const preview = await previewBulkChange(selection, change({ kind: "stock-set", value: "9" }));
    expect(preview.ok && preview.outcome.products.map((p) => p.id).sort()).toEqual(expect.arrayContaining(inBrand.map((p) => p.id).sort()));
    // The preview wrote nothing.
    expect((await state(inBrand[0]!.id)).stock).toEqual(["M:2"]);
    const applied = await applyBulkChange(selection, change({ kind: "stock-set", value: "9" }));
    expect(applied.ok && applied.outcome.changed).toBeGreaterThanOrEqual(3);
    for (const p of inBrand) expect((await state(p.id)).stock).toEqual(["M:9"]);
    expect((await state(other.id)).stock).toEqual(["M:2"]);
    // A category covers its subcategories; a keyword with no words chooses nothing.
    expect(await previewBulkChange({ all: { keyword: '")', category: "", brand: "" } }, change({ kind: "end-sale" }))).toMatchObject({
      ok: true,
      outcome: { chosen: 0, changed: 0 },
    });
  });

  it("refuses more than 10,000 products at once", async () => {
    const many = Array.from({ length: 10_001 }, (_, i) => i.toString(16).padStart(24, "0"));
    expect(await previewBulkChange({ ids: many }, change({ kind: "end-sale" }))).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringContaining("At most 10,000 products"),
    });
  });
});

describe("at the same time", () => {
  it("two raises of 10 % at once both apply: +21 %, no update lost", async () => {
    const products = await Promise.all([100, 1999, 5000].map((price) => productWith([{ size: "M", stock: 1 }], { price: price / 100 })));
    const raise = change({ kind: "raise-percent", value: "10" });
    const results = await Promise.all([applyBulkChange(ids(...products), raise), applyBulkChange(ids(...products), raise)]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    // 1.00 → 1.10 → 1.21; 19.99 → 21.99 → 24.19; 50.00 → 55.00 → 60.50.
    expect(await Promise.all(products.map(async (p) => (await state(p.id)).price))).toEqual([121, 2419, 6050]);
  });

  it("two stock additions at once on overlapping products both count", async () => {
    const a = await productWith([{ size: "M", stock: 1, color: "Red" }]);
    const b = await productWith([{ size: "M", stock: 1, color: "Blue" }]);
    const add = change({ kind: "stock-add", value: "3" });
    await Promise.all([applyBulkChange(ids(a, b), add), applyBulkChange(ids(b, a), add), applyBulkChange(ids(b), add)]);
    expect((await state(a.id)).stock).toEqual(["M:7"]);
    expect((await state(b.id)).stock).toEqual(["M:10"]);
  });
});
