import type { MetaDescriptor } from "react-router";
import { collectionPath, listingPathOf } from "./catalogue";
import type { ListingFilters } from "./listing";
import { productPath, type Product } from "./product";

// What search engines and link previews read (issue 40): titles, descriptions, canonical
// addresses, Open Graph and Twitter tags, and JSON-LD, for a route's `meta`. Pure functions of
// what the page shows: the route's loader hands them its data and the shop's public origin
// (PUBLIC_URL), so a price or an address is never worked out twice (decision 0052).

/** Search engines show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/**
 * `text` on one line, at most `max` characters: cut after the last whole word that fits, with an
 * ellipsis, so a preview never ends in half a word.
 */
export function snippet(text: string, max = DESCRIPTION_LENGTH): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  // One character is kept for the ellipsis.
  let cut = clean.slice(0, max - 1);
  if (clean[max - 1] !== " ") {
    const lastSpace = cut.lastIndexOf(" ");
    // A first word longer than half the room is cut inside, rather than leaving almost nothing.
    if (lastSpace > max / 2) cut = cut.slice(0, lastSpace);
  }
  return `${cut.replace(/[\uD800-\uDBFF]$/, "").replace(/[\s,;:.!?…–—-]+$/u, "")}…`;
}

/** Open Graph and Twitter tags of a page: what a shared link's preview shows. */
export function socialTags(page: {
  type: string;
  title: string;
  description: string;
  url: string;
  image: string | null;
  imageAlt: string;
  siteName: string;
}): MetaDescriptor[] {
  return [
    { property: "og:type", content: page.type },
    { property: "og:site_name", content: page.siteName },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: page.url },
    ...(page.image
      ? [
          { property: "og:image", content: page.image },
          { property: "og:image:alt", content: page.imageAlt },
        ]
      : []),
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    ...(page.image
      ? [
          { name: "twitter:image", content: page.image },
          { name: "twitter:image:alt", content: page.imageAlt },
        ]
      : []),
  ];
}

/** The listing of one category: `/shop/listing?category=men`, the category's own page (by its handle). */
export const categoryPath = (handle: string) => listingPathOf("category", handle);

/** A category in the owner's tree as pages name it: its name and handle. */
export type CategoryLink = { name: string; handle: string };

/** The BreadcrumbList of a page: Home, then each step, the last the page itself. */
export function breadcrumbList(origin: string, steps: Array<{ name: string; url: string }>): JsonObject {
  return {
    "@type": "BreadcrumbList",
    itemListElement: [{ name: "Home", url: `${origin}/shop/home` }, ...steps].map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/** "A, B and C"; past `max` names, the first ones "and more". */
function listOf(names: readonly string[], max = 6): string {
  if (names.length > max) return `${names.slice(0, max).join(", ")} and more`;
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
}

/** What the listing's `meta` knows: the filters of its address and the shop's public origin. */
export type CategorySeoInput = {
  origin: string;
  shopName: string;
  /** The listing's filters (the sort never reaches the canonical address; the page, see `page`). */
  filters: ListingFilters;
  /** The one category the address names (its own page), with its place in the tree; else null. */
  category: (CategoryLink & { description: string; trail: CategoryLink[] }) | null;
  /** Names for the description: the top categories (the whole listing's) and the brands with products here, in the owner's order. */
  words: { categories: string[]; brands: string[] };
  /** An absolute URL of a picture for link previews (the first product's photo), if any. */
  image?: string | null;
  /**
   * The page of results and its sort, when the listing has them: a later page in the shop's
   * default order is a page of its own (crawlers read it to reach every product).
   */
  page?: { page: number; sorted: boolean };
};

const isPlainListing = (filters: ListingFilters) =>
  !filters.category.length && !filters.brand.length && !filters.size.length && !filters.color.length && !filters.tag?.length;

/** Whether the listing is one category's page: exactly that category, no other filter. */
function isCategoryPage(filters: ListingFilters): boolean {
  return filters.category.length === 1 && !filters.brand.length && !filters.size.length && !filters.color.length && !filters.tag?.length;
}

/**
 * The listing's heading (its `<h1>` and its title): a category's page says the category's name
 * ("Men", "Dresses"); every other listing is SPEC's "All Products".
 */
export function listingHeading(filters: ListingFilters, category: CategoryLink | null): string {
  return category && isCategoryPage(filters) ? category.name : "All Products";
}

/**
 * The listing's title, description, canonical address and Open Graph tags. Exactly one category
 * and no other filter is that category's page (`/shop/listing?category=men`, "Men | Shop"), with
 * the category's own description when the owner wrote one, and its BreadcrumbList; any other
 * listing names the plain listing as canonical, so sorted, filtered or tagged copies (utm_…,
 * ?product=, ?cart=) all point search engines to one page. A later page of a category's (or the
 * plain listing's) products in the default order keeps its number (`&page=2`).
 */
export function categoryMeta(input: CategorySeoInput): MetaDescriptor[] {
  const { origin, shopName, filters, words } = input;
  const only = input.category && isCategoryPage(filters) ? input.category : null;
  const heading = listingHeading(filters, only);
  const brands = words.brands.length ? ` from ${listOf(words.brands)}` : "";
  const description = snippet(
    only?.description.trim() || `${only ? only.name : listOf(words.categories, 8) || "Clothing and accessories"}${brands}, at ${shopName}.`,
  );
  // A later page of the category's (or the whole listing's) products is a page of its own, which
  // crawlers read to reach every product (decision 0061); a filtered copy's is the plain listing.
  const page = (only || isPlainListing(filters)) && input.page && input.page.page > 1 && !input.page.sorted ? input.page.page : null;
  const path = only ? categoryPath(only.handle) : "/shop/listing";
  const url = origin + (page ? `${path}${path.includes("?") ? "&" : "?"}page=${page}` : path);
  return [
    { title: `${heading}${page ? `, page ${page}` : ""} | ${shopName}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...socialTags({ type: "website", title: heading, description, url, image: input.image ?? null, imageAlt: heading, siteName: shopName }),
    ...(only
      ? [
          {
            "script:ld+json": {
              "@context": "https://schema.org",
              ...breadcrumbList(
                origin,
                only.trail.map((c) => ({ name: c.name, url: origin + categoryPath(c.handle) })),
              ),
            },
          },
        ]
      : []),
  ];
}

/** What a collection's page shows, as its loader has it. */
export type CollectionSeoInput = {
  origin: string;
  shopName: string;
  collection: { name: string; handle: string; description: string };
  /** The products on the page, in its order, and where the page starts in the whole list. */
  products: Array<Pick<Product, "handle" | "title">>;
  total: number;
  /** The collection's photo or the first product's, absolute. */
  image: string | null;
  page: { page: number; sorted: boolean; offset: number };
};

/**
 * A collection's page: its title, description, canonical address (a later page in the
 * collection's own order keeps its number; a sorted copy names the first), Open Graph tags, and
 * JSON-LD: a `CollectionPage` whose `mainEntity` is an `ItemList` of the products on the page, and
 * its BreadcrumbList.
 */
export function collectionMeta(input: CollectionSeoInput): MetaDescriptor[] {
  const { origin, shopName, collection, products } = input;
  const page = input.page.page > 1 && !input.page.sorted ? input.page.page : null;
  const path = collectionPath(collection.handle);
  const url = origin + (page ? `${path}?page=${page}` : path);
  const description = snippet(
    collection.description.trim() || `${collection.name}: ${input.total} ${input.total === 1 ? "product" : "products"} at ${shopName}.`,
  );
  const jsonLd: JsonObject = {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "CollectionPage",
        "@id": url,
        url,
        name: collection.name,
        description,
        isPartOf: { "@type": "WebSite", name: shopName, url: `${origin}/shop/home` },
        mainEntity: {
          "@type": "ItemList",
          numberOfItems: input.total,
          itemListElement: products.map((p, i) => ({
            "@type": "ListItem",
            position: input.page.offset + i + 1,
            url: origin + productPath(p.handle),
            name: p.title,
          })),
        },
      },
      breadcrumbList(origin, [{ name: collection.name, url: origin + path }]),
    ],
  };
  return [
    { title: `${collection.name}${page ? `, page ${page}` : ""} | ${shopName}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...socialTags({
      type: "website",
      title: collection.name,
      description,
      url,
      image: input.image,
      imageAlt: collection.name,
      siteName: shopName,
    }),
    { "script:ld+json": jsonLd },
  ];
}

/**
 * The shop-wide description: the home page's, and every page's that has none of its own (root.tsx),
 * from the owner's top categories and brands. It promises nothing about delivery: that follows the
 * owner's zones (the home page and the cart say it).
 */
export function shopDescription(words: { categories: string[]; brands: string[] }): string {
  const what = listOf(words.categories, 8) || "Clothing and accessories";
  return snippet(words.brands.length ? `${what} from ${listOf(words.brands)}.` : `${what}.`);
}

/**
 * The home page's canonical address (`/shop/home`: `/` only redirects), and its Open Graph and
 * Twitter tags with a picture (a featured product's photo: the banners may be SVG, which link
 * previews do not show).
 */
export function homeMeta(input: { origin: string; shopName: string; description: string; image: string | null }): MetaDescriptor[] {
  const url = `${input.origin}/shop/home`;
  return [
    { tagName: "link", rel: "canonical", href: url },
    ...socialTags({
      type: "website",
      title: input.shopName,
      description: input.description,
      url,
      image: input.image,
      imageAlt: input.shopName,
      siteName: input.shopName,
    }),
  ];
}

/**
 * Set in a route's `handle` when its `meta` writes a description of its own: the document then
 * leaves out the shop-wide one (root.tsx), so a page never has two.
 */
export const OWN_DESCRIPTION = { ownDescription: true } as const;

export function hasOwnDescription(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  return matches.some((m) => (m.handle as { ownDescription?: unknown } | undefined)?.ownDescription === true);
}
