import { BRAND_IDS, CATEGORY_IDS, DEFAULT_SORT, SORT_OPTIONS, type BrandId, type CategoryId, type SortId } from "./constants";

export const PAGE_SIZE = 24;

export type ListingFilters = { category: CategoryId[]; brand: BrandId[] };
export type ListingQuery = ListingFilters & { sortBy: SortId; page: number };

function pick<T extends string>(params: URLSearchParams, key: string, allowed: readonly T[]): T[] {
  const wanted = new Set(
    params
      .getAll(key)
      .flatMap((v) => v.split(","))
      .map((v) => v.trim().toLowerCase()),
  );
  // Keep the canonical order of the lists; unknown values are ignored, not errors.
  return allowed.filter((id) => wanted.has(id));
}

/**
 * Reads the listing state from the URL: `category=men,women&brand=nike&sortBy=...&page=2`.
 * Repeated keys (what a GET form without JavaScript sends) are accepted too.
 */
export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const sort = params.get("sortBy");
  const page = Number(params.get("page") ?? "1");
  return {
    category: pick(params, "category", CATEGORY_IDS),
    brand: pick(params, "brand", BRAND_IDS),
    sortBy: SORT_OPTIONS.some((o) => o.id === sort) ? (sort as SortId) : DEFAULT_SORT,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

const LISTING_KEYS = new Set(["category", "brand", "sortBy", "page"]);

/**
 * The canonical query string for a listing state: page 1 and the default sort are left out;
 * other parameters in `keep` (the open dialog, the cart sheet) follow unchanged.
 */
export function listingSearch(query: ListingQuery, keep?: URLSearchParams): string {
  const params = new URLSearchParams();
  if (query.category.length) params.set("category", query.category.join(","));
  if (query.brand.length) params.set("brand", query.brand.join(","));
  if (query.sortBy !== DEFAULT_SORT) params.set("sortBy", query.sortBy);
  if (query.page > 1) params.set("page", String(query.page));
  for (const [k, v] of keep ?? []) if (!LISTING_KEYS.has(k)) params.append(k, v);
  // Commas read better than %2C and are safe in a query string.
  const search = params.toString().replace(/%2C/g, ",");
  return search ? `?${search}` : "";
}

/** Session-storage mirror of the filters (SPEC: key 'filters'), written with JavaScript only. */
export function rememberFilters(filters: ListingFilters): void {
  try {
    sessionStorage.setItem("filters", JSON.stringify({ category: filters.category, brand: filters.brand }));
  } catch {
    // Storage can be disabled or full; the URL still carries the state.
  }
}
