import { Link } from "react-router";
import { listingPathOf } from "~/lib/catalogue";
import type { NamedLink } from "~/lib/storefront";
import { productPath, productPreviewPath, type CardProduct, type Product, type Review, type ReviewEligibility } from "~/lib/product";
import type { ProductChoice } from "~/lib/product-choice";
import { photosForColor, productPhotos } from "~/lib/photos";
import { Price } from "./price";
import { PriceNote } from "./price-note";
import { ProductCard } from "./product-card";
import { ProductGallery } from "./product-gallery";
import { ProductPurchase } from "./product-purchase";
import { BackInStock } from "./back-in-stock";
import type { BackInStockState } from "~/lib/back-in-stock";
import type { Constraints } from "~/lib/form-on-demand";
import { variantOf } from "~/lib/variants";
import { RatingSummary, ReviewForm, ReviewList } from "./reviews";

export type ProductPageData = {
  product: Product;
  reviews: Review[];
  eligibility: ReviewEligibility;
  related: CardProduct[];
  choice: ProductChoice;
  /** The product's category in the owner's tree, top first (the breadcrumbs). */
  trail: NamedLink[];
  /** "E-mail me when it's back" (issue 51); not in the owner's preview. */
  backInStock?: BackInStockState;
  /** The review form's constraints, from its schema (the loader); not in the owner's preview, which shows no form. */
  reviewConstraint?: Constraints;
};

// How wide the photos show: the page is max-w-6xl (1152 px) with 16/24 px sides; from md the
// photo is one of two columns 40 px apart.
const MAIN_PHOTO_SIZES = "(min-width: 1152px) 532px, (min-width: 768px) calc(50vw - 44px), calc(100vw - 32px)";
const RELATED_SIZES = "(min-width: 1152px) 270px, (min-width: 768px) 25vw, 50vw";

/**
 * A product's own page (/shop/products/:handle): one column on a phone, photo beside the details
 * from md up; then the reviews and "You may also like". `preview`: the owner's look at it inside
 * the admin area, whose links stay in the preview and where nothing is added or reviewed.
 */
export function ProductPage({
  product,
  reviews,
  eligibility,
  related,
  choice,
  trail,
  backInStock,
  reviewConstraint = {},
  preview = false,
}: ProductPageData & { preview?: boolean }) {
  const pathOf = (p: Pick<Product, "id" | "handle">, next: Partial<ProductChoice> = {}) =>
    preview ? productPreviewPath(p.id, next) : productPath(p.handle, next);
  return (
    <div className="mx-auto max-w-6xl px-4 pb-12 pt-4 sm:px-6">
      <Breadcrumb product={product} trail={trail} preview={preview} />
      <div className="mt-4 grid gap-6 md:grid-cols-2 md:gap-10">
        <div className="min-w-0 md:sticky md:top-20 md:self-start">
          {/* Keyed by the colour: a new colour's photos start at its first. Sticky below the sticky header (65 px). */}
          <ProductGallery
            key={choice.color ?? ""}
            title={product.title}
            photos={photosForColor(productPhotos(product), choice.color)}
            sizes={MAIN_PHOTO_SIZES}
            priority
          />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <div>
            <h1 className="text-2xl font-extrabold leading-tight sm:text-3xl">{product.title}</h1>
            <p className="mt-1 text-sm text-gray-600">{product.brandName}</p>
          </div>
          <div>
            <Price priceCents={product.priceCents} salePriceCents={product.salePriceCents} className="text-2xl" />
            <PriceNote className="mt-1" />
          </div>
          <a href="#reviews" className="w-fit rounded-md hover:underline focus-visible:outline-2 focus-visible:outline-blue-600">
            <RatingSummary average={product.averageRating} count={reviews.length} />
          </a>
          <ProductPurchase product={product} choice={choice} pathOf={(next) => pathOf(product, next)} preview={preview} />
          {backInStock && !preview ? (
            <BackInStock
              product={product}
              state={backInStock}
              chosenId={choice.size || choice.color ? variantOf(product.variants, choice.size ?? "", choice.color ?? "")?.id : undefined}
            />
          ) : null}
          <section aria-labelledby="description-heading" className="border-t border-gray-200 pt-4">
            <h2 id="description-heading" className="text-lg font-bold">
              Description
            </h2>
            <p className="mt-2 whitespace-pre-line break-words text-gray-700">{product.description}</p>
          </section>
        </div>
      </div>

      <section id="reviews" aria-labelledby="reviews-heading" className="mt-10 scroll-mt-4 border-t border-gray-200 pt-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="reviews-heading" className="text-xl font-bold">
            Reviews
          </h2>
          <RatingSummary average={product.averageRating} count={reviews.length} />
        </div>
        <div className="mt-4 grid gap-8 md:grid-cols-2">
          <ReviewList reviews={reviews} />
          <div>
            {preview ? (
              <p className="rounded-md bg-gray-50 p-3 text-sm text-gray-700">Shoppers who bought this product write their reviews here.</p>
            ) : (
              <ReviewForm productId={product.id} eligibility={eligibility} constraint={reviewConstraint} />
            )}
          </div>
        </div>
      </section>

      {related.length ? (
        <section aria-labelledby="related-heading" className="mt-10 border-t border-gray-200 pt-6">
          <h2 id="related-heading" className="text-xl font-bold">
            You may also like
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
            {related.map((p) => (
              <li key={p.id} className="flex [&>article]:w-full">
                <ProductCard product={p} href={pathOf(p)} sizes={RELATED_SIZES} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/**
 * Home › Top category › Subcategory › Product: where this product sits in the owner's tree, each
 * step a link (in a preview, the home's preview).
 */
function Breadcrumb({ product, trail, preview }: { product: Product; trail: NamedLink[]; preview: boolean }) {
  const categories = trail.length ? trail : [{ name: product.categoryName, handle: product.category }];
  const steps = [
    { label: "Home", to: preview ? "/admin/storefront" : "/shop/home" },
    ...categories.map((c) => ({ label: c.name, to: preview ? null : listingPathOf("category", c.handle) })),
  ];
  const link = "inline-flex min-h-8 items-center rounded hover:underline focus-visible:outline-2 focus-visible:outline-blue-600";
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-x-1.5 text-sm text-gray-600">
        {steps.map((step) => (
          <li key={step.label} className="flex items-center gap-1.5">
            {step.to ? (
              <Link to={step.to} className={link}>
                {step.label}
              </Link>
            ) : (
              step.label
            )}
            <span aria-hidden="true">›</span>
          </li>
        ))}
        <li className="min-w-0">
          <Link
            to={preview ? productPreviewPath(product.id) : productPath(product.handle)}
            aria-current="page"
            className={`${link} font-medium text-gray-900`}
          >
            {product.title}
          </Link>
        </li>
      </ol>
    </nav>
  );
}
