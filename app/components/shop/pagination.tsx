import { Link } from "react-router";
import { cn } from "~/lib/cn";

/** Page links around the current page; `hrefFor` builds a URL that keeps filters and sort. */
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  const pages = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const item =
    "flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm focus-visible:outline-2 focus-visible:outline-blue-600";
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={cn(item, "border-gray-300 hover:bg-gray-100")} rel="prev">
          Previous
        </Link>
      ) : null}
      {sorted.map((p, i) => (
        <span key={p} className="flex items-center gap-1">
          {i > 0 && p - sorted[i - 1]! > 1 ? (
            <span aria-hidden="true" className="px-1 text-gray-500">
              …
            </span>
          ) : null}
          <Link
            to={hrefFor(p)}
            aria-current={p === page ? "page" : undefined}
            aria-label={`Page ${p}`}
            className={cn(item, p === page ? "border-gray-900 bg-gray-900 text-white" : "border-gray-300 hover:bg-gray-100")}
          >
            {p}
          </Link>
        </span>
      ))}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={cn(item, "border-gray-300 hover:bg-gray-100")} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
