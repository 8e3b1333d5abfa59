import { beforeAll, describe, expect, it } from "vitest";
import { parseListingQuery } from "~/lib/listing";
import { photoColorAmong, photosForColor, productPhotos } from "~/lib/photos";
import type { Product } from "~/lib/product";
import { choicesOf, colorId, hasChoices } from "~/lib/variants";
import { productWith } from "#tests/support/catalog";
import { seedDemoCatalog } from "~/server/demo/seed.server";
import { asCards, listProducts } from "./catalog.server";
import { CARD_PHOTO_MAX_WIDTH } from "./cards.server";

// A grid's cards (issue 52) are read with two small queries instead of every photo and variant;
// each must show what the whole product would have shown: the same photo, words, price and button.

beforeAll(async () => {
  await seedDemoCatalog();
});

/** What a card showed when it was made from the whole product (before issue 52). */
function expectedCard(product: Product, colors: readonly string[]) {
  const photos = productPhotos(product);
  const photo = photosForColor(photos, photoColorAmong(photos, colors))[0]!;
  return {
    id: product.id,
    title: product.title,
    brandName: product.brandName,
    categoryName: product.categoryName,
    priceCents: product.priceCents,
    salePriceCents: product.salePriceCents,
    stock: product.stock,
    base: photo.base,
    widths: photo.widths.filter((w) => w <= CARD_PHOTO_MAX_WIDTH),
    choose: hasChoices(product.variants) ? (choicesOf(product.variants).sizes.length > 1 ? "size" : "colour") : null,
    variantId: product.variants.length === 1 ? product.variants[0]!.id : null,
  };
}

async function compare(search: string) {
  const query = parseListingQuery(new URLSearchParams(search));
  const [whole, cards] = await Promise.all([listProducts(query, 100), listProducts(query, 100, asCards(query.color))]);
  expect(cards.total).toBe(whole.total);
  expect(whole.items.length).toBeGreaterThan(0);
  for (const [i, card] of cards.items.entries()) {
    const { photo, handle: _handle, ...rest } = card;
    expect({ ...rest, base: photo.base, widths: photo.widths }).toEqual(expectedCard(whole.items[i]!, query.color));
    // The fallback <img> is the JPEG at the card's widest size (or the photo's own file).
    if (photo.base) expect(photo.src).toBe(`${photo.base}-${photo.widths.at(-1)}.jpg`);
  }
  return { whole, cards };
}

describe("a grid's cards", () => {
  it("show each product's cover, words, price and button as the whole product does", async () => {
    const { cards } = await compare("sortBy=title-atoz");
    // The demo has products with sizes to choose, with colours only, and with one variant.
    expect(new Set(cards.items.map((c) => c.choose))).toEqual(new Set(["size", "colour", null]));
  });

  it("show the photo of a colour the filter chose, where the product has one", async () => {
    const { whole, cards } = await compare("color=black&sortBy=title-atoz");
    const colourPhotos = whole.items.filter((p) => p.photos.some((photo) => photo.color && colorId(photo.color) === "black"));
    expect(colourPhotos.length).toBeGreaterThan(0);
    for (const p of colourPhotos) {
      const card = cards.items.find((c) => c.id === p.id)!;
      const shown = p.photos.find((photo) => photo.base === card.photo.base)!;
      expect(colorId(shown.color!)).toBe("black");
    }
  });

  it("add a product with one variant from the card, and send one with choices to its details", async () => {
    const one = await productWith([{ size: "M", stock: 3 }]);
    const sizes = await productWith([
      { size: "S", stock: 1 },
      { size: "M", stock: 0 },
    ]);
    const colours = await productWith([
      { size: "One size", color: "Red", stock: 2 },
      { size: "One size", color: "Blue", stock: 2 },
    ]);
    const cards = await listProducts(parseListingQuery(new URLSearchParams("sortBy=title-atoz")), 1000, asCards());
    const [a, b, c] = [one, sizes, colours].map((p) => cards.items.find((card) => card.id === p.id));
    expect(a).toMatchObject({ choose: null, variantId: one.variants[0]!.id, stock: 3 });
    expect(b).toMatchObject({ choose: "size", variantId: null, stock: 1 });
    expect(c).toMatchObject({ choose: "colour", variantId: null, stock: 4 });
  });
});
