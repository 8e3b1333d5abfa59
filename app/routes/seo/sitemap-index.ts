import { productSitemapPageCount } from "~/server/catalog/sitemap.server";
import { isShopOpen } from "~/server/settings/settings.server";
import { sitemapIndex, sitemapNotFound } from "./crawler-files.server";

// /sitemap.xml: the index of the sitemap's pages, the shop's pages first, then the products' pages
// of 5,000 addresses each. A closed shop has no sitemap.
export async function loader() {
  if (!(await isShopOpen())) return sitemapNotFound();
  const pages = await productSitemapPageCount();
  return sitemapIndex(["/sitemap/pages.xml", ...Array.from({ length: pages }, (_, i) => `/sitemap/products/${i + 1}.xml`)]);
}
