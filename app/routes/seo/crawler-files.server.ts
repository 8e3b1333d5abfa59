import { absoluteUrl } from "~/server/platform/image-urls.server";

// What robots.txt and the sitemaps answer (issue 40, decision 0052): the same for everyone (no
// session, no cookie), so a proxy or CDN keeps them. Browsers and crawlers recheck after five
// minutes, a shared cache after an hour: a crawler reads these a few times a day, and an owner
// who opens or closes the shop sees them follow within the hour.
const CACHE_CONTROL = "public, max-age=300, s-maxage=3600";

const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);

function answer(body: string, contentType: string, status = 200): Response {
  return new Response(body, { status, headers: { "Content-Type": contentType, "Cache-Control": CACHE_CONTROL } });
}

/** A sitemap address that does not exist, or any of them in a closed shop. */
export const sitemapNotFound = () => answer("Not found\n", "text/plain; charset=utf-8", 404);

export type SitemapEntry = { path: string; lastmod?: string | null };

/** A sitemap page: each path as an absolute address on PUBLIC_URL, with the time it last changed. */
export function urlSet(entries: SitemapEntry[]): Response {
  const urls = entries.map(
    (e) => `<url><loc>${xml(absoluteUrl(e.path))}</loc>${e.lastmod ? `<lastmod>${xml(e.lastmod)}</lastmod>` : ""}</url>`,
  );
  return answer(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
    "application/xml; charset=utf-8",
  );
}

/** The sitemap index: the paths of its pages, absolute on PUBLIC_URL. */
export function sitemapIndex(paths: string[]): Response {
  const sitemaps = paths.map((path) => `<sitemap><loc>${xml(absoluteUrl(path))}</loc></sitemap>`);
  return answer(
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps.join("\n")}\n</sitemapindex>\n`,
    "application/xml; charset=utf-8",
  );
}

/**
 * robots.txt. A closed shop (the default: every page behind sign-in) asks crawlers to stay out.
 * An open one lets them read the catalogue, and keeps them from pages that are a visitor's own
 * (cart, checkout, account, payment returns), from the API and the owner's pages, and from copies
 * of the catalogue's pages (a listing sorted, the product dialog or the cart sheet over a page,
 * search results), which name their canonical page anyway.
 */
export function robotsTxt(open: boolean): Response {
  if (!open) return answer("# The shop is open to signed-in customers only.\nUser-agent: *\nDisallow: /\n", "text/plain; charset=utf-8");
  const disallowed = [
    "/shop/cart",
    "/shop/checkout",
    "/shop/account",
    "/shop/paypal-return",
    "/shop/payment-success",
    "/shop/search",
    "/api/",
    // "/admin" as well as everything under it.
    "/admin",
    "/auth/",
    "/paypal-sim/",
    // Query parameters, first or later in the query string. Not `page=`: a category's later pages
    // lead crawlers to the products the first page has no room for (decision 0061).
    ...["sortBy", "product", "cart"].flatMap((name) => [`/*?${name}=`, `/*&${name}=`]),
  ];
  return answer(
    [
      "# The catalogue is open to everyone: its pages, and the product pages in the sitemap.",
      "User-agent: *",
      ...disallowed.map((path) => `Disallow: ${path}`),
      "",
      `Sitemap: ${absoluteUrl("/sitemap.xml")}`,
      "",
    ].join("\n"),
    "text/plain; charset=utf-8",
  );
}
