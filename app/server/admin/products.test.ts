import { beforeAll, describe, expect, it } from "vitest";
import { ProductSchema } from "~/lib/schemas/products";
import { db, newId, now } from "~/server/database/db.server";
import { getProduct } from "~/server/catalog/catalog.server";
import { getOrder } from "~/server/orders/orders.server";
import { deleteProduct, lowStockVariants, saveProduct } from "./products.server";
import { addToCart, getCart } from "~/server/cart/cart.server";
import { registerUser } from "~/server/accounts/users.server";

const input = (over: Record<string, unknown> = {}) =>
  ProductSchema.parse({
    title: "Linen Shirt",
    description: "Cool linen",
    category: "men",
    brand: "zara",
    price: "49.90",
    salePrice: "",
    totalStock: "5",
    ...over,
  });

let userId: string;
beforeAll(async () => {
  const r = await registerUser({ userName: "owner", email: "owner@example.com", password: "password123" });
  if (!r.ok) throw new Error("setup");
  userId = r.user.id;
});

describe("ProductSchema", () => {
  it.each([
    [{ title: "  " }, "title", "Title is required"],
    [{ price: "0" }, "price", "Price must be greater than 0"],
    [{ price: "-5" }, "price", "Price must be greater than 0"],
    [{ price: "abc" }, "price", "Price must be a number"],
    [{ price: "1.999" }, "price", "Price can have at most 2 decimals"],
    [{ salePrice: "60" }, "salePrice", "Sale price must be lower than the price"],
    [{ salePrice: "-1" }, "salePrice", "Sale price cannot be negative"],
    [{ totalStock: "1.5" }, "totalStock", "Stock must be a whole number"],
    [{ totalStock: "-1" }, "totalStock", "Stock cannot be negative"],
    [{ category: "" }, "category", "Please choose a category"],
  ])("refuses %j", (over, field, message) => {
    const result = ProductSchema.safeParse({
      title: "T",
      description: "D",
      category: "men",
      brand: "zara",
      price: "50",
      totalStock: "1",
      ...over,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
  });
});

describe("saveProduct", () => {
  it("needs an image to add, and only one this shop serves", async () => {
    expect(await saveProduct(null, input(), null)).toMatchObject({
      ok: false,
      fieldErrors: { image: [expect.stringContaining("Image required")] },
      message: expect.stringContaining("Image required"),
    });
    expect(await saveProduct(null, input({ image: "https://evil.example/x.png" }), null)).toMatchObject({
      ok: false,
      fieldErrors: { image: [expect.any(String)] },
    });
    const text = new File(["not an image"], "x.png", { type: "image/png" });
    expect(await saveProduct(null, input(), text)).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringContaining("Invalid file type"),
    });
  });

  it("adds, edits and deletes; a deleted product leaves past orders readable and leaves carts", async () => {
    const added = await saveProduct(null, input({ image: "/demo/products/zara-slim-fit-oxford-shirt.svg" }), null);
    expect(added).toMatchObject({
      ok: true,
      created: true,
      product: { title: "Linen Shirt", priceCents: 4990, salePriceCents: 0, stock: 5 },
    });
    if (!added.ok) return;
    const id = added.product.id;
    const edited = await saveProduct(id, input({ price: "39.90", salePrice: "29.90", totalStock: "7" }), null);
    expect(edited).toMatchObject({
      ok: true,
      created: false,
      product: { priceCents: 3990, salePriceCents: 2990, stock: 7, image: "/demo/products/zara-slim-fit-oxford-shirt.svg" },
    });

    const orderId = newId();
    await db
      .insertInto("orders")
      .values({
        id: orderId,
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
        total_cents: 2990,
        payment_id: null,
        payer_id: null,
        order_date: now(),
        order_update_date: now(),
      })
      .execute();
    await db
      .insertInto("order_items")
      .values({
        id: newId(),
        order_id: orderId,
        product_id: id,
        title: "Linen Shirt",
        image: "/x.svg",
        unit_price_cents: 2990,
        quantity: 1,
      })
      .execute();
    await addToCart(userId, id, 1);

    expect(await deleteProduct(id)).toBe(true);
    expect(await getProduct(id)).toBeNull();
    expect((await getCart(userId)).items).toEqual([]);
    const order = await getOrder(orderId, userId);
    expect(order?.items).toEqual([
      {
        productId: null,
        variantId: null,
        size: "",
        color: "",
        sku: null,
        title: "Linen Shirt",
        image: "/x.svg",
        unitPriceCents: 2990,
        quantity: 1,
        discountCents: 0,
        taxCents: 0,
      },
    ]);
    expect(await deleteProduct(id)).toBe(false);
    expect(await saveProduct(id, input({ image: "/demo/products/zara-slim-fit-oxford-shirt.svg" }), null)).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});

const variants = (...rows: Array<[size: string, color: string, stock: number | string, sku?: string]>) =>
  rows.map(([size, color, stock, sku]) => ({ size, color, colorHex: "", sku: sku ?? "", stock: String(stock) }));

describe("an older client's edit", () => {
  it("a one-size product takes the typed total when its variant comes back as it was answered", async () => {
    const made = await saveProduct(null, input({ image: "/demo/products/zara-slim-fit-oxford-shirt.svg", totalStock: "3" }), null);
    if (!made.ok) throw new Error(made.message);
    const echo = made.product.variants.map((v) => ({ size: v.size, color: v.color, colorHex: v.colorHex, sku: v.sku, stock: v.stock }));
    const edited = await saveProduct(made.product.id, input({ variants: echo, totalStock: "7" }), null);
    expect(edited).toMatchObject({ ok: true, product: { stock: 7 } });
    if (!edited.ok) return;
    expect(edited.product.variants.map((v) => [v.id, v.stock])).toEqual([[made.product.variants[0]!.id, 7]]);
    // Added with variants and a total that disagrees: refused.
    const sent = input({ image: "/demo/products/zara-slim-fit-oxford-shirt.svg", variants: variants(["M", "", 2]), totalStock: "5" });
    expect(await saveProduct(null, sent, null)).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { totalStock: [expect.any(String)] },
    });
  });
});

describe("sizes and colours", () => {
  const refusal = (over: Record<string, unknown>) => {
    const result = ProductSchema.safeParse({ title: "T", description: "D", category: "men", brand: "zara", price: "50", ...over });
    return result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);
  };

  it("refuses, next to the row: a duplicate size and colour, a duplicate SKU, negative stock, sizes of another kind", () => {
    expect(refusal({ variants: variants(["M", "Black", 1], ["M", "black", 2]) })).toEqual([
      ["variants.1.size", "This size and colour is already listed"],
    ]);
    expect(refusal({ variants: variants(["M", "Black", 1, "TEE-M"], ["L", "Black", 1, "tee-m"]) })).toEqual([
      ["variants.1.sku", "This SKU is already used"],
    ]);
    expect(refusal({ variants: variants(["M", "", -1]) })).toEqual([["variants.0.stock", "Stock cannot be negative"]]);
    expect(refusal({ variants: variants(["M", "", 1], ["EU 42", "", 1]) })).toEqual([
      ["variants.1.size", "Use sizes of one kind: clothing, EU shoe sizes or one size"],
    ]);
    expect(refusal({ variants: [] })).toEqual([["variants", "Please add at least one size"]]);
    expect(refusal({ variants: variants(["M", "", 1]).map((v) => ({ ...v, colorHex: "red" })) })).toEqual([
      ["variants.0.colorHex", "A swatch is a colour like #1f2937"],
    ]);
  });

  it("keeps each kept size's row (and the cart lines on it), adds new ones, deletes the rest; the total is their sum", async () => {
    const made = await saveProduct(
      null,
      input({
        image: "/demo/products/zara-slim-fit-oxford-shirt.svg",
        totalStock: undefined,
        variants: variants(["S", "Blue", 2], ["M", "Blue", 3]),
      }),
      null,
    );
    if (!made.ok) throw new Error(made.message);
    expect(made.product.stock).toBe(5);
    expect(made.product.variants.map((v) => [v.size, v.color, v.stock])).toEqual([
      ["S", "Blue", 2],
      ["M", "Blue", 3],
    ]);
    const [small, medium] = made.product.variants;
    await addToCart(userId, made.product.id, 1, { variantId: small!.id });
    await addToCart(userId, made.product.id, 1, { variantId: medium!.id });
    // S goes, M gets a SKU and more stock, L is new.
    const edited = await saveProduct(
      made.product.id,
      input({ totalStock: undefined, variants: variants(["M", "blue", 9, "OXF-M"], ["L", "Blue", 1]) }),
      null,
    );
    if (!edited.ok) throw new Error(edited.message);
    expect(edited.product.stock).toBe(10);
    expect(edited.product.variants.map((v) => [v.size, v.sku, v.stock])).toEqual([
      ["M", "OXF-M", 9],
      ["L", null, 1],
    ]);
    expect(edited.product.variants[0]!.id).toBe(medium!.id);
    const lines = (await getCart(userId)).items.filter((i) => i.productId === made.product.id);
    expect(lines.map((l) => [l.variantId, l.size])).toEqual([[medium!.id, "M"]]);

    // Another product cannot take that SKU; the refusal names the row.
    const other = await saveProduct(
      null,
      input({
        image: "/demo/products/zara-slim-fit-oxford-shirt.svg",
        title: "Other",
        totalStock: undefined,
        variants: variants(["M", "", 1, "oxf-m"]),
      }),
      null,
    );
    expect(other).toMatchObject({
      ok: false,
      status: 409,
      fieldErrors: { "variants[0].sku": ['This SKU is already used by "Linen Shirt"'] },
    });

    // An older client edits the total: refused for a product with several sizes, unless unchanged.
    expect(await saveProduct(made.product.id, input({ totalStock: "3" }), null)).toMatchObject({ ok: false, status: 400 });
    expect((await getProduct(made.product.id))!.variants.map((v) => v.stock)).toEqual([9, 1]);
    expect(await saveProduct(made.product.id, input({ totalStock: "10", price: "45" }), null)).toMatchObject({
      ok: true,
      product: { priceCents: 4500 },
    });

    // An older client sends the variants back as it was answered them, beside a typed total.
    const echo = (await getProduct(made.product.id))!.variants.map((v) => ({
      size: v.size,
      color: v.color,
      colorHex: v.colorHex,
      sku: v.sku,
      stock: v.stock,
    }));
    expect(await saveProduct(made.product.id, input({ variants: echo, totalStock: "12" }), null)).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { totalStock: [expect.stringContaining("several sizes or colours (10 in stock in all)")] },
    });
    expect(await saveProduct(made.product.id, input({ variants: echo, totalStock: "10" }), null)).toMatchObject({ ok: true });
    // Changed variants with a total that disagrees: refused, nothing kept.
    const more = echo.map((v) => ({ ...v, stock: v.stock + 1 }));
    expect(await saveProduct(made.product.id, input({ variants: more, totalStock: "10", title: "Changed" }), null)).toMatchObject({
      ok: false,
      status: 400,
      message: "Total stock (10) is not the sum of the sizes' stock (12): change one or the other",
    });
    expect((await getProduct(made.product.id))!.title).toBe("Linen Shirt");

    const low = await lowStockVariants(3);
    expect(low.items).toContainEqual({ productId: made.product.id, title: "Linen Shirt", size: "L", color: "Blue", stock: 1 });
    expect(low.total).toBeGreaterThanOrEqual(low.items.length);
  });
});
