import { sitemapCategories } from "~/server/catalog/sitemap.server";
import { isShopOpen } from "~/server/settings/settings.server";
import { sitemapNotFound, urlSet } from "./crawler-files.server";

// /sitemap/pages.xml: the home page, the listing of all products and each category's page (the
// categories that have products), each changed when its newest product did.
export async function loader() {
  if (!(await isShopOpen())) return sitemapNotFound();
  const categories = await sitemapCategories();
  const newest =
    categories
      .map((c) => c.lastmod)
      .sort()
      .at(-1) ?? null;
  return urlSet([
    { path: "/shop/home", lastmod: newest },
    { path: "/shop/listing", lastmod: newest },
    ...categories.map((c) => ({ path: `/shop/listing?category=${c.category}`, lastmod: c.lastmod })),
  ]);
}
