// The owner's list of shoppers' accounts: a search and a page in the URL (`?search=ann&page=2`), so it
// works as a plain GET form and every list has an address.

/** A shopper's account as the owner sees it, with what they bought. */
export type Customer = {
  id: string;
  /** "Former customer" once the account is closed (its name and e-mail are erased then). */
  userName: string;
  email: string;
  joinedAt: string;
  /** Orders placed (payment attempts that were cancelled or failed are not orders). */
  orderCount: number;
  /** What the paid orders brought in, net of refunds. */
  spentCents: number;
  lastOrderAt: string | null;
  blockedAt: string | null;
  closedAt: string | null;
};

export type CustomerQuery = { search: string; page: number };

export function parseCustomerQuery(params: URLSearchParams): CustomerQuery {
  const page = Number(params.get("page") ?? "1");
  return {
    search: (params.get("search") ?? "").trim().slice(0, 100),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The list's address: the search, and a page after the first. */
export function customersHref(query: CustomerQuery): string {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `/admin/customers${search ? `?${search}` : ""}`;
}
