// Sizes and colours (variants), shared by the server and the browser.

/** The size of a product that has no sizes (a bag, a cap), and of every product made before sizes. */
export const ONE_SIZE = "One size";
export const CLOTHING_SIZES = ["XS", "S", "M", "L", "XL", "XXL"] as const;
export const FOOTWEAR_SIZES = Array.from({ length: 11 }, (_, i) => `EU ${36 + i}`);

/** Every size, in the order pickers and filters show them. */
export const ALL_SIZES: readonly string[] = [...CLOTHING_SIZES, ...FOOTWEAR_SIZES, ONE_SIZE];

/**
 * The lists of sizes, one per kind of product: clothing XS to XXL, footwear EU 36 to 46, and "One
 * size" (accessories, and anything without sizes). A product's sizes all come from one list.
 */
export const SIZE_LISTS = {
  clothing: CLOTHING_SIZES as readonly string[],
  footwear: FOOTWEAR_SIZES as readonly string[],
  none: [ONE_SIZE],
};
export type SizeKind = keyof typeof SIZE_LISTS;

export const sizeKindOf = (size: string): SizeKind | undefined =>
  (Object.keys(SIZE_LISTS) as SizeKind[]).find((kind) => SIZE_LISTS[kind].includes(size));

/** The bits of `products.size_mask` (migration 0008) standing for these sizes: bit i for ALL_SIZES[i]. */
export const sizeMask = (sizes: readonly string[]) => sizes.reduce((mask, size) => mask | (1 << ALL_SIZES.indexOf(size)), 0);

export const sizeRank = (size: string) => {
  const rank = ALL_SIZES.indexOf(size);
  return rank === -1 ? ALL_SIZES.length : rank;
};

/** The URL form of a size: `m`, `eu-42`, `one-size` (`?size=m,l`). */
export const sizeId = (size: string) => size.toLowerCase().replace(/\s+/g, "-");
export const sizeFromId = (id: string) => ALL_SIZES.find((s) => sizeId(s) === id.trim().toLowerCase());

/**
 * A size in a product page's address (`?size=M`, `?size=EU-42`): as the shop writes it, spaces
 * made hyphens. Read back by sizeFromId, which ignores case.
 */
export const sizeParam = (size: string) => size.trim().replace(/\s+/g, "-");

/** The URL form of a colour: its name in lower case (`?color=black,navy`). */
export const colorId = (color: string) => color.trim().toLowerCase();

export type Variant = {
  id: string;
  size: string;
  /** '' when the product has no colours. */
  color: string;
  /** "#1f2937", or '' without a swatch. */
  colorHex: string;
  sku: string | null;
  stock: number;
};

/** Variants in picker order: by size, then colour. */
export function sortVariants<V extends Pick<Variant, "size" | "color">>(variants: V[]): V[] {
  return [...variants].sort((a, b) => sizeRank(a.size) - sizeRank(b.size) || a.color.localeCompare(b.color));
}

/** The sizes and colours a shopper chooses between, in order, each with whether any stock is left. */
export function choicesOf(variants: Variant[]) {
  const sizes = new Map<string, boolean>();
  const colors = new Map<string, { hex: string; inStock: boolean }>();
  for (const v of sortVariants(variants)) {
    sizes.set(v.size, (sizes.get(v.size) ?? false) || v.stock > 0);
    if (v.color) {
      const seen = colors.get(v.color);
      colors.set(v.color, { hex: seen?.hex || v.colorHex, inStock: (seen?.inStock ?? false) || v.stock > 0 });
    }
  }
  return {
    sizes: [...sizes].map(([size, inStock]) => ({ size, inStock })),
    colors: [...colors].map(([color, c]) => ({ color, ...c })),
  };
}

/** The variant of this size and colour (any colour for a product without colours). */
export function variantOf(variants: Variant[], size: string, color: string): Variant | undefined {
  const colored = variants.some((v) => v.color);
  return variants.find((v) => v.size === size && (!colored || v.color === color));
}

/** Whether some variant with this size and this colour (either left out: any) has stock. */
export function anyInStock(variants: Variant[], { size, color }: { size?: string; color?: string }): boolean {
  return variants.some((v) => v.stock > 0 && (!size || v.size === size) && (!color || v.color === color));
}

/** Whether a shopper must pick anything: a product with one variant needs no choice. */
export const hasChoices = (variants: Variant[]) => variants.length > 1;

/** How a cart or order line names its variant: "M · Black"; nothing for one size without colour. */
export function variantLabel(size: string, color: string): string {
  return [size && size !== ONE_SIZE ? size : "", color].filter(Boolean).join(" · ");
}

/** A line named in one piece, for messages and PayPal: "Tee (M · Black)", or the title alone. */
export function lineName(title: string, size: string, color: string): string {
  const variant = variantLabel(size, color);
  return variant ? `${title} (${variant})` : title;
}
