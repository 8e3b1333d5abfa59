import { Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { Brand, Collection } from "~/lib/catalogue";
import type { Choice } from "~/lib/catalogue-choices";
import { sheetHref } from "~/lib/catalogue-sheets";
import { productCount } from "./catalogue-tree";
import { ruleLabel } from "./collection-rules";

/** Edit and Delete of a brand or collection: links that open its sheet or the question. */
function RowActions({ kind, id, name }: { kind: "brand" | "collection"; id: string; name: string }) {
  const location = useLocation();
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={sheetHref(location, { [kind]: id })}
        preventScrollReset
        className={buttonClass({ variant: "outline", size: "sm" })}
        aria-label={`Edit ${name}`}
      >
        Edit
      </Link>
      <Link
        to={sheetHref(location, { [`delete-${kind}`]: id })}
        preventScrollReset
        className={buttonClass({ variant: "ghost", size: "sm" }, "text-red-700")}
        aria-label={`Delete ${name}`}
      >
        Delete
      </Link>
    </div>
  );
}

function Thumb({ src }: { src: string }) {
  return src ? <img src={src} alt="" width={24} height={24} className="mr-2 inline h-6 w-6 rounded object-cover align-middle" /> : null;
}

export function BrandsList({ brands, counts }: { brands: Brand[]; counts: Record<string, number> }) {
  if (!brands.length) return <p className="p-8 text-center text-gray-600">No brands yet.</p>;
  return (
    <ul className="divide-y divide-gray-100" aria-label="Brands">
      {brands.map((brand) => (
        <li key={brand.id} data-brand={brand.name} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <div className="min-w-0 space-y-0.5">
            <p className="font-semibold">
              <Thumb src={brand.image} />
              {brand.name}
            </p>
            <p className="break-words text-xs text-gray-600">
              <code>brand={brand.handle}</code> · {productCount(counts[brand.id])}
            </p>
          </div>
          <RowActions kind="brand" id={brand.id} name={brand.name} />
        </li>
      ))}
    </ul>
  );
}

export function CollectionsList({
  collections,
  counts,
  choices,
}: {
  collections: Collection[];
  counts: Record<string, number>;
  choices: { categories: Choice[]; brands: Choice[] };
}) {
  if (!collections.length) {
    return <p className="p-8 text-center text-gray-600">No collections yet: group products for a season, a sale or a look.</p>;
  }
  return (
    <ul className="divide-y divide-gray-100" aria-label="Collections">
      {collections.map((c) => (
        <li key={c.id} data-collection={c.name} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <div className="min-w-0 space-y-0.5">
            <p className="flex flex-wrap items-center gap-2 font-semibold">
              <span>
                <Thumb src={c.image} />
                {c.name}
              </span>
              {c.onHome ? <Badge>Home page</Badge> : null}
              {c.inMenu ? <Badge>Menu</Badge> : null}
            </p>
            <p className="break-words text-xs text-gray-600">
              <code>/shop/collections/{c.handle}</code> · {productCount(counts[c.id])}
            </p>
            <p className="text-sm text-gray-700">
              {c.rules
                ? `Automatic: ${c.rules.map((r) => ruleLabel(r, choices)).join(" and ")}`
                : "Manual: products you choose, in your order"}
            </p>
          </div>
          <RowActions kind="collection" id={c.id} name={c.name} />
        </li>
      ))}
    </ul>
  );
}

function Badge({ children }: { children: React.ReactNode }) {
  return <span className="rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-800">{children}</span>;
}
