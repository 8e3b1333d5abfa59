import { collectionPath, listingPathOf } from "~/lib/catalogue";
import { sitemapCategories, sitemapCollections } from "~/server/catalog/sitemap.server";
import { isShopOpen } from "~/server/settings/settings.server";
import { sitemapNotFound, urlSet } from "./crawler-files.server";

// /sitemap/pages.xml: the home page, the listing of all products, each category's page (both
// levels of the owner's tree, the categories that have products), each changed when its newest
// product did, and each collection's page (those with products), changed when it or its newest product did.
export async function loader() {
  if (!(await isShopOpen())) return sitemapNotFound();
  const [categories, collections] = await Promise.all([sitemapCategories(), sitemapCollections()]);
  const newest =
    categories
      .map((c) => c.lastmod)
      .sort()
      .at(-1) ?? null;
  return urlSet([
    { path: "/shop/home", lastmod: newest },
    { path: "/shop/listing", lastmod: newest },
    ...categories.map((c) => ({ path: listingPathOf("category", c.handle), lastmod: c.lastmod })),
    ...collections.map((c) => ({ path: collectionPath(c.handle), lastmod: c.lastmod })),
  ]);
}
