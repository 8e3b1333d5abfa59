import { colorId, sizeFromId, sizeId, type Variant } from "./variants";

// A product page's chosen variant lives in its address (`?color=navy&size=M`, written by
// productPath): a shared link opens on that colour and size, with or without JavaScript.

/** The colour and size a product page's address chose, as the product names them; null: none chosen. */
export type ProductChoice = { color: string | null; size: string | null };

/**
 * What `?color=` and `?size=` choose on this product: the colour matched by its URL form (any
 * case), the size by name or URL form (`M`, `m`, `EU-42`, `eu 42`). A value the product does not
 * have is no choice: the page shows the product without it. The colour comes first: a size is a
 * choice when the product has it in the chosen colour. A sold-out variant stays chosen, so its
 * address (the one search engines read for its offer) shows it sold out rather than the product
 * "In stock" (decision 0061).
 */
export function choiceFromQuery(variants: Variant[], params: URLSearchParams): ProductChoice {
  const colorParam = params.get("color");
  const sizeParam = params.get("size");
  const color = colorParam ? (variants.find((v) => v.color && colorId(v.color) === colorId(colorParam))?.color ?? null) : null;
  const sizeName = sizeParam ? sizeFromId(sizeId(sizeParam)) : undefined;
  const size = sizeName && variants.some((v) => v.size === sizeName && (!color || v.color === color)) ? sizeName : null;
  return { color, size };
}
