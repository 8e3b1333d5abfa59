import { childrenOf, collectionPath, listingPathOf, topCategories, type Brand, type Category, type Collection } from "~/lib/catalogue";
import { absoluteImageUrl, absoluteUrl } from "~/server/platform/image-urls.server";

// The owner's catalogue (issue 49) as /api answers it, in the legacy contract's manner
// (legacy-json.server.ts): `_id` for ids (the ids products' `category` and `brand` hold), photos
// as absolute URLs, and the address of each row's page on PUBLIC_URL.

export function categoryJson(c: Category) {
  return {
    _id: c.id,
    handle: c.handle,
    name: c.name,
    parentId: c.parentId,
    description: c.description,
    image: absoluteImageUrl(c.image),
    sizes: c.sizes,
    position: c.position,
    url: absoluteUrl(listingPathOf("category", c.handle)),
  };
}

/** The tree: each top category in the owner's order, its subcategories in `children`. */
export function categoryTreeJson(categories: readonly Category[]) {
  return topCategories(categories).map((top) => ({ ...categoryJson(top), children: childrenOf(categories, top.id).map(categoryJson) }));
}

export function brandJson(b: Brand) {
  return {
    _id: b.id,
    handle: b.handle,
    name: b.name,
    description: b.description,
    image: absoluteImageUrl(b.image),
    position: b.position,
    url: absoluteUrl(listingPathOf("brand", b.handle)),
  };
}

/** A collection as shoppers see it: what it is, not how it is made. */
export function collectionJson(c: Collection) {
  return {
    _id: c.id,
    handle: c.handle,
    name: c.name,
    description: c.description,
    image: absoluteImageUrl(c.image),
    kind: c.rules === null ? ("manual" as const) : ("automatic" as const),
    sort: c.sort,
    onHome: c.onHome,
    inMenu: c.inMenu,
    position: c.position,
    url: absoluteUrl(collectionPath(c.handle)),
  };
}

/** For the owner: its rules too (null for a manual one) and, when given, a manual one's products in order. */
export function collectionOwnerJson(c: Collection, productIds?: readonly string[]) {
  return { ...collectionJson(c), rules: c.rules, ...(productIds ? { productIds } : {}) };
}
