import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Form, Link, redirect, useNavigate } from "react-router";
import { Pagination } from "~/components/shop/pagination";
import { ProductGrid } from "~/components/shop/product-card";
import { ProductDialogOverlay } from "~/components/shop/overlays";
import { Button } from "~/components/ui/button";
import { DEFAULT_SORT, SORT_OPTIONS } from "~/lib/constants";
import { listingSearch, parseListingQuery, rememberFilters, type ListingQuery } from "~/lib/listing";
import { useHydrated } from "~/lib/use-hydrated";
import { asCards, canonicalListing, listingFacets, listProducts } from "~/server/catalog/catalog.server";
import { catalogue } from "~/server/catalog/catalogue.server";
import { listingFilterGroups, moreOf, type MoreOf } from "~/server/catalog/listing-filters.server";
import { categoryPageOf, shopWords } from "~/server/catalog/storefront.server";
import { colorId, sizeFromId, sizeId } from "~/lib/variants";
import { productDialogAction } from "./product-dialog.server";
import { useProductDialog } from "./product-dialog";
import { skipWhenOnlyProductChanges } from "~/lib/revalidate";
import type { Route } from "./+types/listing";
import type { ShopHandle } from "./layout";
import { shopNameIn } from "~/lib/shop-name";
import { categoryMeta, listingHeading, OWN_DESCRIPTION } from "~/lib/seo";
import { absoluteImageUrl, absoluteUrl } from "~/server/platform/image-urls.server";

export const handle: ShopHandle & typeof OWN_DESCRIPTION = {
  skipLink: { href: "#products", label: "Skip to products" },
  ...OWN_DESCRIPTION,
};

// A category's page for search engines and link previews: title, description, canonical address.
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? categoryMeta({
        origin: loaderData.seo.origin,
        shopName: shopNameIn(matches),
        filters: loaderData.query,
        category: loaderData.category,
        words: loaderData.seo.words,
        image: loaderData.seo.image,
        page: { page: loaderData.query.page, sorted: loaderData.query.sortBy !== DEFAULT_SORT },
      })
    : [];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseListingQuery(url.searchParams);
  // A category or brand by an old handle or by its id (what older clients send): for good to the
  // address with its current handle (issue 49).
  const current = await canonicalListing(query);
  if (current.moved) throw redirect(`${url.pathname}${listingSearch(current.query, url.searchParams)}`, 301);
  // The URL is the state: what a GET form sends (repeated keys) becomes the canonical
  // `category=men,women&sortBy=...` form, so every listing has one address.
  const canonical = listingSearch(query, url.searchParams);
  // Compared as parsed parameters: the server may hand us commas encoded as %2C.
  if (new URLSearchParams(canonical).toString() !== url.searchParams.toString()) throw redirect(`${url.pathname}${canonical}`);
  const more = moreOf(url.searchParams);
  const [page, facets, groups, snapshot] = await Promise.all([
    listProducts(query, undefined, asCards(query.color)),
    listingFacets(),
    listingFilterGroups(query, more),
    catalogue(),
  ]);
  if (query.page > page.pageCount) throw redirect(`${url.pathname}${listingSearch({ ...query, page: page.pageCount }, url.searchParams)}`);
  const first = page.items[0];
  // The one category the address names, with its place in the tree: the heading, meta, and the
  // header's mark on its top category.
  const category = categoryPageOf(snapshot, query.category);
  return {
    query,
    page,
    facets,
    groups,
    more,
    category,
    navCategory: category?.trail[0]?.handle ?? null,
    seo: {
      origin: absoluteUrl(""),
      image: first ? absoluteImageUrl(first.photo.src) : null,
      // The description's words: the departments, and the brands with products among these.
      words: {
        categories: shopWords(snapshot).categories,
        brands: groups.brands.filter((b) => (b.count ?? 0) > 0).map((b) => b.label),
      },
    },
  };
}

export const action = ({ request, context }: Route.ActionArgs) => productDialogAction(request, context);

export const shouldRevalidate = skipWhenOnlyProductChanges;

export default function Listing({ loaderData }: Route.ComponentProps) {
  const { query, page, facets, groups, more } = loaderData;
  const dialog = useProductDialog();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const active = query.category.length + query.brand.length + (query.tag?.length ?? 0) + query.size.length + query.color.length;
  // A colour asked for in the URL stays offered even when the list of colours has moved on.
  const colorOptions = [
    ...facets.colors.map((c) => ({ id: c.id, label: c.name, hex: c.hex })),
    ...query.color.filter((c) => !facets.colors.some((f) => f.id === c)).map((c) => ({ id: c, label: c, hex: "" })),
  ];
  const sizeOptions = [...new Set([...facets.sizes, ...query.size])].map((s) => ({ id: sizeId(s), label: s }));

  const filters = useRef<HTMLDetailsElement>(null);
  const onToggle = hydrated ? (form: HTMLFormElement | null) => toggle(form) : undefined;
  // With JavaScript every change applies at once (back to page 1) and is mirrored to sessionStorage.
  const apply = (next: ListingQuery) => {
    rememberFilters(next);
    // A long list the shopper opened whole stays whole.
    void navigate(`/shop/listing${listingSearch({ ...next, page: 1 }, new URLSearchParams(more ? { more } : {}))}`, {
      preventScrollReset: true,
    });
  };
  // The boxes as they are now, not the last page's query: two boxes ticked in quick succession
  // both count, even before the first one's page has arrived.
  const toggle = (form: HTMLFormElement | null) => {
    if (!form) return;
    const ticked = new FormData(form);
    apply({
      ...query,
      category: ticked.getAll("category").map(String),
      brand: ticked.getAll("brand").map(String),
      tag: ticked.getAll("tag").map(String),
      size: ticked.getAll("size").flatMap((id) => sizeFromId(String(id)) ?? []),
      color: ticked.getAll("color").map((c) => colorId(String(c))),
    });
    showResults(filters.current);
  };

  return (
    <div className="relative mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 md:grid-cols-[220px_1fr]">
      {/* A keyboard user reaches the first product in one step instead of tabbing through every
          filter box; shown when focused. */}
      {page.items.length ? (
        <a
          href={handle.skipLink!.href}
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-1 focus:z-30 focus:rounded focus:bg-white focus:px-3 focus:py-1.5 focus:font-medium focus:shadow focus:outline-2 focus:outline-blue-600 sm:focus:left-6"
        >
          {handle.skipLink!.label}
        </a>
      ) : null}
      {/* On phones the filters fold behind a "Filters" button (a <details>, so it opens without
          JavaScript); from md up they are always open beside the grid (app.css). Each group folds
          too, open while one of its boxes is ticked: results come first on a phone, and a
          keyboard passes the filters in a few presses (decision 0047). */}
      <details
        ref={(details) => {
          filters.current = details;
          openOnWideScreens(details);
        }}
        aria-label="Filters"
        // A shopper who asked for a whole list ("All 41 brands") sees it, on a phone too.
        open={more ? true : undefined}
        className="listing-filters group h-fit rounded-lg border border-gray-200 bg-white md:p-4"
      >
        <summary className="flex cursor-pointer items-center justify-between gap-2 rounded-lg p-4 text-lg font-bold focus-visible:outline-2 focus-visible:outline-blue-600 md:pointer-events-none md:p-0 md:pb-3">
          <span>
            Filters
            {active ? (
              <span className="ml-2 rounded-full bg-gray-900 px-2 py-0.5 align-middle text-xs text-white" data-testid="active-filters">
                {active} active
              </span>
            ) : null}
          </span>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-5 w-5 transition-transform group-open:rotate-180 md:hidden"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M6 9l6 6 6-6" />
          </svg>
        </summary>
        <Form id="listing-filters" method="get" action="/shop/listing" className="space-y-1 px-4 pb-4 md:p-0">
          {more ? <input type="hidden" name="more" value={more} /> : null}
          {groups.categories.length ? (
            <FilterGroup legend="Category" active={query.category.length} opened={more === "category"}>
              <ul className="grid grid-cols-2 gap-1.5 sm:grid-cols-3 md:grid-cols-1">
                {groups.categories.map((top) => (
                  <li key={top.id}>
                    <FilterOption name="category" option={top} selected={query.category} onToggle={onToggle} />
                    {top.children.length ? (
                      <ul aria-label={top.label} className="ml-6 mt-1.5 space-y-1.5">
                        {top.children.map((child) => (
                          <li key={child.id}>
                            <FilterOption name="category" option={child} selected={query.category} onToggle={onToggle} />
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
              <MoreLink query={query} group="category" more={more} hidden={groups.hiddenCategories} noun="categories" />
            </FilterGroup>
          ) : null}
          {groups.brands.length ? (
            <FilterGroup legend="Brand" active={query.brand.length} opened={more === "brand"}>
              <OptionList name="brand" options={groups.brands} selected={query.brand} onToggle={onToggle} />
              <MoreLink query={query} group="brand" more={more} hidden={groups.hiddenBrands} noun="brands" />
            </FilterGroup>
          ) : null}
          {groups.tags.length ? (
            <FilterGroup legend="Tag" active={query.tag?.length ?? 0}>
              <OptionList name="tag" options={groups.tags} selected={query.tag ?? []} onToggle={onToggle} />
            </FilterGroup>
          ) : null}
          <FilterGroup legend="Size" active={query.size.length}>
            <OptionList
              name="size"
              options={sizeOptions}
              selected={query.size.map(sizeId)}
              onToggle={onToggle}
              columns="grid-cols-3 md:grid-cols-2"
            />
          </FilterGroup>
          {colorOptions.length ? (
            <FilterGroup legend="Colour" active={query.color.length}>
              <OptionList name="color" options={colorOptions} selected={query.color} onToggle={onToggle} />
            </FilterGroup>
          ) : null}
        </Form>
      </details>
      <section aria-labelledby="listing-heading" className="min-w-0">
        <div className="mb-5 flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 pb-4">
          {/* SPEC's "All Products"; a category's own page says its name ("Men"), as its title does. */}
          <h1 id="listing-heading" className="text-2xl font-extrabold">
            {listingHeading(query, loaderData.category)}{" "}
            <span className="ml-1 align-middle text-base font-medium text-gray-600">
              ({page.total} {page.total === 1 ? "product" : "products"})
            </span>
          </h1>
          <div className="flex items-center gap-2">
            <label htmlFor="sortBy" className="text-sm font-medium">
              Sort by
            </label>
            <select
              id="sortBy"
              name="sortBy"
              form="listing-filters"
              defaultValue={query.sortBy}
              key={query.sortBy}
              onChange={hydrated ? (e) => apply({ ...query, sortBy: e.target.value as ListingQuery["sortBy"] }) : undefined}
              className="h-10 rounded-md border border-gray-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              {SORT_OPTIONS.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
            {/* One Apply, for the boxes and the sort menu together, only without JavaScript (with it
                every change applies at once). Beside the sort menu, it stays in view on a phone
                while the filters are folded. */}
            {hydrated ? null : (
              <Button type="submit" form="listing-filters" variant="outline">
                Apply
              </Button>
            )}
          </div>
        </div>
        {page.items.length ? (
          <>
            <ProductGrid products={page.items} heading="Products" headingId="products" atTop />
            <Pagination
              page={page.page}
              pageCount={page.pageCount}
              hrefFor={(p) => `/shop/listing${listingSearch({ ...query, page: p })}`}
            />
          </>
        ) : (
          <div className="py-20 text-center">
            <h2 id="products" tabIndex={-1} className="text-xl font-semibold">
              No products found
            </h2>
            <p className="mt-2 text-gray-600">Try changing your filter options</p>
          </div>
        )}
      </section>
      {dialog ? <ProductDialogOverlay data={dialog} /> : null}
    </div>
  );
}

type Toggle = ((form: HTMLFormElement | null) => void) | undefined;

function FilterGroup({
  legend,
  active,
  opened = false,
  children,
}: {
  legend: string;
  active: number;
  opened?: boolean;
  children: ReactNode;
}) {
  // Open while a box of the group is ticked (or its whole list was asked for); the shopper opens
  // and folds it at will. A group whose first box gets ticked (by a link such as the header's
  // "Men") opens; one whose last box is unticked stays as the shopper has it, rather than folding
  // under their pointer.
  const [open, setOpen] = useState(active > 0 || opened);
  const [wasActive, setWasActive] = useState(active > 0);
  if (active > 0 !== wasActive) {
    setWasActive(active > 0);
    if (active > 0) setOpen(true);
  }
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="group/filter">
      <summary className="-mx-1 flex min-h-9 cursor-pointer items-center justify-between gap-2 rounded px-1 text-sm font-semibold uppercase tracking-wide text-gray-700 focus-visible:outline-2 focus-visible:outline-blue-600">
        <span>
          {legend}
          {active ? <span className="ml-1.5 normal-case tracking-normal text-gray-600">({active})</span> : null}
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-4 w-4 shrink-0 transition-transform group-open/filter:rotate-180"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </summary>
      <fieldset className="pb-1 pt-1.5">
        <legend className="sr-only">{legend}</legend>
        {children}
      </fieldset>
    </details>
  );
}

type Option = { id: string; label: string; hex?: string; count?: number | null };

function OptionList({
  name,
  options,
  selected,
  onToggle,
  columns = "grid-cols-2 sm:grid-cols-3 md:grid-cols-1",
}: {
  name: string;
  options: readonly Option[];
  selected: readonly string[];
  onToggle: Toggle;
  columns?: string;
}) {
  return (
    <ul className={`grid gap-1.5 ${columns}`}>
      {options.map((o) => (
        <li key={o.id}>
          <FilterOption name={name} option={o} selected={selected} onToggle={onToggle} />
        </li>
      ))}
    </ul>
  );
}

/**
 * One box, its label, and how many products it has (beside the label, not in it: the box's name
 * is the label alone; the count is its description).
 */
function FilterOption({
  name,
  option,
  selected,
  onToggle,
}: {
  name: string;
  option: Option;
  selected: readonly string[];
  onToggle: Toggle;
}) {
  const countId = useId();
  const counted = option.count !== undefined && option.count !== null;
  return (
    <div className="flex items-center gap-2">
      <label className="filter-option">
        <FilterBox
          name={name}
          value={option.id}
          checked={selected.includes(option.id)}
          onToggle={onToggle}
          describedBy={counted ? countId : undefined}
        />
        {option.hex ? (
          <span
            aria-hidden="true"
            className="h-3.5 w-3.5 shrink-0 rounded-full border border-gray-300"
            style={{ backgroundColor: option.hex }}
          />
        ) : null}
        <span className="break-words first-letter:uppercase">{option.label}</span>
      </label>
      {counted ? (
        <span id={countId} className="filter-count">
          {option.count}
          <span className="sr-only"> {option.count === 1 ? "product" : "products"}</span>
        </span>
      ) : null}
    </div>
  );
}

/**
 * "Show all" for a long list (the rest of the brands, or every top category's subcategories): a
 * link to the same listing with `more=brand`, so it works without JavaScript and a page carries
 * the long list only when asked for. Then "Show fewer".
 */
function MoreLink({
  query,
  group,
  more,
  hidden,
  noun,
}: {
  query: ListingQuery;
  group: NonNullable<MoreOf>;
  more: MoreOf;
  hidden: number;
  noun: string;
}) {
  if (hidden === 0) return null;
  const whole = more === group;
  const href = `/shop/listing${listingSearch(query, new URLSearchParams(whole ? {} : { more: group }))}`;
  return (
    <p className="mt-2 text-sm">
      <Link
        to={href}
        preventScrollReset
        className="font-medium underline underline-offset-4 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {whole ? `Show fewer ${noun}` : `Show all ${noun} (${hidden} more)`}
      </Link>
    </p>
  );
}

/**
 * Uncontrolled, so a box ticked while the last tick's page is still on its way keeps its tick; the
 * URL's filters are written back into it when they change (back, forward, a link). The same
 * element stays, so a keyboard user keeps focus on the box they ticked.
 */
function FilterBox({
  name,
  value,
  checked,
  onToggle,
  describedBy,
}: {
  name: string;
  value: string;
  checked: boolean;
  onToggle: Toggle;
  describedBy?: string;
}) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.checked = checked;
  }, [checked]);
  return (
    <input
      ref={box}
      type="checkbox"
      name={name}
      value={value}
      defaultChecked={checked}
      aria-describedby={describedBy}
      onChange={onToggle ? (e) => onToggle(e.target.form) : undefined}
      className="filter-box"
    />
  );
}

/**
 * On a phone, a ticked box folds the filters and brings the results into view: the new products
 * are what the shopper asked for, not the 700 px of boxes above them. Focus goes to the "Filters"
 * button (it held the box), one press from opening them again. Wide screens show the filters
 * beside the grid and keep them as they are.
 */
function showResults(details: HTMLDetailsElement | null) {
  if (!details?.open || window.matchMedia("(min-width: 48rem)").matches) return;
  const hadFocus = details.contains(document.activeElement);
  details.open = false;
  if (hadFocus) details.querySelector("summary")?.focus({ preventScroll: true });
  // Where the shopper had scrolled down the open panel, the page now shows products further down
  // the grid, or the footer: back to the folded button, with the first products under it.
  const headerBottom = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
  if (details.getBoundingClientRect().top < headerBottom) details.scrollIntoView({ block: "start" });
}

/** Browsers without `::details-content` (app.css) get the filters opened by script on wide screens. */
function openOnWideScreens(details: HTMLDetailsElement | null) {
  if (details && !CSS.supports("selector(::details-content)") && window.matchMedia("(min-width: 768px)").matches) details.open = true;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
