import { productPath } from "~/lib/product";
import { productSitemapPage } from "~/server/catalog/sitemap.server";
import { isShopOpen } from "~/server/settings/settings.server";
import type { Route } from "./+types/sitemap-products";
import { sitemapNotFound, urlSet } from "./crawler-files.server";

// /sitemap/products/<n>.xml: page n (from 1) of every product's page, by handle, 5,000 a page.
export async function loader({ params }: Route.LoaderArgs) {
  if (!(await isShopOpen())) return sitemapNotFound();
  const page = /^[1-9]\d{0,5}$/.test(params.page) ? Number(params.page) : 0;
  const products = page ? await productSitemapPage(page) : [];
  if (!products.length) return sitemapNotFound();
  return urlSet(products.map((p) => ({ path: productPath(p.handle), lastmod: p.lastmod })));
}
