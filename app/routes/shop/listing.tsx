import { useEffect, useRef, useState } from "react";
import { Form, redirect, useNavigate } from "react-router";
import { Pagination } from "~/components/shop/pagination";
import { ProductGrid } from "~/components/shop/product-card";
import { ProductDialogOverlay } from "~/components/shop/overlays";
import { Button } from "~/components/ui/button";
import { BRANDS, CATEGORIES, DEFAULT_SORT, SORT_OPTIONS, type BrandId, type CategoryId } from "~/lib/constants";
import { listingSearch, parseListingQuery, rememberFilters, type ListingQuery } from "~/lib/listing";
import { useHydrated } from "~/lib/use-hydrated";
import { listingFacets, listProducts } from "~/server/catalog/catalog.server";
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
        image: loaderData.seo.image,
        page: { page: loaderData.query.page, sorted: loaderData.query.sortBy !== DEFAULT_SORT },
      })
    : [];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseListingQuery(url.searchParams);
  // The URL is the state: what a GET form sends (repeated keys) becomes the canonical
  // `category=men,women&sortBy=...` form, so every listing has one address.
  const canonical = listingSearch(query, url.searchParams);
  // Compared as parsed parameters: the server may hand us commas encoded as %2C.
  if (new URLSearchParams(canonical).toString() !== url.searchParams.toString()) throw redirect(`${url.pathname}${canonical}`);
  const [page, facets] = await Promise.all([listProducts(query), listingFacets()]);
  if (query.page > page.pageCount) throw redirect(`${url.pathname}${listingSearch({ ...query, page: page.pageCount }, url.searchParams)}`);
  const first = page.items[0];
  return { query, page, facets, seo: { origin: absoluteUrl(""), image: first ? absoluteImageUrl(first.image) : null } };
}

export const action = ({ request, context }: Route.ActionArgs) => productDialogAction(request, context);

export const shouldRevalidate = skipWhenOnlyProductChanges;

export default function Listing({ loaderData }: Route.ComponentProps) {
  const { query, page, facets } = loaderData;
  const dialog = useProductDialog();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const active = query.category.length + query.brand.length + query.size.length + query.color.length;
  // A colour asked for in the URL stays offered even when the list of colours has moved on.
  const colorOptions = [
    ...facets.colors.map((c) => ({ id: c.id, label: c.name, hex: c.hex })),
    ...query.color.filter((c) => !facets.colors.some((f) => f.id === c)).map((c) => ({ id: c, label: c, hex: "" })),
  ];
  const sizeOptions = [...new Set([...facets.sizes, ...query.size])].map((s) => ({ id: sizeId(s), label: s }));

  const filters = useRef<HTMLDetailsElement>(null);
  // With JavaScript every change applies at once (back to page 1) and is mirrored to sessionStorage.
  const apply = (next: ListingQuery) => {
    rememberFilters(next);
    void navigate(`/shop/listing${listingSearch({ ...next, page: 1 })}`, { preventScrollReset: true });
  };
  // The boxes as they are now, not the last page's query: two boxes ticked in quick succession
  // both count, even before the first one's page has arrived.
  const toggle = (form: HTMLFormElement | null) => {
    if (!form) return;
    const ticked = new FormData(form);
    apply({
      ...query,
      category: ticked.getAll("category") as CategoryId[],
      brand: ticked.getAll("brand") as BrandId[],
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
          <FilterGroup
            legend="Category"
            name="category"
            options={CATEGORIES}
            selected={query.category}
            onToggle={hydrated ? toggle : undefined}
          />
          <FilterGroup legend="Brand" name="brand" options={BRANDS} selected={query.brand} onToggle={hydrated ? toggle : undefined} />
          <FilterGroup
            legend="Size"
            name="size"
            options={sizeOptions}
            selected={query.size.map(sizeId)}
            onToggle={hydrated ? toggle : undefined}
            columns="grid-cols-3 md:grid-cols-2"
          />
          {colorOptions.length ? (
            <FilterGroup
              legend="Colour"
              name="color"
              options={colorOptions}
              selected={query.color}
              onToggle={hydrated ? toggle : undefined}
            />
          ) : null}
        </Form>
      </details>
      <section aria-labelledby="listing-heading" className="min-w-0">
        <div className="mb-5 flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 pb-4">
          {/* SPEC's "All Products"; a category's own page says its name ("Men"), as its title does. */}
          <h1 id="listing-heading" className="text-2xl font-extrabold">
            {listingHeading(query)}{" "}
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
            <ProductGrid products={page.items} heading="Products" headingId="products" atTop colors={query.color} />
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

function FilterGroup({
  legend,
  name,
  options,
  selected,
  onToggle,
  columns = "grid-cols-2 sm:grid-cols-3 md:grid-cols-1",
}: {
  legend: string;
  name: string;
  options: ReadonlyArray<{ id: string; label: string; hex?: string }>;
  selected: readonly string[];
  onToggle: ((form: HTMLFormElement | null) => void) | undefined;
  columns?: string;
}) {
  const active = selected.length;
  // Open while a box of the group is ticked; the shopper opens and folds it at will. A group whose
  // first box gets ticked (by a link such as the header's "Men") opens; one whose last box is
  // unticked stays as the shopper has it, rather than folding under their pointer.
  const [open, setOpen] = useState(active > 0);
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
        <ul className={`grid gap-1.5 ${columns}`}>
          {options.map((o) => (
            <li key={o.id}>
              <label className="flex cursor-pointer items-center gap-2 text-sm">
                <FilterBox name={name} value={o.id} checked={selected.includes(o.id)} onToggle={onToggle} />
                {o.hex ? (
                  <span
                    aria-hidden="true"
                    className="h-3.5 w-3.5 shrink-0 rounded-full border border-gray-300"
                    style={{ backgroundColor: o.hex }}
                  />
                ) : null}
                <span className="first-letter:uppercase">{o.label}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </details>
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
}: {
  name: string;
  value: string;
  checked: boolean;
  onToggle: ((form: HTMLFormElement | null) => void) | undefined;
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
      onChange={onToggle ? (e) => onToggle(e.target.form) : undefined}
      className="h-4 w-4 rounded border-gray-300 accent-gray-900"
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
