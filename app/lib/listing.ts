import { normalTag } from "./catalogue";
import { DEFAULT_SORT, SORT_OPTIONS, type SortId } from "./constants";
import { ALL_SIZES, colorId, sizeFromId, sizeId } from "./variants";

export const PAGE_SIZE = 24;

/**
 * `category` and `brand` hold handles as the address gives them (the server resolves them against
 * the owner's catalogue: current handles, ids, old handles), `tag` tags: each "one of these".
 * `size` holds size names ("M", "EU 42"), `color` colour ids (lower-case names). Both mean "has
 * stock in one of these", each on its own (decision 0031).
 */
export type ListingFilters = { category: string[]; brand: string[]; tag?: string[]; size: string[]; color: string[] };
export type ListingQuery = ListingFilters & { sortBy: SortId; page: number };

/** Every value of a key: repeated keys (a GET form) and comma-joined lists (the canonical URL). */
function values(params: URLSearchParams, key: string): string[] {
  return params
    .getAll(key)
    .flatMap((v) => v.split(","))
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
}

/** Handles or tags: distinct, at most 50, none longer than an id or handle can be (unknown ones the server drops). */
function words(params: URLSearchParams, key: string): string[] {
  return [...new Set(values(params, key))].filter((v) => v.length <= 100).slice(0, 50);
}

/**
 * Reads the listing state from the URL: `category=men,women&brand=nike&sortBy=...&page=2`.
 * Repeated keys (what a GET form without JavaScript sends) are accepted too.
 */
export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const sort = params.get("sortBy");
  const page = Number(params.get("page") ?? "1");
  const sizes = new Set(values(params, "size").flatMap((id) => sizeFromId(id) ?? []));
  return {
    category: words(params, "category"),
    brand: words(params, "brand"),
    // Only what a tag can be (TagsSchema's rule): anything else names no product.
    tag: [...new Set(words(params, "tag").map(normalTag))]
      .filter((t) => t.length <= 40 && /^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u.test(t))
      .sort()
      .slice(0, 20),
    size: ALL_SIZES.filter((s) => sizes.has(s)),
    // Colour names are the owner's words: any letters, numbers, spaces and dashes, sorted.
    color: [...new Set(values(params, "color").map(colorId))]
      .filter((c) => /^[\p{L}\p{N}][\p{L}\p{N} '-]{0,39}$/u.test(c))
      .sort()
      .slice(0, 20),
    sortBy: SORT_OPTIONS.some((o) => o.id === sort) ? (sort as SortId) : DEFAULT_SORT,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

const LISTING_KEYS = new Set(["category", "brand", "tag", "size", "color", "sortBy", "page"]);

/**
 * The canonical query string for a listing state: page 1 and the default sort are left out;
 * other parameters in `keep` (the open dialog, the cart sheet) follow unchanged.
 */
export function listingSearch(query: ListingQuery, keep?: URLSearchParams): string {
  const params = new URLSearchParams();
  if (query.category.length) params.set("category", query.category.join(","));
  if (query.brand.length) params.set("brand", query.brand.join(","));
  if (query.tag?.length) params.set("tag", query.tag.join(","));
  if (query.size.length) params.set("size", query.size.map(sizeId).join(","));
  if (query.color.length) params.set("color", query.color.join(","));
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
    sessionStorage.setItem(
      "filters",
      JSON.stringify({
        category: filters.category,
        brand: filters.brand,
        tag: filters.tag ?? [],
        size: filters.size.map(sizeId),
        color: filters.color,
      }),
    );
  } catch {
    // Storage can be disabled or full; the URL still carries the state.
  }
}
