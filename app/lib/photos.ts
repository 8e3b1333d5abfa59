import { colorId } from "./variants";

/** The widths every upload is made at (narrower than the original only), in CSS pixels' devices. */
export const PHOTO_WIDTHS = [320, 640, 960, 1440] as const;
/** A banner's widths: it spans the screen, up to a wide desktop's (decision 0058, "Banners"). */
export const BANNER_WIDTHS = [640, 960, 1440, 1920] as const;
/** Formats, best first: the browser takes the first <source> it knows; JPEG is every browser's. */
export const PHOTO_FORMATS = [
  { ext: "avif", type: "image/avif" },
  { ext: "webp", type: "image/webp" },
  { ext: "jpg", type: "image/jpeg" },
] as const;
export type PhotoExt = (typeof PHOTO_FORMATS)[number]["ext"];
/** A product has 1 to 12 photos. */
export const MAX_PHOTOS = 12;
/** `src`'s width: the fallback <img> and the older clients' `image`. */
export const FALLBACK_WIDTH = 960;

/**
 * One photo of a product, as pages and the /api use it. A photo uploaded since issue 42 has sizes
 * (`widths`, made at `<base>-<width>.<ext>`); one from before has only `src`.
 */
export type Photo = {
  id: string;
  /** Where it sits in the product's order: 0 is the cover. */
  position: number;
  alt: string;
  /** One of the product's colours (as the variants write it), or null for every colour. */
  color: string | null;
  src: string;
  base: string | null;
  widths: number[];
  /** Its largest size's pixels (0 when unknown: a photo from before). */
  width: number;
  height: number;
};

/** A picture made in sizes: where its files are, at which widths, and its largest size's pixels. */
export type Sizes = { base: string; widths: number[]; width: number; height: number };

export const photoUrl = (base: string, width: number, ext: PhotoExt) => `${base}-${width}.${ext}`;

/** `srcset` of one format, or undefined for a photo without sizes. */
export function photoSrcSet(photo: Pick<Photo, "base" | "widths">, ext: PhotoExt): string | undefined {
  if (!photo.base || !photo.widths.length) return undefined;
  return photo.widths.map((w) => `${photoUrl(photo.base!, w, ext)} ${w}w`).join(", ");
}

/** The largest size (Zoom), or `src` for a photo without sizes. */
export function largestPhotoUrl(photo: Pick<Photo, "base" | "widths" | "src">, ext: PhotoExt = "jpg"): string {
  const widest = photo.widths.at(-1);
  return photo.base && widest ? photoUrl(photo.base, widest, ext) : photo.src;
}

/** The smallest size (a thumbnail), or `src` for a photo without sizes. */
export function smallestPhotoUrl(photo: Pick<Photo, "base" | "widths" | "src">, ext: PhotoExt = "jpg"): string {
  const narrowest = photo.widths[0];
  return photo.base && narrowest ? photoUrl(photo.base, narrowest, ext) : photo.src;
}

/** Width and height for the <img> (no layout shift): its own, or a square for a photo from before. */
export function photoBox(photo: Pick<Photo, "width" | "height">, width: number): { width: number; height: number } {
  if (!photo.width || !photo.height) return { width, height: width };
  return { width, height: Math.round((width * photo.height) / photo.width) };
}

/** The photos in the order a shopper who chose `color` sees them: that colour's first, then the rest. */
export function photosForColor<T extends Pick<Photo, "color" | "position">>(photos: T[], color: string | null | undefined): T[] {
  const ordered = [...photos].sort((a, b) => a.position - b.position);
  if (!color) return ordered;
  const id = colorId(color);
  const mine = ordered.filter((p) => p.color !== null && colorId(p.color) === id);
  return [...mine, ...ordered.filter((p) => !mine.includes(p))];
}

/** A product's photos; one made of its `image` when it has none (a product written by hand into the database). */
export function productPhotos(product: { id: string; photos: Photo[]; image: string; title: string }): Photo[] {
  if (product.photos.length) return product.photos;
  return [
    { id: product.id, position: 0, alt: product.title, color: null, src: product.image, base: null, widths: [], width: 0, height: 0 },
  ];
}

/** The first of `colors` (colour ids, as a listing's filter writes them) that one of the photos shows; null: none. */
export function photoColorAmong(photos: Pick<Photo, "color">[], colors: readonly string[]): string | null {
  const shown = new Set(photos.flatMap((p) => (p.color ? [colorId(p.color)] : [])));
  return colors.find((c) => shown.has(colorId(c))) ?? null;
}

/**
 * A small size of a photo known only by its address (a cart or order line keeps `image`, the
 * cover's JPEG at `<base>-<width>.jpg`): 320 px, which every photo wider than that was made at
 * (widthsFor), the demo's photos too. Any other address (the demo's older art, an upload from
 * before sizes) stays as it is.
 */
export function thumbnailUrl(src: string): string {
  const sized = /^(\/(?:uploads\/[0-9a-f]+|demo\/photos\/[a-z0-9-]+?))-(\d+)\.jpg$/.exec(src);
  const smallest = PHOTO_WIDTHS[0];
  return sized && Number(sized[2]) > smallest ? photoUrl(sized[1]!, smallest, "jpg") : src;
}
