import { beforeAll, describe, expect, it } from "vitest";
import { ProductSchema } from "~/lib/schemas";
import { db, newId, now } from "../platform/db.server";
import { getProduct } from "../catalog/catalog.server";
import { getOrder } from "../checkout/orders.server";
import { deleteProduct, saveProduct } from "./products.server";
import { addToCart, getCart } from "../cart/cart.server";
import { registerUser } from "../accounts/users.server";

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
    [{ category: "pets" }, "category", "Please choose a category"],
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
      field: "image",
      message: expect.stringContaining("Image required"),
    });
    expect(await saveProduct(null, input({ image: "https://evil.example/x.png" }), null)).toMatchObject({ ok: false, field: "image" });
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
    expect(order?.items).toEqual([{ productId: null, title: "Linen Shirt", image: "/x.svg", unitPriceCents: 2990, quantity: 1 }]);
    expect(await deleteProduct(id)).toBe(false);
    expect(await saveProduct(id, input({ image: "/demo/products/zara-slim-fit-oxford-shirt.svg" }), null)).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});
