import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { ProductSchema } from "~/lib/schemas/products";
import { saveProduct } from "~/server/admin/products.server";
import { db } from "~/server/database/db.server";
import { getProduct } from "./catalog.server";
import { lookUpHandle } from "./handles.server";

// A product's web address (issue 40), through the owner's product form's service: made from the
// title, unique, kept when the title changes, changed only by the owner, old ones answering 301.

const IMAGE = "/demo/products/nike-dri-fit-running-tee.svg";

/** The product form's fields, as the owner sends them. */
const form = (title: string, over: Record<string, unknown> = {}) => ({
  title,
  description: "For a test",
  category: "men",
  brand: "zara",
  price: "30",
  totalStock: "4",
  image: IMAGE,
  ...over,
});
const input = (title: string, over: Record<string, unknown> = {}) => ProductSchema.parse(form(title, over));

async function added(title: string, over: Record<string, unknown> = {}) {
  const result = await saveProduct(null, input(title, over), null);
  if (!result.ok) throw new Error(`not added: ${result.message}`);
  return result.product;
}

const edit = (id: string, title: string, over: Record<string, unknown> = {}) => saveProduct(id, input(title, over), null);

describe("a new product's handle", () => {
  it("is made from the title: lowercase, hyphens, accents dropped", async () => {
    expect((await added("Crème Brûlée  Linen SHIRT!")).handle).toBe("creme-brulee-linen-shirt");
    expect((await added("Ça & Là: 100% Coton")).handle).toBe("ca-la-100-coton");
  });

  it("is numbered when the title's is taken: -2, then -3", async () => {
    const first = await added("Harbour Coat");
    const second = await added("Harbour Coat");
    const third = await added("harbour coat");
    expect([first.handle, second.handle, third.handle]).toEqual(["harbour-coat", "harbour-coat-2", "harbour-coat-3"]);
    expect(await lookUpHandle("harbour-coat-2")).toEqual({ productId: second.id });
  });

  it("is unique for products with the same title added at once", async () => {
    // Connections open and waiting first (PostgreSQL), so the additions really run side by side.
    await Promise.all(Array.from({ length: 4 }, () => sql`select 1`.execute(db)));
    const all = await Promise.all(Array.from({ length: 4 }, () => added("Twin Scarf")));
    expect(all.map((p) => p.handle).sort()).toEqual(["twin-scarf", "twin-scarf-2", "twin-scarf-3", "twin-scarf-4"]);
  });

  it("is the owner's when they type one, and refused when taken", async () => {
    expect((await added("Field Jacket", { handle: "Waxed-Field-Jacket" })).handle).toBe("waxed-field-jacket");
    // A new product has no old links: its handle made from the title never existed.
    expect(await lookUpHandle("field-jacket")).toBeNull();
    const refused = await saveProduct(null, input("Other Jacket", { handle: "waxed-field-jacket" }), null);
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      fieldErrors: { handle: ['This web address is already used by "Field Jacket"'] },
    });
    expect(await lookUpHandle("other-jacket")).toBeNull();
  });
});

describe("changing a product's handle", () => {
  it("is kept when the title changes", async () => {
    const product = await added("Rain Parka");
    expect(await edit(product.id, "Storm Parka")).toMatchObject({ ok: true, product: { title: "Storm Parka", handle: "rain-parka" } });
    expect(await lookUpHandle("rain-parka")).toEqual({ productId: product.id });
    expect(await lookUpHandle("storm-parka")).toBeNull();
  });

  it("by the owner: the old one moves to the new one; taking it back ends the redirect", async () => {
    const product = await added("Deck Shoe");
    expect(await edit(product.id, "Deck Shoe", { handle: "canvas-deck-shoe" })).toMatchObject({
      ok: true,
      product: { handle: "canvas-deck-shoe" },
    });
    expect(await lookUpHandle("deck-shoe")).toEqual({ movedTo: "canvas-deck-shoe" });
    expect(await lookUpHandle("canvas-deck-shoe")).toEqual({ productId: product.id });

    // A second change: every earlier address leads to the latest.
    await edit(product.id, "Deck Shoe", { handle: "boat-shoe" });
    expect(await lookUpHandle("deck-shoe")).toEqual({ movedTo: "boat-shoe" });
    expect(await lookUpHandle("canvas-deck-shoe")).toEqual({ movedTo: "boat-shoe" });

    expect(await edit(product.id, "Deck Shoe", { handle: "deck-shoe" })).toMatchObject({ ok: true, product: { handle: "deck-shoe" } });
    expect(await lookUpHandle("deck-shoe")).toEqual({ productId: product.id });
    expect(await lookUpHandle("boat-shoe")).toEqual({ movedTo: "deck-shoe" });
  });

  it("to one another product has, or had, is refused and nothing of the edit is kept", async () => {
    const holder = await added("Wool Beanie");
    await edit(holder.id, "Wool Beanie", { handle: "merino-beanie" });
    const other = await added("Cotton Beanie");
    for (const taken of ["merino-beanie", "wool-beanie"]) {
      const refused = await edit(other.id, "Renamed Beanie", { handle: taken, price: "99" });
      expect(refused, taken).toMatchObject({
        ok: false,
        status: 409,
        fieldErrors: { handle: ['This web address is already used by "Wool Beanie"'] },
      });
      expect(await getProduct(other.id)).toMatchObject({ title: "Cotton Beanie", handle: "cotton-beanie", priceCents: 3000 });
    }
    expect(await lookUpHandle("wool-beanie")).toEqual({ movedTo: "merino-beanie" });
    expect(await lookUpHandle("cotton-beanie")).toEqual({ productId: other.id });
  });

  it("refuses what is not a plain handle", () => {
    for (const handle of ["two  words", "under_score", "-leading", "trailing-", "double--hyphen", "ünïcode", "a".repeat(81)]) {
      expect(ProductSchema.safeParse(form("Valid", { handle })).success, handle).toBe(false);
    }
    expect(input("Valid", { handle: "  Mixed-Case-9  " }).handle).toBe("mixed-case-9");
    expect(input("Valid", { handle: "" }).handle).toBeUndefined();
  });
});
