import { beforeAll, describe, expect, it } from "vitest";
import { parseListingQuery } from "~/lib/listing";
import { db } from "~/server/database/db.server";
import { parseAdminProductQuery } from "~/lib/admin-products";
import { getProduct, listingFacets, listProducts, listProductsForAdmin, relatedProducts, searchProducts } from "./catalog.server";
import { listingSearch } from "~/lib/listing";
import { productWith } from "#tests/support/catalog";
import { seedDemoCatalog } from "~/server/demo/seed.server";

const q = (search: string) => parseListingQuery(new URLSearchParams(search));

beforeAll(async () => {
  await seedDemoCatalog();
});

/** What the counts table says per (category, brand), and what counting the products says. */
async function countsAndTruth() {
  const counts = await db
    .selectFrom("product_counts")
    .select(["category", "brand", "n"])
    .where("n", ">", 0)
    .orderBy("category")
    .orderBy("brand")
    .execute();
  const truth = await db
    .selectFrom("products")
    .select(["category", "brand", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy(["category", "brand"])
    .orderBy("category")
    .orderBy("brand")
    .execute();
  return { counts, truth };
}

describe("listing totals", () => {
  it("stay exact through adding, moving and deleting products, and need no walk over the catalogue", async () => {
    const { createProduct, updateProduct, deleteProduct } = await import("~/server/admin/products.server");
    const input = {
      title: "Count Me",
      description: "d",
      category: "kids" as const,
      brand: "zara" as const,
      price: 10,
      salePrice: 0,
      totalStock: 3,
      image: "/demo/x.webp",
    };
    const before = (await listProducts(q("category=kids&brand=zara"))).total;
    const added = await createProduct(input);
    expect((await listProducts(q("category=kids&brand=zara"))).total).toBe(before + 1);
    await updateProduct(added.id, { ...input, category: "men" as const, brand: "nike" as const });
    expect((await listProducts(q("category=kids&brand=zara"))).total).toBe(before);
    await deleteProduct(added.id);
    const { counts, truth } = await countsAndTruth();
    expect(counts).toEqual(truth);
    expect((await listProducts(q(""))).total).toBe(truth.reduce((sum, row) => sum + Number(row.n), 0));
  });
});

describe("size and colour filters", () => {
  it("mean 'has stock in one of these sizes' and 'has stock in one of these colours'", async () => {
    const a = await productWith([
      { size: "M", color: "Aurora", stock: 1 },
      { size: "L", color: "Borealis", stock: 0 },
    ]);
    const b = await productWith([
      { size: "L", color: "Borealis", stock: 2 },
      { size: "M", color: "Borealis", stock: 0 },
    ]);
    const found = async (search: string) => {
      const page = await listProducts(q(search), 1000);
      expect(page.items).toHaveLength(page.total);
      return page.items.map((p) => p.id).filter((id) => id === a.id || id === b.id);
    };
    expect(await found("color=aurora")).toEqual([a.id]);
    expect(await found("color=Borealis")).toEqual([b.id]);
    expect(await found("size=m&color=borealis")).toEqual([]);
    expect(await found("size=l&color=borealis")).toEqual([b.id]);
    expect(await found("size=m,l&color=aurora,borealis")).toHaveLength(2);
    // Each filter on its own: an M (in red) and something blue (in L) is a match for "M, blue".
    const c = await productWith([
      { size: "M", color: "Cinnabar", stock: 2 },
      { size: "L", color: "Celadon", stock: 3 },
    ]);
    expect((await listProducts(q("size=m&color=celadon"), 1000)).items.map((p) => p.id)).toContain(c.id);
    expect((await listProducts(q("size=xl&color=celadon"), 1000)).items.map((p) => p.id)).not.toContain(c.id);
    // Only colours asked for: nothing else in the catalogue is Aurora or Borealis.
    expect((await listProducts(q("color=aurora,borealis"), 1000)).total).toBe(2);
    expect((await listProducts(q("color=nosuchcolour"), 1000)).total).toBe(0);
    // The products come with their variants, in size order.
    const listed = (await listProducts(q("color=aurora"), 10)).items.find((p) => p.id === a.id)!;
    expect(listed.variants.map((v) => [v.size, v.color, v.stock])).toEqual([
      ["M", "Aurora", 1],
      ["L", "Borealis", 0],
    ]);
  });

  it("find a colour past the 53 that have a bit in the mask, asking each product", async () => {
    const many = await productWith(Array.from({ length: 60 }, (_, i) => ({ size: "M", color: `Shade ${i + 1}`, stock: 1 })));
    const last = await db.selectFrom("color_counts").select("bit").where("id", "=", "shade 60").executeTakeFirstOrThrow();
    expect(last.bit).toBeNull();
    expect((await listProducts(q("color=shade 60"), 100)).items.map((p) => p.id)).toEqual([many.id]);
    expect((await listProducts(q("color=shade 60,aurora&size=m"), 100)).items.map((p) => p.id)).toContain(many.id);
  });

  it("read sizes by their URL names and keep colours as lower-case words; the canonical URL lists them", () => {
    const query = q("size=xl,eu-42,nonsense&size=m&color=Black,%3Cscript%3E,navy");
    expect(query.size).toEqual(["M", "XL", "EU 42"]);
    expect(query.color).toEqual(["black", "navy"]);
    expect(listingSearch(query)).toBe("?size=m,xl,eu-42&color=black,navy");
  });

  it("offer the sizes and colours in stock", async () => {
    const facets = await listingFacets();
    expect(facets.sizes.slice(0, 3)).toEqual(["XS", "S", "M"]);
    expect(facets.sizes).toContain("EU 42");
    expect(facets.colors.map((c) => c.id)).toContain("black");
  });
});

describe("the admin's products list", () => {
  const admin = (search: string) => parseAdminProductQuery(new URLSearchParams(search));

  it("puts a product just added first, and pages through every product once", async () => {
    const { createProduct, deleteProduct } = await import("~/server/admin/products.server");
    const added = await createProduct({
      title: "Brand New Anorak",
      description: "Added last",
      category: "men",
      brand: "puma",
      price: 50,
      salePrice: 0,
      totalStock: 2,
      image: "/demo/x.webp",
    });
    try {
      const first = await listProductsForAdmin(admin(""), 24);
      expect(first.items[0]!.title).toBe("Brand New Anorak");
      const seen = [];
      for (let page = 1; page <= first.pageCount; page++) seen.push(...(await listProductsForAdmin(admin(`page=${page}`), 24)).items);
      expect(seen).toHaveLength(first.total);
      expect(new Set(seen.map((p) => p.id)).size).toBe(first.total);
      expect((await listProductsForAdmin(admin("sort=oldest"), 1000)).items.at(-1)!.id).toBe(added.id);
    } finally {
      await deleteProduct(added.id);
    }
  });

  it("finds by every word of the keyword and keeps the chosen order", async () => {
    const found = await listProductsForAdmin(admin("q=fleece hood&sort=title-atoz"), 100);
    const titles = found.items.map((p) => p.title);
    expect(titles.length).toBeGreaterThan(1);
    // Every word, as the start of a word of the title, brand, category or description.
    for (const p of found.items) expect(`${p.title} ${p.description}`.toLowerCase()).toMatch(/(?=.*\bfleece)(?=.*\bhood)/);
    expect(titles).toContain("Sportswear Club Fleece Hoodie");
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    expect(found.total).toBe(titles.length);
    const stock = (await listProductsForAdmin(admin("sort=stock-lowtohigh"), 1000)).items.map((p) => p.stock);
    expect(stock).toEqual([...stock].sort((a, b) => a - b));
  });

  it("answers nothing, never an error, for a keyword with no words or unknown settings", async () => {
    expect((await listProductsForAdmin(admin("q=%22%29*%20-"), 24)).total).toBe(0);
    const odd = admin("sort=nonsense&page=-2");
    expect(odd).toEqual({ keyword: "", category: "", brand: "", sort: "newest", page: 1 });
  });
});

describe("listProducts", () => {
  it("filters by several categories and brands at once", async () => {
    const page = await listProducts(q("category=men,women&brand=nike,adidas"), 100);
    expect(page.total).toBeGreaterThan(0);
    for (const p of page.items) {
      expect(["men", "women"]).toContain(p.category);
      expect(["nike", "adidas"]).toContain(p.brand);
    }
    const all = await db.selectFrom("products").selectAll().execute();
    const expected = all.filter((p) => ["men", "women"].includes(p.category) && ["nike", "adidas"].includes(p.brand));
    expect(page.total).toBe(expected.length);
  });

  it("sorts by the unit price a shopper pays (sale price when on sale), low to high by default", async () => {
    const page = await listProducts(q(""), 100);
    const unit = page.items.map((p) => (p.salePriceCents > 0 ? p.salePriceCents : p.priceCents));
    expect(unit).toEqual([...unit].sort((a, b) => a - b));
    const desc = (await listProducts(q("sortBy=price-hightolow"), 100)).items.map((p) =>
      p.salePriceCents > 0 ? p.salePriceCents : p.priceCents,
    );
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it("sorts by title both ways", async () => {
    const az = (await listProducts(q("sortBy=title-atoz"), 100)).items.map((p) => p.title);
    expect(az).toEqual([...az].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const za = (await listProducts(q("sortBy=title-ztoa"), 100)).items.map((p) => p.title);
    expect(za).toEqual([...az].reverse());
  });

  it("paginates in SQL: pages do not overlap and cover every product", async () => {
    const first = await listProducts(q("page=1"), 24);
    const second = await listProducts(q("page=2"), 24);
    const third = await listProducts(q("page=3"), 24);
    expect(first.pageCount).toBe(Math.ceil(first.total / 24));
    const ids = [...first.items, ...second.items, ...third.items].map((p) => p.id);
    expect(new Set(ids).size).toBe(first.total);
  });

  it("ignores unknown filter values instead of failing", async () => {
    const page = await listProducts(q("category=pets,men&brand=<script>&sortBy=nonsense&page=-3"), 100);
    expect(page.items.every((p) => p.category === "men")).toBe(true);
    expect(page.page).toBe(1);
  });
});

describe("searchProducts", () => {
  it("finds products by a prefix of a word, title matches first", async () => {
    const results = await searchProducts("jean");
    expect(results.total).toBeGreaterThan(0);
    expect(results.items[0]!.title.toLowerCase()).toContain("jean");
    // "denim" appears in jeans descriptions and a shirt title: the title match comes first.
    const denim = await searchProducts("denim");
    expect(denim.items[0]!.title.toLowerCase()).toContain("denim");
    expect(denim.items.some((p) => !p.title.toLowerCase().includes("denim"))).toBe(true);
  });

  it("requires every word", async () => {
    const both = await searchProducts("slim jeans");
    expect(both.items.map((p) => p.title)).toEqual(["511 Slim Fit Jeans"]);
  });

  it("ignores accents and case", async () => {
    expect((await searchProducts("JÉANS")).total).toBe((await searchProducts("jeans")).total);
  });

  it.each([
    '"',
    "*",
    "(",
    ")",
    'jeans"',
    "AND",
    "OR NOT",
    "title:jeans",
    "NEAR(a b)",
    "'; drop table products; --",
    "中文字",
    "🙂🙂",
    "-",
    "^x",
    // Twelve long words: every one tried as itself, its singular, apart in two and joined with the next.
    "abcdefghijklmnopqrsts ".repeat(12),
  ])("never fails on %j", async (keyword) => {
    const results = await searchProducts(keyword);
    expect(Array.isArray(results.items)).toBe(true);
  });

  it("ignores hyphens and spaces and finds a plural's singular (issue 48)", async () => {
    const hyphen = await productWith([{ size: "M", stock: 3 }], { title: "Zorblax Heavy T-Shirt" });
    const together = await productWith([{ size: "M", stock: 3 }], { title: "Zorblax Boxy Tshirt" });
    const apart = await productWith([{ size: "M", stock: 3 }], { title: "Zorblax Loose T Shirt" });
    const tees = [hyphen.id, together.id, apart.id].sort();
    const found = async (keyword: string) =>
      (await searchProducts(`zorblax ${keyword}`)).items
        .map((p) => p.id)
        .filter((id) => tees.includes(id))
        .sort();
    for (const keyword of ["tshirt", "t shirt", "t-shirt", "T-Shirts", "tshirts", "t shirts"]) {
      expect(await found(keyword), keyword).toEqual(tees);
    }
    // Every word still counts: a word the three do not have finds none of them.
    expect(await found("tshirt hoodie")).toEqual([]);
    // Plurals: "jackets" finds the jackets, "shirts" the shirts, "accessories" the accessories.
    const titles = async (keyword: string) => (await searchProducts(keyword, 1, 100)).items.map((p) => p.title);
    expect(await titles("jackets")).toEqual(expect.arrayContaining(["Windrunner Jacket", "Kids' Puffer Jacket"]));
    expect(await titles("shirts")).toEqual(expect.arrayContaining(["Slim Fit Oxford Shirt", "Relaxed Fit Linen Shirt"]));
    expect((await searchProducts("accessories")).total).toBeGreaterThan(0);
    // The demo's tees are T-shirts (their description says so): "tshirt" and "t shirt" find them.
    for (const keyword of ["tshirt", "t shirt"]) expect(await titles(keyword)).toContain("Dri-FIT Running Tee");
    // Title matches first, as before: the jackets before products that only say "jacket" elsewhere.
    expect((await titles("jackets"))[0]).toMatch(/Jacket/);
  });

  it("stays in sync when a product changes or goes away", async () => {
    const product = (await searchProducts("windrunner")).items[0]!;
    await db.updateTable("products").set({ title: "Stormbreaker Shell" }).where("id", "=", product.id).execute();
    expect((await searchProducts("windrunner")).total).toBe(0);
    expect((await searchProducts("stormbreaker")).items[0]?.id).toBe(product.id);
    await db.deleteFrom("products").where("id", "=", product.id).execute();
    expect((await searchProducts("stormbreaker")).total).toBe(0);
    expect(await getProduct(product.id)).toBeNull();
  });
});

describe("listProducts on a large catalog", () => {
  it("returns the same order whether it sorts the matches or walks the sort index", async () => {
    const { seedBenchmarkProducts } = await import("~/server/demo/bulk-seed.server");
    await seedBenchmarkProducts(4000);
    const all = await db.selectFrom("products").selectAll().execute();
    for (const search of ["category=men,women,kids&sortBy=price-hightolow&page=3", "category=kids&brand=nike&sortBy=title-atoz&page=2"]) {
      const query = q(search);
      const matching = all.filter(
        (p) => query.category.includes(p.category as never) && (!query.brand.length || query.brand.includes(p.brand as never)),
      );
      const sorted =
        query.sortBy === "price-hightolow"
          ? matching.sort((a, b) => b.unit_price_cents - a.unit_price_cents || (b.id < a.id ? -1 : 1))
          : matching.sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id < b.id ? -1 : 1));
      const page = await listProducts(query, 24);
      expect(page.total).toBe(matching.length);
      expect(page.items.map((p) => p.id)).toEqual(sorted.slice((query.page - 1) * 24, query.page * 24).map((p) => p.id));
    }
  });

  it("finds exactly the products with stock in a size and colour, many matches or few", async () => {
    const variants = await db.selectFrom("product_variants").select(["product_id", "size", "color", "stock"]).execute();
    const all = await db.selectFrom("products").select(["id", "category", "unit_price_cents"]).execute();
    // Many matches (the sort index is walked) and few (found by the mask index and sorted).
    for (const search of [
      "size=m,xl&sortBy=price-hightolow&page=2",
      "color=black,white,navy,grey,red,green&page=3",
      "color=black&size=l",
      "category=kids&color=white",
      "color=aurora,navy&size=s",
    ]) {
      const query = q(search);
      const inStock = (id: string, test: (v: (typeof variants)[number]) => boolean) =>
        variants.some((v) => v.product_id === id && v.stock > 0 && test(v));
      const has = (id: string) =>
        (!query.size.length || inStock(id, (v) => query.size.includes(v.size))) &&
        (!query.color.length || inStock(id, (v) => query.color.includes(v.color.toLowerCase())));
      const matching = all
        .filter((p) => (!query.category.length || query.category.includes(p.category as never)) && has(p.id))
        .sort((a, b) =>
          query.sortBy === "price-hightolow"
            ? b.unit_price_cents - a.unit_price_cents || (b.id < a.id ? -1 : 1)
            : a.unit_price_cents - b.unit_price_cents || (a.id < b.id ? -1 : 1),
        );
      const page = await listProducts(query, 24);
      expect(page.total, search).toBe(matching.length);
      expect(
        page.items.map((p) => p.id),
        search,
      ).toEqual(matching.slice((query.page - 1) * 24, query.page * 24).map((p) => p.id));
    }
  });
});

describe("relatedProducts", () => {
  it("offers up to four other products of the same category that are in stock, newest first, with their sizes", async () => {
    const shown = await productWith([{ size: "M", stock: 2 }], { category: "kids" });
    const newer = await productWith([{ size: "L", stock: 1 }], { category: "kids" });
    const soldOut = await productWith([{ size: "M", stock: 0 }], { category: "kids" });
    const otherCategory = await productWith([{ size: "M", stock: 5 }], { category: "women" });

    const related = await relatedProducts(shown, 4);
    expect(related).toHaveLength(4);
    expect(related[0]!.id).toBe(newer.id);
    expect(related[0]!.variants.map((v) => [v.size, v.stock])).toEqual([["L", 1]]);
    const ids = related.map((p) => p.id);
    for (const left of [shown.id, soldOut.id, otherCategory.id]) expect(ids).not.toContain(left);
    for (const p of related) {
      expect(p.category).toBe("kids");
      expect(p.stock).toBeGreaterThan(0);
    }
    const created = await db.selectFrom("products").select(["id", "created_at"]).where("id", "in", ids).execute();
    const order = ids.map((id) => created.find((c) => c.id === id)!.created_at);
    expect(order).toEqual([...order].sort().reverse());

    // The newest kids' product sees the one before it first; a limit is kept.
    expect((await relatedProducts(newer, 1)).map((p) => p.id)).toEqual([shown.id]);
  });
});
