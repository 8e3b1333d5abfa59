import type { SizeKind } from "./variants";

// The owner's catalogue as pages and /api see it (issue 49, decision 0065). Shared by the server
// and the browser: types and the tree's arithmetic only, no data.

export const RULE_FIELDS = ["category", "brand", "tag", "price", "onSale", "inStock"] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
/** The ops each field takes: a category, brand or tag "is"; a price "below" or "above"; on sale, in stock "is" true or false. */
export const RULE_OPS = {
  category: ["is"],
  brand: ["is"],
  tag: ["is"],
  price: ["below", "above"],
  onSale: ["is"],
  inStock: ["is"],
} as const;
/** One condition of an automatic collection. `value`: a category or brand id, a tag, dollars, or true/false. */
export type Rule = { field: RuleField; op: string; value: string | number | boolean };

export type Category = {
  id: string;
  handle: string;
  name: string;
  /** The top category it sits under, or null for a top category (the tree has two levels). */
  parentId: string | null;
  description: string;
  image: string;
  sizes: SizeKind[];
  position: number;
};

export type Brand = { id: string; handle: string; name: string; description: string; image: string; position: number };

export type Collection = {
  id: string;
  handle: string;
  name: string;
  description: string;
  image: string;
  /** null: manual (the owner picks and orders the products). */
  rules: Rule[] | null;
  /** The order its page opens in: '' is the owner's order (manual) or newest first (automatic). */
  sort: string;
  onHome: boolean;
  inMenu: boolean;
  position: number;
};

/** The top categories, in the owner's order. */
export const topCategories = (categories: readonly Category[]) => categories.filter((c) => c.parentId === null);

/** A category's subcategories, in the owner's order. */
export const childrenOf = (categories: readonly Category[], id: string) => categories.filter((c) => c.parentId === id);

/** A category and the one above it, top first: the breadcrumbs' trail. Empty for an unknown id. */
export function categoryTrail(categories: readonly Category[], id: string): Category[] {
  const category = categories.find((c) => c.id === id);
  if (!category) return [];
  const parent = category.parentId ? categories.find((c) => c.id === category.parentId) : undefined;
  return parent ? [parent, category] : [category];
}

/** Categories as the tree shows them: each top category followed by its subcategories. */
export function inTreeOrder(categories: readonly Category[]): Category[] {
  return topCategories(categories).flatMap((top) => [top, ...childrenOf(categories, top.id)]);
}

export const listingPathOf = (filter: "category" | "brand", handle: string) => `/shop/listing?${filter}=${encodeURIComponent(handle)}`;
export const collectionPath = (handle: string) => `/shop/collections/${encodeURIComponent(handle)}`;

/** A tag as stored: lower case, words joined by hyphens ("Summer 26" → "summer-26"). */
export function normalTag(raw: string): string {
  return raw.normalize("NFKC").trim().toLowerCase().replace(/\s+/g, "-").replace(/-+/g, "-");
}
