import { Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { childrenOf, topCategories, type Category } from "~/lib/catalogue";
import { sheetHref } from "~/lib/catalogue-sheets";
import type { SizeKind } from "~/lib/variants";

const SIZE_NAMES: Record<SizeKind, string> = { clothing: "clothing sizes", footwear: "shoe sizes", none: "one size" };

export const productCount = (n: number | undefined) => `${n ?? 0} ${n === 1 ? "product" : "products"}`;

/**
 * The categories as the shop's menu nests them: each top category, its subcategories indented
 * under it, each with its address, sizes and products, and Edit, Delete and (a top category's)
 * "Add subcategory": links that open the sheet or the question by the address.
 */
export function CatalogueTree({ categories, counts }: { categories: Category[]; counts: Record<string, number> }) {
  if (!categories.length) return <p className="p-8 text-center text-gray-600">No categories yet.</p>;
  return (
    <ul className="divide-y divide-gray-100" aria-label="Categories">
      {topCategories(categories).map((top) => {
        const children = childrenOf(categories, top.id);
        return (
          <li key={top.id} data-category={top.name}>
            <CategoryRow category={top} count={counts[top.id]} />
            {children.length ? (
              <ul className="mb-3 ml-4 border-l-2 border-gray-200 sm:ml-8" aria-label={`Subcategories of ${top.name}`}>
                {children.map((child) => (
                  <li key={child.id} data-category={child.name}>
                    <CategoryRow category={child} count={counts[child.id]} />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function CategoryRow({ category, count }: { category: Category; count: number | undefined }) {
  const location = useLocation();
  const top = category.parentId === null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
      <div className="min-w-0 space-y-0.5">
        <p className={top ? "font-semibold" : "font-medium"}>
          {category.image ? (
            <img src={category.image} alt="" width={24} height={24} className="mr-2 inline h-6 w-6 rounded object-cover align-middle" />
          ) : null}
          {category.name}
        </p>
        <p className="break-words text-xs text-gray-600">
          <code>category={category.handle}</code> · {productCount(count)} · {category.sizes.map((k) => SIZE_NAMES[k]).join(", ")}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link
          to={sheetHref(location, { category: category.id })}
          preventScrollReset
          className={buttonClass({ variant: "outline", size: "sm" })}
          aria-label={`Edit ${category.name}`}
        >
          Edit
        </Link>
        {top ? (
          <Link
            to={sheetHref(location, { category: "new", parent: category.id })}
            preventScrollReset
            className={buttonClass({ variant: "outline", size: "sm" })}
            aria-label={`Add a subcategory to ${category.name}`}
          >
            Add subcategory
          </Link>
        ) : null}
        <Link
          to={sheetHref(location, { "delete-category": category.id })}
          preventScrollReset
          className={buttonClass({ variant: "ghost", size: "sm" }, "text-red-700")}
          aria-label={`Delete ${category.name}`}
        >
          Delete
        </Link>
      </div>
    </div>
  );
}
