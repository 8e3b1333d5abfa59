// A product's handle: the last part of its address (/shop/products/:handle). Made from the title
// here, so the migration that gave existing products theirs (0020) and the app agree.

/** At most this many characters: long enough for any title people read, short enough to share. */
export const HANDLE_MAX = 80;

/** Lowercase letters and digits joined by single hyphens ("Navy Linen Shirt!" → "navy-linen-shirt"). */
export function handleFrom(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return words.slice(0, HANDLE_MAX).replace(/-+$/, "") || "product";
}

/** The n-th handle of a title already taken: "linen-shirt-2", "linen-shirt-3"... */
export function numberedHandle(base: string, n: number): string {
  const suffix = `-${n}`;
  return base.slice(0, HANDLE_MAX - suffix.length).replace(/-+$/, "") + suffix;
}

/** Whether a handle the owner typed is one handleFrom could make (so links stay plain). */
export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
