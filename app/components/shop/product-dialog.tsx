import { useState } from "react";
import { useLocation } from "react-router";
import { CloseLink, Modal } from "~/components/ui/modal";
import type { Product, ProductDialogData } from "~/lib/product";
import { parseListingQuery } from "~/lib/listing";
import { photoColorAmong, photosForColor, productPhotos } from "~/lib/photos";
import { withParam } from "~/lib/url";
import { ProductGallery } from "./product-gallery";
import { VariantAddToCart } from "./variant-form";
import { BackInStock } from "./back-in-stock";
import { Price } from "./price";
import { PriceNote } from "./price-note";
import { RatingSummary, ReviewForm, ReviewList } from "./reviews";

/** Product details, opened by `?product=<id>` (see Modal); focus returns to the card that opened it. */
export function ProductDetailsDialog({ data }: { data: ProductDialogData }) {
  const location = useLocation();
  const closeHref = withParam(location, "product", null);
  return (
    <Modal
      closeHref={closeHref}
      labelledBy="product-dialog-title"
      returnFocusSelector={`[data-product-link="${data.id.replace(/["\\]/g, "")}"]`}
      className="inset-0 m-auto max-h-[92vh] w-[min(60rem,calc(100vw-1.5rem))] overflow-y-auto rounded-xl"
    >
      <div className="relative p-4 sm:p-6">
        <CloseLink to={closeHref} label="Close product details" />
        {data.product ? (
          <ProductDetails key={data.product.id} product={data.product} data={data} />
        ) : (
          <div className="py-10 text-center">
            <h2 id="product-dialog-title" className="text-xl font-semibold">
              Product not found
            </h2>
            <p className="mt-2 text-gray-600">This product is no longer available.</p>
          </div>
        )}
      </div>
    </Modal>
  );
}

// The dialog is at most 60rem wide with 16/24 px sides; from md the photo is one of two columns 24 px apart.
const DIALOG_PHOTO_SIZES = "(min-width: 984px) 444px, (min-width: 768px) calc(50vw - 48px), calc(100vw - 56px)";

function ProductDetails({ product, data }: { product: Product; data: ProductDialogData }) {
  const location = useLocation();
  const photos = productPhotos(product);
  // Opened from a listing filtered by colour: that colour's photos first, as on its card; then
  // the colour the shopper picks here (with JavaScript).
  const [color, setColor] = useState(() => photoColorAmong(photos, parseListingQuery(new URLSearchParams(location.search)).color));
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <ProductGallery
        key={color ?? ""}
        title={product.title}
        photos={photosForColor(photos, color)}
        sizes={DIALOG_PHOTO_SIZES}
        idPrefix="dialog-photo"
        priority
      />
      <div className="flex flex-col gap-4">
        <div>
          <h2 id="product-dialog-title" className="pr-10 text-2xl font-extrabold">
            {product.title}
          </h2>
          <p className="mt-1 text-sm text-gray-600">
            {product.brandName} · {product.categoryName}
          </p>
        </div>
        <p className="text-gray-700">{product.description}</p>
        <div>
          <Price priceCents={product.priceCents} salePriceCents={product.salePriceCents} className="text-xl" />
          <PriceNote className="mt-1" />
        </div>
        <RatingSummary average={product.averageRating} count={data.reviews.length} />
        {/* Keyed: another product's dialog starts with its own choices. */}
        <VariantAddToCart key={product.id} product={product} onColor={setColor} />
        {data.backInStock ? <BackInStock key={`bis-${product.id}`} product={product} state={data.backInStock} /> : null}
        <hr className="border-gray-200" />
        <section aria-labelledby="reviews-heading" className="space-y-4">
          <h3 id="reviews-heading" className="text-lg font-bold">
            Reviews
          </h3>
          <ReviewList reviews={data.reviews} className="max-h-64 overflow-y-auto pr-1" />
          <ReviewForm productId={product.id} eligibility={data.eligibility} constraint={data.reviewConstraint ?? {}} />
        </section>
      </div>
    </div>
  );
}
