import type { Product } from "~/lib/product";
import { ProductSchema, type ProductInput } from "~/lib/schemas/products";
import { createProduct, saveProduct } from "~/server/admin/products.server";
import { db } from "~/server/database/db.server";

// Test support for the service tests: products as the tests need them.

/**
 * Products of the catalogue with a single variant (one size, no colours), as every product was
 * before sizes: a cart line is the product itself. Ordered by title.
 */
export function productsWithoutSizes(minStock = 0) {
  return db
    .selectFrom("products")
    .select(["products.id", "products.stock", "products.title"])
    .where((eb) =>
      eb(
        eb
          .selectFrom("product_variants as v")
          .select((v) => v.fn.countAll().as("n"))
          .whereRef("v.product_id", "=", "products.id"),
        "=",
        1,
      ),
    )
    .where("products.stock", ">=", minStock)
    .orderBy("products.title")
    .execute();
}

/** A new product with exactly these sizes, colours and stock. */
export function productWith(
  variants: Array<{ size: string; color?: string; stock: number; sku?: string }>,
  fields: Partial<ProductInput> = {},
): Promise<Product> {
  return createProduct({
    title: `Test product ${Math.random().toString(36).slice(2, 8)}`,
    description: "Made for a test",
    category: "men",
    brand: "nike",
    price: 20,
    salePrice: 0,
    image: "/demo/products/nike-dri-fit-running-tee.svg",
    ...fields,
    variants: variants.map((v) => ({ size: v.size, color: v.color ?? "", colorHex: "", sku: v.sku ?? null, stock: v.stock })),
  });
}

/**
 * A product added as the owner's form adds it (checked by ProductSchema and saveProduct): one
 * size with 4 in stock, $30, Women by Zara, unless `over` says otherwise.
 */
export async function addedProduct(title: string, over: Record<string, unknown> = {}): Promise<Product> {
  const input = ProductSchema.parse({
    title,
    description: "For a test",
    category: "women",
    brand: "zara",
    price: "30",
    totalStock: "4",
    image: "/demo/products/nike-dri-fit-running-tee.svg",
    ...over,
  });
  const result = await saveProduct(null, input, null);
  if (!result.ok) throw new Error(`not added: ${result.message}`);
  return result.product;
}
