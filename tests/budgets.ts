// The shop's budgets (issue 52): what a change may not make heavier. Counts of bytes and of
// database queries, never timings, so each is the same on every machine; speed itself is measured
// by `npm run bench`, which prints figures and fails nothing.
//
// RAISING A BUDGET NEEDS A DECISION RECORD in docs/decisions/ saying what the bytes or queries buy
// and why nothing lighter would do; lower one freely when a page gets lighter.
//
// KB here are 1,024 bytes, as `npm run weight` and `npm run bench` print them. The goals are the
// issue's; where it gives none, the budget is the figure measured when it was set (noted).

const KB = 1024;

/** Where the budgets below are measured: the demo data, the demo shopper signed in unless said otherwise. */
export const BUDGET_PAGES = {
  /** The listing: two departments, three brands, dearest first (24 products a page). */
  listing: "/shop/listing?category=men,women&brand=nike,adidas,puma&sortBy=price-hightolow",
  home: "/shop/home",
  search: "/shop/search?keyword=jeans",
  product: "/shop/products/dri-fit-running-tee?color=navy&size=M",
  cart: "/shop/cart",
  checkout: "/shop/checkout",
  /** The orders tab, the account page's first. */
  orders: "/shop/account",
  /** The first page a visitor of the closed shop sees: nobody is signed in. */
  signIn: "/auth/login",
  /** The owner's pages: the demo admin signed in. */
  adminProducts: "/admin/products",
  adminDashboard: "/admin/dashboard",
} as const;

/** The listing's JSON: the same filter as the listing page, 24 products. */
export const LISTING_JSON = "/api/shop/products/get?category=men,women&brand=nike,adidas,puma&sortBy=price-hightolow&limit=24";

export type BudgetPage = keyof typeof BUDGET_PAGES;

/**
 * JS+CSS, gzip (level 6) bytes a first visit downloads with an empty cache, scripts started after
 * load included (tests/e2e/budgets.spec.ts, counted by scripts/lib/page-weight.mjs).
 */
export const JS_CSS_GZIP_BYTES: Record<BudgetPage, number> = {
  // The goals are 120 KB for the listing and home and 130 KB for every other page. They are
  // not met yet (decision 0079, "JS+CSS: where the goal stands"): React, React DOM and React Router
  // alone are 105.8 KB and the shop's stylesheet 10.3 KB, so these budgets are the figures measured
  // when they were set, rounded up to a KB: no page may get heavier; lower each as pages get lighter.
  listing: 136 * KB, // 135.2 KB when set
  home: 136 * KB, // 135.5 KB
  search: 134 * KB, // 133.0 KB
  product: 150 * KB, // 149.8 KB (176.9 KB before the review form's checks came on demand)
  cart: 144 * KB, // 143.0 KB
  checkout: 150 * KB, // 149.5 KB (174.4 KB before)
  orders: 146 * KB, // 145.1 KB
  signIn: 139 * KB, // 138.2 KB
  adminProducts: 136 * KB, // 135.2 KB
  adminDashboard: 148 * KB, // 147.1 KB
};

/** Uncompressed bytes of a whole answer, for the demo data (tests/e2e/budgets.http.spec.ts). */
export const RESPONSE_BYTES = {
  // The goal (it was 118.0 KB when the issue was filed).
  listingHtml: 80 * KB,
  // No goal in the issue: the figure measured when this budget was set (50.9 KB, 52,118 bytes,
  // after the cards of decision 0079; 73.9 KB when the issue was filed), rounded up to a KB.
  homeHtml: 52 * KB,
  // The goal for 24 products (27.3 KB when the issue was filed).
  listingJson: 20 * KB,
};

/**
 * Database queries one page request makes, every middleware and loader of the page counted
 * (COUNT_QUERIES=1, app/server/database/query-count.server.ts), with what the shop keeps in memory
 * (settings, catalogue) loaded by an earlier request. No goal in the issue: the figures measured
 * when these budgets were set, the same on SQLite and PostgreSQL.
 */
export const QUERIES = {
  listingSignedIn: 8,
  listingVisitor: 6,
  productSignedIn: 13,
  productVisitor: 9,
};

/** "12.3 KB (12,595 bytes)", for the failures' messages. */
export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB (${bytes.toLocaleString("en")} bytes)`;
