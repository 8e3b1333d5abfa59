import { config, shopOrigins } from "./config.server";

/**
 * Images the shop serves itself are stored and rendered as paths (`/uploads/…`, `/demo/…`). The
 * /api answers them as absolute URLs on PUBLIC_URL, so a client on another origin can load them;
 * images sent back to the shop that way become paths again.
 */
export function absoluteImageUrl(src: string): string {
  return src.startsWith("/") && !src.startsWith("//") ? `${config.publicUrl}${src}` : src;
}

/** A path of the shop (a page, a sitemap) as the absolute address on PUBLIC_URL. */
export function absoluteUrl(path: string): string {
  return `${config.publicUrl}${path}`;
}

/** An absolute URL on one of the shop's own origins becomes its path; anything else is unchanged. */
export function localImagePath(src: string): string {
  try {
    const url = new URL(src);
    return shopOrigins().includes(url.origin) ? url.pathname : src;
  } catch {
    return src;
  }
}
