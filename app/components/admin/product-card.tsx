import { Link, useLocation } from "react-router";
import { Price } from "~/components/shop/price";
import { buttonClass } from "~/components/ui/button";
import { productPreviewPath, type Product } from "~/lib/product";
import { withParam } from "~/lib/url";
import { WaitingNote } from "./waiting-note";

/**
 * A product in the admin's list, with its page's preview, Edit (`?edit=<id>`), Photos and Delete
 * (`?delete=<id>`), and with `selectFor`, a checkbox that chooses it for that form's bulk change.
 */
export function AdminProductCard({
  product,
  selectFor,
  waiting,
}: {
  product: Product;
  selectFor?: string;
  /** Shoppers waiting per sold-out variant (issue 51). */
  waiting?: Record<string, number>;
}) {
  const location = useLocation();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white">
      <img
        src={product.image}
        alt={product.title}
        width={300}
        height={300}
        loading="lazy"
        className="aspect-square w-full bg-gray-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-1 p-3">
        {selectFor ? (
          <label className="flex w-fit items-center gap-2 text-sm text-gray-700">
            {/* In the bulk form by its id: the card itself holds no form of its own. */}
            <input
              type="checkbox"
              name="ids"
              value={product.id}
              form={selectFor}
              className="size-4"
              aria-label={`Select ${product.title}`}
            />
            Select
          </label>
        ) : null}
        <h2 className="font-semibold">{product.title}</h2>
        <p className="text-sm text-gray-600">
          {product.brandName} · {product.categoryName} · Stock {product.stock}
        </p>
        <WaitingNote product={product} waiting={waiting} />
        <Link
          to={productPreviewPath(product.id)}
          className="w-fit text-sm font-medium text-blue-700 underline hover:text-blue-900"
          aria-label={`Preview ${product.title} as shoppers see it`}
        >
          Preview
        </Link>
        <Price priceCents={product.priceCents} salePriceCents={product.salePriceCents} className="mt-auto" />
        <div className="mt-2 flex flex-wrap justify-between gap-2">
          <Link
            to={withParam(location, "edit", product.id)}
            preventScrollReset
            className={buttonClass({ size: "sm" })}
            aria-label={`Edit ${product.title}`}
          >
            Edit
          </Link>
          <Link
            to={`/admin/products/${product.id}/photos`}
            className={buttonClass({ variant: "outline", size: "sm" })}
            aria-label={`Photos of ${product.title}`}
          >
            Photos
          </Link>
          <Link
            to={withParam(location, "delete", product.id)}
            preventScrollReset
            className={buttonClass({ variant: "destructive", size: "sm" })}
            aria-label={`Delete ${product.title}`}
          >
            Delete
          </Link>
        </div>
      </div>
    </article>
  );
}
