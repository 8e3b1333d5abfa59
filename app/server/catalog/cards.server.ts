import { sql } from "kysely";
import { groupBy } from "~/lib/group-by";
import { photoColorAmong, photosForColor, photoUrl, type Photo } from "~/lib/photos";
import type { CardProduct, Product } from "~/lib/product";
import { db } from "~/server/database/db.server";
import { storedWidths } from "~/server/media/photos.server";
import { catalogue } from "./catalogue.server";

// A grid's cards (issue 52): what a card shows of each product, read with two small queries for a
// whole page (the photo it shows, and how many variants and sizes it has) instead of every photo
// and variant. The whole product is read when its dialog or its page opens.

/** The widest a card's photo is fetched: a 296 px card at two device pixels (decision 0079). */
export const CARD_PHOTO_MAX_WIDTH = 640;

type CardSource = Pick<Product, "id" | "handle" | "image" | "title" | "category" | "brand" | "priceCents" | "salePriceCents" | "stock">;

/**
 * The cards of these products, in their order. `colors` (colour ids a listing's filter chose): each
 * card shows the first photo of one of them it has, else its cover.
 */
export async function cardsOf(products: readonly CardSource[], colors: readonly string[] = []): Promise<CardProduct[]> {
  if (!products.length) return [];
  const ids = products.map((p) => p.id);
  let photos = db
    .selectFrom("product_photos")
    .select(["product_id", "position", "color", "src", "base", "widths", "width", "height"])
    .where("product_id", "in", ids);
  // Without a colour to show, the cover alone: the photo first in each product's order.
  if (!colors.length) {
    photos = photos.where(
      "position",
      "=",
      sql<number>`(select min(p.position) from product_photos p where p.product_id = product_photos.product_id)`,
    );
  }
  const [photoRows, variantRows, snapshot] = await Promise.all([
    photos.orderBy("product_id").orderBy("position").execute(),
    db
      .selectFrom("product_variants")
      .select((eb) => [
        "product_id",
        eb.fn.countAll<number>().as("variants"),
        eb.fn.count<number>("size").distinct().as("sizes"),
        eb.fn.min("id").as("first"),
      ])
      .where("product_id", "in", ids)
      .groupBy("product_id")
      .execute(),
    catalogue(),
  ]);
  const photosOf = groupBy(photoRows, (row) => row.product_id!);
  const variantsOf = new Map(variantRows.map((row) => [row.product_id, row]));
  return products.map((p) => {
    const own = (photosOf.get(p.id) ?? []).map((row) => ({ ...row, widths: storedWidths(row.widths) }));
    const shown = photosForColor(own, photoColorAmong(own, colors))[0];
    const variants = variantsOf.get(p.id);
    const count = Number(variants?.variants ?? 0);
    return {
      id: p.id,
      handle: p.handle,
      title: p.title,
      brandName: snapshot.brand.get(p.brand)?.name ?? p.brand,
      categoryName: snapshot.category.get(p.category)?.name ?? p.category,
      priceCents: p.priceCents,
      salePriceCents: p.salePriceCents,
      stock: p.stock,
      photo: shown ? cardPhoto(shown) : { src: p.image, base: null, widths: [], width: 0, height: 0 },
      choose: count > 1 ? (Number(variants!.sizes) > 1 ? "size" : "colour") : null,
      variantId: count === 1 ? variants!.first : null,
    };
  });
}

/** A photo at the widths a card uses, its fallback the widest of them as JPEG. */
function cardPhoto(photo: Pick<Photo, "src" | "base" | "widths" | "width" | "height">): CardProduct["photo"] {
  if (!photo.base || !photo.widths.length)
    return { src: photo.src, base: photo.base, widths: [], width: photo.width, height: photo.height };
  const small = photo.widths.filter((w) => w <= CARD_PHOTO_MAX_WIDTH);
  const widths = small.length ? small : photo.widths.slice(0, 1);
  return { src: photoUrl(photo.base, widths.at(-1)!, "jpg"), base: photo.base, widths, width: photo.width, height: photo.height };
}
