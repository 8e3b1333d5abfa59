import { beforeAll, expect, it } from "vitest";
import { db } from "~/server/database/db.server";
import { seedDemoCatalog } from "~/server/demo/seed.server";
import { filterCounts, productTotal } from "./filter-counts.server";

beforeAll(async () => {
  await seedDemoCatalog();
});

/** The counts by counting the products themselves. */
async function truth(categoryIds: string[], brandIds: string[]) {
  const rows = await db.selectFrom("products").select(["category", "brand"]).execute();
  const tally = (key: "category" | "brand", within: (r: (typeof rows)[number]) => boolean) => {
    const counts = new Map<string, number>();
    for (const r of rows.filter(within)) counts.set(r[key], (counts.get(r[key]) ?? 0) + 1);
    return counts;
  };
  return {
    category: tally("category", (r) => !brandIds.length || brandIds.includes(r.brand)),
    brand: tally("brand", (r) => !categoryIds.length || categoryIds.includes(r.category)),
  };
}

const CHOICES: Array<[string[], string[]]> = [
  [[], []],
  [["men", "kids"], []],
  [[], ["nike", "h&m"]],
  [["women"], ["zara", "levi"]],
];

it("count the listing's total, each category within the chosen brands and each brand within the chosen categories, as counting the products does", async () => {
  for (const [categories, brands] of CHOICES) {
    expect(await filterCounts(categories, brands)).toEqual(await truth(categories, brands));
    // The listing's total: the products in one of the categories and one of the brands.
    const both = await db
      .selectFrom("products")
      .select("id")
      .$if(categories.length > 0, (q) => q.where("category", "in", categories))
      .$if(brands.length > 0, (q) => q.where("brand", "in", brands))
      .execute();
    expect(await productTotal(categories, brands)).toBe(both.length);
  }
});

it("stay exact through adding, moving and deleting products, whoever writes", async () => {
  const { createProduct, updateProduct, deleteProduct } = await import("~/server/admin/products.server");
  const input = {
    title: "Count Me Too",
    description: "d",
    category: "kids",
    brand: "zara",
    price: 10,
    salePrice: 0,
    totalStock: 3,
    image: "/demo/x.webp",
  };
  const before = await filterCounts([], []);
  const added = await createProduct(input);
  const after = await filterCounts([], []);
  expect(after.category.get("kids")).toBe(before.category.get("kids")! + 1);
  expect(after.brand.get("zara")).toBe(before.brand.get("zara")! + 1);
  await updateProduct(added.id, { ...input, category: "accessories" });
  await updateProduct(added.id, { ...input, category: "accessories", brand: "puma" });
  // A script that writes the table itself is counted too (the triggers, not the service, keep the counts).
  await db.updateTable("products").set({ category: "men", brand: "adidas" }).where("id", "=", added.id).execute();
  for (const [categories, brands] of CHOICES) expect(await filterCounts(categories, brands)).toEqual(await truth(categories, brands));
  await deleteProduct(added.id);
  expect(await filterCounts([], [])).toEqual(before);
});
