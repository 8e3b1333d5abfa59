import { useEffect, useRef } from "react";
import { Form, useNavigate } from "react-router";
import { Pagination } from "~/components/shop/pagination";
import { ProductGrid } from "~/components/shop/product-card";
import { ProductDialogOverlay } from "~/components/shop/overlays";
import { inputClass } from "~/components/ui/input-class";
import { SEARCH_DELAY_MS, SEARCH_MIN_LENGTH } from "~/lib/constants";
import { asCards, searchProducts } from "~/server/catalog/catalog.server";
import { productDialogAction } from "./product-dialog.server";
import { useProductDialog } from "./product-dialog";
import { skipWhenOnlyProductChanges } from "~/lib/revalidate";
import type { Route } from "./+types/search";
import { pageTitle } from "~/lib/shop-name";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Search Products", matches) }];

const MAX_KEYWORD = 200;

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const keyword = (params.get("keyword") ?? "").slice(0, MAX_KEYWORD);
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  const searched = keyword.trim().length >= SEARCH_MIN_LENGTH;
  const results = searched ? await searchProducts(keyword.trim(), page, undefined, asCards()) : null;
  return { keyword, results };
}

export const action = ({ request, context }: Route.ActionArgs) => productDialogAction(request, context);

export const shouldRevalidate = skipWhenOnlyProductChanges;

export default function Search({ loaderData }: Route.ComponentProps) {
  const { keyword, results } = loaderData;
  const dialog = useProductDialog();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // With JavaScript, searching starts after 1 s without typing; the URL follows the keyword.
  const onInput = (value: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void navigate(value ? `/shop/search?${new URLSearchParams({ keyword: value })}` : "/shop/search", {
        replace: true,
        preventScrollReset: true,
      });
    }, SEARCH_DELAY_MS);
  };

  const shown = keyword.trim();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="mb-4 text-center text-2xl font-extrabold">Search Products</h1>
      <Form method="get" action="/shop/search" role="search" className="mx-auto mb-8 max-w-xl">
        <input
          type="search"
          name="keyword"
          defaultValue={keyword}
          title="Search Products"
          aria-label="Search Products"
          placeholder="Search Products..."
          maxLength={MAX_KEYWORD}
          autoComplete="off"
          onChange={(e) => onInput(e.target.value)}
          className={`${inputClass} h-12 text-base`}
        />
      </Form>
      {results ? (
        <>
          {/* A keyword may be one long word: it wraps rather than running off a phone's screen. */}
          <p className="mb-5 break-words text-gray-700" aria-live="polite">
            {results.total > 0 ? `Found ${results.total} results for "${shown}"` : `No results found for "${shown}"`}
          </p>
          {results.items.length ? (
            <>
              <ProductGrid products={results.items} heading="Search results" atTop />
              <Pagination
                page={results.page}
                pageCount={results.pageCount}
                hrefFor={(p) => `/shop/search?${new URLSearchParams({ keyword: shown, ...(p > 1 ? { page: String(p) } : {}) })}`}
              />
            </>
          ) : (
            <div className="py-16 text-center">
              <h2 className="text-xl font-semibold">No results found</h2>
              <p className="mx-auto mt-2 max-w-md text-gray-600">
                We couldn't find any products matching your search. Try using different keywords or browse our categories.
              </p>
            </div>
          )}
        </>
      ) : null}
      {!results && shown ? (
        // SPEC: a keyword of 3 characters or fewer searches nothing; say so rather than show nothing.
        <p className="text-center text-gray-700" aria-live="polite">
          Type at least {SEARCH_MIN_LENGTH} characters to search.
        </p>
      ) : null}
      {dialog ? <ProductDialogOverlay data={dialog} /> : null}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
