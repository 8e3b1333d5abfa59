import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/database/db.server";
import { addToCart, cartLineIds, getCart, removeFromCart, updateCartQuantity } from "./cart.server";
import { seedDemoCatalog } from "~/server/demo/seed.server";
import { registerUser } from "~/server/accounts/users.server";
import { productWith } from "#tests/support/catalog";
import { addPhotos } from "~/server/media/photos.server";

const square = async (background: string) => {
  const { default: sharp } = await import("sharp");
  return sharp({ create: { width: 400, height: 400, channels: 3, background } })
    .png()
    .toBuffer();
};
import { NOT_IN_CART, OUT_OF_STOCK, SELECT_COLOUR, SELECT_SIZE, VARIANT_UNAVAILABLE, onlyCanAdd } from "~/lib/messages/cart";

let userId: string;
let otherId: string;
beforeAll(async () => {
  await seedDemoCatalog();
  const r = await registerUser({ userName: "carter", email: "carter@example.com", password: "password123" });
  const o = await registerUser({ userName: "other", email: "other@example.com", password: "password123" });
  if (!r.ok || !o.ok) throw new Error("setup");
  userId = r.user.id;
  otherId = o.user.id;
});

describe("cart", () => {
  it("never puts more in the cart than in stock", async () => {
    const low = await productWith([{ size: "One size", stock: 2 }]);
    expect(await addToCart(userId, low.id, 1)).toEqual({ ok: true, quantity: 1 });
    expect(await addToCart(userId, low.id, 1)).toEqual({ ok: true, quantity: 2 });
    expect(await addToCart(userId, low.id, 1)).toEqual({ ok: false, status: 409, message: onlyCanAdd(2) });
    expect(await updateCartQuantity(userId, low.id, 3)).toEqual({ ok: false, status: 409, message: onlyCanAdd(2) });
    expect(await updateCartQuantity(userId, low.id, 1)).toEqual({ ok: true, quantity: 1 });
    expect(await cartLineIds(userId)).toEqual([low.variants[0]!.id]);
  });

  it("refuses a product that is out of stock or unknown", async () => {
    const none = await productWith([{ size: "One size", stock: 0 }]);
    expect(await addToCart(userId, none.id, 1)).toEqual({ ok: false, status: 409, message: OUT_OF_STOCK });
    expect(await addToCart(userId, "0".repeat(24), 1)).toMatchObject({ ok: false, status: 404 });
    expect(await cartLineIds(userId)).toHaveLength(1);
  });

  it("lists items with current prices, and removes them; each shopper has their own cart", async () => {
    const sale = await productWith([{ size: "One size", stock: 8 }], { price: 30, salePrice: 19.99 });
    await addToCart(userId, sale.id, 3);
    const cart = await getCart(userId);
    expect(cart.items).toHaveLength(2);
    expect(cart.items[1]).toEqual({
      productId: sale.id,
      variantId: sale.variants[0]!.id,
      size: "One size",
      color: "",
      sku: null,
      image: sale.image,
      title: sale.title,
      priceCents: 3000,
      salePriceCents: 1999,
      quantity: 3,
      stock: 8,
    });
    expect(await getCart(otherId)).toEqual({ id: null, items: [] });
    expect(await updateCartQuantity(otherId, sale.id, 1)).toEqual({ ok: false, status: 404, message: NOT_IN_CART });
    expect(await removeFromCart(otherId, sale.id)).toBe(false);
    expect(await removeFromCart(userId, sale.id)).toBe(true);
    expect((await getCart(userId)).items).toHaveLength(1);
  });

  it("loses an item whose product is deleted", async () => {
    const [line] = await getCart(userId).then((c) => c.items);
    await db.deleteFrom("products").where("id", "=", line!.productId).execute();
    expect((await getCart(userId)).items).toEqual([]);
  });
});

describe("a cart line is a size and colour", () => {
  it("asks for the size, then the colour, and never guesses", async () => {
    const tee = await productWith([
      { size: "S", color: "Black", stock: 3 },
      { size: "M", color: "Black", stock: 1 },
      { size: "M", color: "White", stock: 0 },
    ]);
    expect(await addToCart(userId, tee.id, 1)).toEqual({
      ok: false,
      status: 400,
      message: SELECT_SIZE,
      fieldErrors: { size: SELECT_SIZE, color: SELECT_COLOUR },
    });
    expect(await addToCart(userId, tee.id, 1, { size: "M" })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { color: SELECT_COLOUR },
    });
    expect(await addToCart(userId, tee.id, 1, { color: "black" })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { size: SELECT_SIZE },
    });
    expect(await addToCart(userId, tee.id, 1, { size: "XL", color: "Black" })).toMatchObject({ ok: false, message: VARIANT_UNAVAILABLE });
    // A colour sold out in that size, by name in any case; a size by its URL form too.
    expect(await addToCart(userId, tee.id, 1, { size: "m", color: "WHITE" })).toEqual({ ok: false, status: 409, message: OUT_OF_STOCK });
    expect(await addToCart(userId, tee.id, 1, { size: "M", color: "Black" })).toEqual({ ok: true, quantity: 1 });
    expect(await addToCart(userId, tee.id, 1, { size: "M", color: "Black" })).toEqual({ ok: false, status: 409, message: onlyCanAdd(1) });
  });

  it("keeps two sizes of one product as two lines, each limited by its own stock", async () => {
    const shoe = await productWith([
      { size: "EU 41", stock: 2 },
      { size: "EU 42", stock: 1 },
    ]);
    const [eu41, eu42] = shoe.variants;
    expect(await addToCart(otherId, shoe.id, 2, { variantId: eu41!.id })).toEqual({ ok: true, quantity: 2 });
    expect(await addToCart(otherId, shoe.id, 1, { size: "EU 42" })).toEqual({ ok: true, quantity: 1 });
    expect(await addToCart(otherId, shoe.id, 1, { variantId: eu42!.id })).toEqual({ ok: false, status: 409, message: onlyCanAdd(1) });
    const lines = (await getCart(otherId)).items.filter((i) => i.productId === shoe.id);
    expect(lines.map((l) => [l.size, l.quantity, l.stock])).toEqual([
      ["EU 41", 2, 2],
      ["EU 42", 1, 1],
    ]);
    // Without the variant, which line? Refused rather than guessed.
    expect(await updateCartQuantity(otherId, shoe.id, 1)).toMatchObject({ ok: false, status: 400, message: SELECT_SIZE });
    expect(await updateCartQuantity(otherId, shoe.id, 3, eu41!.id)).toEqual({ ok: false, status: 409, message: onlyCanAdd(2) });
    expect(await updateCartQuantity(otherId, shoe.id, 1, eu41!.id)).toEqual({ ok: true, quantity: 1 });
    // A variant of another product is not this product's.
    expect(await addToCart(otherId, shoe.id, 1, { variantId: "0".repeat(24) })).toMatchObject({ ok: false, status: 404 });
    expect(await removeFromCart(otherId, shoe.id, eu42!.id)).toBe(true);
    expect((await getCart(otherId)).items.filter((i) => i.productId === shoe.id).map((l) => l.size)).toEqual(["EU 41"]);
    // The legacy DELETE (no variant) takes every line of the product.
    await addToCart(otherId, shoe.id, 1, { variantId: eu42!.id });
    expect(await removeFromCart(otherId, shoe.id)).toBe(true);
    expect((await getCart(otherId)).items.filter((i) => i.productId === shoe.id)).toEqual([]);
  });

  it("shows the photo of the colour chosen when the owner linked one to it, else the cover", async () => {
    const tee = await productWith([
      { size: "M", color: "Navy", stock: 3 },
      { size: "M", color: "Red", stock: 3 },
    ]);
    const navy = await addPhotos(tee.id, [{ bytes: await square("#1e3a8a"), color: "navy" }]);
    if (!navy.ok) throw new Error(navy.message);
    await addToCart(otherId, tee.id, 1, { size: "M", color: "Navy" });
    await addToCart(otherId, tee.id, 1, { size: "M", color: "Red" });
    const lines = (await getCart(otherId)).items.filter((i) => i.productId === tee.id);
    expect(lines.map((l) => [l.color, l.image])).toEqual([
      ["Navy", navy.photos[1]!.src],
      ["Red", tee.image],
    ]);
    expect(navy.photos[1]!.src).not.toBe(tee.image);
  });

  it("loses the line of a size the owner removed", async () => {
    const jacket = await productWith([
      { size: "M", stock: 5 },
      { size: "L", stock: 5 },
    ]);
    await addToCart(otherId, jacket.id, 1, { size: "L" });
    await db.deleteFrom("product_variants").where("id", "=", jacket.variants[1]!.id).execute();
    expect((await getCart(otherId)).items.filter((i) => i.productId === jacket.id)).toEqual([]);
    // The product's total follows its variants.
    expect((await db.selectFrom("products").select("stock").where("id", "=", jacket.id).executeTakeFirstOrThrow()).stock).toBe(5);
  });
});
