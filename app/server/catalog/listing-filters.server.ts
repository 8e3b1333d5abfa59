import type { ListingQuery } from "~/lib/listing";
import { filterCounts, type FilterCounts } from "./filter-counts.server";
import { catalogue, categoriesWithin, popularTags, resolve, type CatalogueSnapshot } from "./catalogue.server";

// The listing's category, brand and tag filters (issue 49, decision 0068): the owner's rows, each
// with how many products it has. Counts come from the counts the triggers keep (filterCounts,
// decision 0069): categories counted within the chosen brands, brands within the chosen
// categories. A page shows the options with products and the ticked ones; a long list is cut,
// and the address `more=brand` (or `more=category`) asks for all of it, with or without JavaScript.

export type FilterOption = { id: string; label: string; count: number | null };
export type CategoryOption = FilterOption & { children: FilterOption[] };

export type ListingFilterGroups = {
  categories: CategoryOption[];
  /** How many options a cut of the list leaves out (0: the list is short): left out unless `more` asked for them. */
  hiddenCategories: number;
  brands: FilterOption[];
  hiddenBrands: number;
  tags: FilterOption[];
};

/** A list longer than this is cut until the shopper asks for all of it. */
export const BRANDS_SHOWN = 30;
export const CATEGORIES_SHOWN = 40;
const TAGS_SHOWN = 20;

export type MoreOf = "brand" | "category" | null;

/** The `more` of a listing's address: which long list the shopper asked to see whole. */
export function moreOf(params: URLSearchParams): MoreOf {
  const more = params.get("more");
  return more === "brand" || more === "category" ? more : null;
}

/**
 * What is the same for every listing: the counts within no choice (every category's, every
 * brand's) and the most used tags. Kept 5 s in each process, loaded together (a count or tag the
 * owner adds shows within seconds): the plain listing and the brand counts of a category's page
 * cost no grouping of product_counts or product_tags per page.
 */
const SHARED_TTL_MS = 5000;
let shared: { at: number; value: Promise<{ all: FilterCounts; tags: Array<{ tag: string; count: number }> }> } | null = null;

function sharedCounts() {
  if (!shared || Date.now() - shared.at > SHARED_TTL_MS) {
    const value = Promise.all([filterCounts([], []), popularTags(TAGS_SHOWN)]).then(([all, tags]) => ({
      all,
      tags,
    }));
    shared = { at: Date.now(), value };
    value.catch(() => (shared = null));
  }
  return shared.value;
}

/** Counts per category within the chosen brands, and per brand within the chosen categories. */
async function counts(categoryIds: string[], brandIds: string[]) {
  const { all, tags } = await sharedCounts();
  const need = { category: brandIds.length > 0, brand: categoryIds.length > 0 };
  const within = need.category || need.brand ? await filterCounts(categoryIds, brandIds) : all;
  return { category: need.category ? within.category : all.category, brand: need.brand ? within.brand : all.brand, tags };
}

/** The filter groups of a listing whose address is canonical (current handles). */
export async function listingFilterGroups(query: ListingQuery, more: MoreOf = null): Promise<ListingFilterGroups> {
  const snapshot = await catalogue();
  const chosenCategories = resolve(snapshot, "category", query.category).ids;
  const chosenBrands = resolve(snapshot, "brand", query.brand).ids;
  const { tags, ...count } = await counts(categoriesWithin(snapshot, chosenCategories), chosenBrands);
  const chosenTags = query.tag ?? [];
  return {
    ...categoryTree(snapshot, count.category, new Set(chosenCategories), more === "category"),
    ...brandList(snapshot, count.brand, new Set(chosenBrands), more === "brand"),
    tags: [
      ...tags.map((t) => ({ id: t.tag, label: t.tag, count: t.count })),
      // A tag the address asks for stays offered (ticked) even when it is not among the most used.
      ...chosenTags.filter((tag) => !tags.some((t) => t.tag === tag)).map((tag) => ({ id: tag, label: tag, count: null })),
    ],
  };
}

/**
 * Top categories with their subcategories under them, each counting its products (a top one its
 * own and its subcategories'). Shown: those with products, and the ticked ones. A long tree shows
 * the subcategories of the ticked top categories only.
 */
function categoryTree(snapshot: CatalogueSnapshot, count: Map<string, number>, chosen: Set<string>, whole: boolean) {
  type Top = CategoryOption & { open: boolean; chosen: boolean };
  const tops: Top[] = [];
  // snapshot.categories is in tree order: each top category, then its subcategories.
  for (const category of snapshot.categories) {
    const n = count.get(category.id) ?? 0;
    const top = tops.at(-1);
    if (category.parentId === null || !top) {
      const isChosen = chosen.has(category.id);
      tops.push({ id: category.handle, label: category.name, count: n, children: [], open: isChosen, chosen: isChosen });
      continue;
    }
    top.count = (top.count ?? 0) + n;
    if (n > 0 || chosen.has(category.id)) top.children.push({ id: category.handle, label: category.name, count: n });
    if (chosen.has(category.id)) top.open = true;
  }
  const shown = tops.filter((t) => (t.count ?? 0) > 0 || t.children.length > 0 || t.chosen);
  const total = shown.reduce((n, t) => n + 1 + t.children.length, 0);
  let hidden = 0;
  if (total > CATEGORIES_SHOWN) {
    for (const t of shown) {
      if (t.open) continue;
      hidden += t.children.length;
      if (!whole) t.children = [];
    }
  }
  return {
    categories: shown.map(({ id, label, count, children }): CategoryOption => ({ id, label, count, children })),
    hiddenCategories: hidden,
  };
}

/** Brands with products and the ticked ones, in the owner's order; a long list the first BRANDS_SHOWN (and every ticked one). */
function brandList(snapshot: CatalogueSnapshot, count: Map<string, number>, chosen: Set<string>, whole: boolean) {
  const shown = snapshot.brands
    .filter((b) => (count.get(b.id) ?? 0) > 0 || chosen.has(b.id))
    .map((b) => ({ id: b.handle, label: b.name, count: count.get(b.id) ?? 0, chosen: chosen.has(b.id) }));
  const cut = shown.length <= BRANDS_SHOWN ? shown : shown.filter((b, i) => i < BRANDS_SHOWN || b.chosen);
  return { brands: (whole ? shown : cut).map(({ id, label, count }) => ({ id, label, count })), hiddenBrands: shown.length - cut.length };
}
