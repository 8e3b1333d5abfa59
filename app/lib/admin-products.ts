// The admin's products list: a keyword and a sort order in the URL (`?q=hoodie&sort=title-atoz&page=2`),
// so it works as a plain GET form and every list has an address.

export const ADMIN_PRODUCT_SORTS = [
  { id: "newest", label: "Newest first" },
  { id: "oldest", label: "Oldest first" },
  { id: "title-atoz", label: "Title: A to Z" },
  { id: "title-ztoa", label: "Title: Z to A" },
  { id: "price-lowtohigh", label: "Price: Low to High" },
  { id: "price-hightolow", label: "Price: High to Low" },
  { id: "stock-lowtohigh", label: "Stock: Low to High" },
] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number]["id"];
/** A product just added is at the top, not buried on page 3 of an A–Z list. */
export const DEFAULT_ADMIN_PRODUCT_SORT: AdminProductSort = "newest";

/**
 * The list's filter (`?q=&category=&brand=`): a keyword, a category id (a top category covers its
 * subcategories) and a brand id, '' for any. The same filter chooses what an export or a bulk
 * change takes ("all matching").
 */
export type AdminProductQuery = { keyword: string; category: string; brand: string; sort: AdminProductSort; page: number };

const catalogueId = (value: string | null) => (value ?? "").trim().slice(0, 100);

export function parseAdminProductQuery(params: URLSearchParams): AdminProductQuery {
  const sort = params.get("sort");
  const page = Number(params.get("page") ?? "1");
  return {
    keyword: (params.get("q") ?? "").trim().slice(0, 100),
    category: catalogueId(params.get("category")),
    brand: catalogueId(params.get("brand")),
    sort: ADMIN_PRODUCT_SORTS.some((s) => s.id === sort) ? (sort as AdminProductSort) : DEFAULT_ADMIN_PRODUCT_SORT,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The list's address: the keyword, a sort other than the default, a page after the first. */
export function adminProductsHref(query: AdminProductQuery): string {
  const params = new URLSearchParams();
  if (query.keyword) params.set("q", query.keyword);
  if (query.category) params.set("category", query.category);
  if (query.brand) params.set("brand", query.brand);
  if (query.sort !== DEFAULT_ADMIN_PRODUCT_SORT) params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `/admin/products${search ? `?${search}` : ""}`;
}

/** The Shopify CSV download of the list's products: all, or the current filter (issue 50). */
export function shopifyExportHref(query: Pick<AdminProductQuery, "keyword" | "category" | "brand">): string {
  const params = new URLSearchParams();
  if (query.keyword) params.set("q", query.keyword);
  if (query.category) params.set("category", query.category);
  if (query.brand) params.set("brand", query.brand);
  const search = params.toString();
  return `/admin/products/export${search ? `?${search}` : ""}`;
}
