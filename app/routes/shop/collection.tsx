import { data, Form, redirect, useNavigate } from "react-router";
import { Pagination } from "~/components/shop/pagination";
import { ProductGrid } from "~/components/shop/product-card";
import { ProductDialogOverlay } from "~/components/shop/overlays";
import { Button } from "~/components/ui/button";
import { collectionPath } from "~/lib/catalogue";
import { SORT_OPTIONS, type SortId } from "~/lib/constants";
import { PAGE_SIZE } from "~/lib/listing";
import { skipWhenOnlyProductChanges } from "~/lib/revalidate";
import { collectionMeta, OWN_DESCRIPTION } from "~/lib/seo";
import { shopNameIn } from "~/lib/shop-name";
import { useHydrated } from "~/lib/use-hydrated";
import { collectionByHandle } from "~/server/catalog/catalogue.server";
import { asCards, listCollectionProducts } from "~/server/catalog/catalog.server";
import { absoluteImageUrl, absoluteUrl } from "~/server/platform/image-urls.server";
import { productDialogAction } from "./product-dialog.server";
import { useProductDialog } from "./product-dialog";
import type { Route } from "./+types/collection";
import type { ShopHandle } from "./layout";

// A collection's own page (issue 49): /shop/collections/<handle>, for visitors of an open shop as
// the listing is (lib/access.ts), and cached for them as the listing is (page-caching.server.ts).
// Its sort and page are in the address, as the listing's; `?product=` opens the dialog.

export const handle: ShopHandle & typeof OWN_DESCRIPTION = {
  skipLink: { href: "#products", label: "Skip to products" },
  ...OWN_DESCRIPTION,
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? collectionMeta({
        origin: loaderData.seo.origin,
        shopName: shopNameIn(matches),
        collection: loaderData.collection,
        products: loaderData.page.items,
        total: loaderData.page.total,
        image: loaderData.seo.image,
        page: {
          page: loaderData.page.page,
          sorted: loaderData.sortBy !== loaderData.collection.sort,
          offset: (loaderData.page.page - 1) * PAGE_SIZE,
        },
      })
    : [];

const NOT_FOUND = "We couldn't find this collection. It may no longer be in the shop.";

/** The orders a collection offers: its own ('' is the owner's order) when it has one, then the listing's. */
function sortOptions(own: string): Array<{ id: SortId | ""; label: string }> {
  return own === "" ? [{ id: "", label: "Featured" }, ...SORT_OPTIONS] : [...SORT_OPTIONS];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const found = await collectionByHandle(params.handle.toLowerCase());
  if (!found) throw data(NOT_FOUND, { status: 404 });
  // The owner changed its handle (or the address has it in capitals): shared links move for good.
  if ("movedTo" in found) throw redirect(`${collectionPath(found.movedTo)}${url.search}`, 301);
  const { collection } = found;
  if (collection.handle !== params.handle) throw redirect(`${collectionPath(collection.handle)}${url.search}`, 301);
  const asked = url.searchParams.get("sortBy") ?? "";
  const sortBy = (sortOptions(collection.sort).some((o) => o.id === asked && asked !== "") ? asked : collection.sort) as SortId | "";
  const pageAsked = Number(url.searchParams.get("page") ?? "1");
  const pageNumber = Number.isSafeInteger(pageAsked) && pageAsked >= 1 ? pageAsked : 1;
  // One address per state, as the listing's: the collection's own order and page 1 are left out
  // (what a GET form sends, `sortBy=` for "Featured", becomes that).
  const canonical = searchOf(url.searchParams, sortBy === collection.sort ? null : sortBy, pageNumber);
  if (canonical !== url.search) throw redirect(`${url.pathname}${canonical}`);
  const page = await listCollectionProducts(collection, sortBy, pageNumber, undefined, asCards());
  if (pageNumber > page.pageCount)
    throw redirect(`${url.pathname}${searchOf(url.searchParams, sortBy === collection.sort ? null : sortBy, page.pageCount)}`);
  const picture = collection.image || page.items[0]?.photo.src;
  return {
    collection: {
      name: collection.name,
      handle: collection.handle,
      description: collection.description,
      image: collection.image,
      sort: collection.sort,
    },
    sortBy,
    page,
    seo: { origin: absoluteUrl(""), image: picture ? absoluteImageUrl(picture) : null },
  };
}

/** The address's query with this sort and page (others, such as `?product=`, kept as they are). */
function searchOf(params: URLSearchParams, sortBy: string | null, page: number): string {
  const next = new URLSearchParams();
  if (sortBy) next.set("sortBy", sortBy);
  if (page > 1) next.set("page", String(page));
  for (const [key, value] of params) if (key !== "sortBy" && key !== "page") next.append(key, value);
  const search = next.toString();
  return search ? `?${search}` : "";
}

export const action = ({ request, context }: Route.ActionArgs) => productDialogAction(request, context);

export const shouldRevalidate = skipWhenOnlyProductChanges;

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const { collection, sortBy, page } = loaderData;
  const dialog = useProductDialog();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const path = collectionPath(collection.handle);
  const own = (sort: string) => (sort === collection.sort ? null : sort);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <header className="mb-6 grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] md:items-center md:gap-8">
        {collection.image ? (
          <img
            src={collection.image}
            alt=""
            width={960}
            height={360}
            fetchPriority="high"
            className="aspect-[8/3] w-full rounded-xl bg-gray-100 object-cover md:order-2"
          />
        ) : null}
        <div className={collection.image ? "" : "md:col-span-2"}>
          <p className="text-sm font-semibold uppercase tracking-wide text-gray-600">Collection</p>
          <h1 className="mt-1 break-words text-3xl font-extrabold tracking-tight">{collection.name}</h1>
          {collection.description ? <p className="mt-2 max-w-prose whitespace-pre-line text-gray-700">{collection.description}</p> : null}
        </div>
      </header>
      <section aria-labelledby="collection-count" className="min-w-0">
        <Form method="get" action={path} className="mb-5 flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 pb-4">
          <p id="collection-count" className="font-medium text-gray-700">
            {page.total} {page.total === 1 ? "product" : "products"}
          </p>
          <div className="flex items-center gap-2">
            <label htmlFor="sortBy" className="text-sm font-medium">
              Sort by
            </label>
            <select
              id="sortBy"
              name="sortBy"
              defaultValue={sortBy}
              key={sortBy}
              onChange={
                hydrated
                  ? (e) => void navigate(`${path}${searchOf(new URLSearchParams(), own(e.target.value), 1)}`, { preventScrollReset: true })
                  : undefined
              }
              className="h-10 rounded-md border border-gray-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              {sortOptions(collection.sort).map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
            {hydrated ? null : (
              <Button type="submit" variant="outline">
                Apply
              </Button>
            )}
          </div>
        </Form>
        {page.items.length ? (
          <>
            <ProductGrid products={page.items} heading="Products" headingId="products" atTop={!collection.image} />
            <Pagination
              page={page.page}
              pageCount={page.pageCount}
              hrefFor={(p) => `${path}${searchOf(new URLSearchParams(), own(sortBy), p)}`}
            />
          </>
        ) : (
          <div className="py-20 text-center">
            <h2 id="products" tabIndex={-1} className="text-xl font-semibold">
              No products here yet
            </h2>
            <p className="mt-2 text-gray-600">Come back soon, or browse all products.</p>
          </div>
        )}
      </section>
      {dialog ? <ProductDialogOverlay data={dialog} /> : null}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
