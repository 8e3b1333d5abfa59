import { useEffect } from "react";
import { Form, useActionData, useFormAction, useLocation, useNavigation } from "react-router";
import { CloseLink, Modal } from "~/components/ui/modal";
import { Button } from "~/components/ui/button";
import { ErrorList, TextareaField } from "~/components/ui/field";
import { brandLabel, categoryLabel } from "~/lib/constants";
import { reviewAnchor, type Product } from "~/lib/product";
import { getFormProps } from "@conform-to/react";
import { useSchemaForm, type FormResult } from "~/lib/form";
import { ReviewSchema } from "~/lib/schemas";
import { withParam } from "~/lib/url";
import { useHydrated } from "~/lib/use-hydrated";
import type { ProductDialogData } from "~/lib/product";
import { VariantAddToCart } from "./variant-form";
import { Price } from "./price";
import { Stars } from "./stars";

type DialogActionData = { review: FormResult | null; message: string | null } | undefined;

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
          <ProductDetails product={data.product} data={data} />
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

function ProductDetails({ product, data }: { product: Product; data: ProductDialogData }) {
  useReviewInView();
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <img
        src={product.image}
        alt={product.title}
        width={400}
        height={400}
        className="aspect-square w-full rounded-lg bg-gray-100 object-cover"
      />
      <div className="flex flex-col gap-4">
        <div>
          <h2 id="product-dialog-title" className="pr-10 text-2xl font-extrabold">
            {product.title}
          </h2>
          <p className="mt-1 text-sm text-gray-600">
            {brandLabel(product.brand)} · {categoryLabel(product.category)}
          </p>
        </div>
        <p className="text-gray-700">{product.description}</p>
        <Price priceCents={product.priceCents} salePriceCents={product.salePriceCents} className="text-xl" />
        <div className="flex items-center gap-2">
          <Stars value={product.averageRating} size="h-5 w-5" />
          <span className="text-sm text-gray-700">
            {product.averageRating.toFixed(1)} ({data.reviews.length} {data.reviews.length === 1 ? "review" : "reviews"})
          </span>
        </div>
        {/* Keyed: another product's dialog starts with its own choices. */}
        <VariantAddToCart key={product.id} product={product} />
        <hr className="border-gray-200" />
        <section aria-labelledby="reviews-heading" className="space-y-4">
          <h3 id="reviews-heading" className="text-lg font-bold">
            Reviews
          </h3>
          {data.reviews.length ? (
            <ul className="max-h-64 space-y-4 overflow-y-auto pr-1">
              {data.reviews.map((review) => (
                <li key={review.id} id={reviewAnchor(review.id)} className="flex scroll-mt-4 gap-3">
                  <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-gray-200 font-bold">
                    {review.userName.charAt(0).toUpperCase()}
                  </span>
                  <div className="min-w-0">
                    <p className="font-semibold">{review.userName}</p>
                    <Stars value={review.rating} />
                    <p className="break-words text-sm text-gray-700">{review.message}</p>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-600">No reviews yet.</p>
          )}
          <ReviewForm productId={product.id} eligibility={data.eligibility} />
        </section>
      </div>
    </div>
  );
}

/**
 * After posting a review the page comes back with `#review-<id>`: bring that review into view in
 * the dialog (and its list), clear of the toast at the bottom. Without JavaScript the browser
 * follows the fragment itself.
 */
function useReviewInView() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash.startsWith("#review-")) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: "center" });
  }, [hash]);
}

function ReviewForm({ productId, eligibility }: { productId: string; eligibility: ProductDialogData["eligibility"] }) {
  const actionData = useActionData<DialogActionData>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const defaultAction = useFormAction();
  const [form, fields] = useSchemaForm(ReviewSchema, {
    id: `review-${productId}`,
    lastResult: navigation.state === "idle" ? actionData?.review : undefined,
  });

  // Shown with the form's own errors: those of the hidden product id and a refusal that is about no
  // field (an unknown intent), which would otherwise have nowhere to appear.
  const formErrors = [
    ...(form.errors ?? []),
    ...(fields.productId.errors ?? []),
    ...(navigation.state === "idle" && actionData?.message ? [actionData.message] : []),
  ];

  if (eligibility !== "allowed") {
    return (
      <div className="space-y-2">
        <p className="rounded-md bg-gray-50 p-3 text-sm text-gray-700">
          {eligibility === "already-reviewed"
            ? "You already reviewed this product. Thank you!"
            : "Only shoppers who bought this product can review it."}
        </p>
        <div role="alert">
          <ErrorList id={form.errorId} errors={formErrors} />
        </div>
      </div>
    );
  }

  // SPEC: Submit stays disabled until there is a message and a rating (with JS; the server checks anyway).
  const incomplete = !String(fields.reviewMessage.value ?? "").trim() || !fields.reviewValue.value;
  // Without JavaScript a refusal is a new page, which would open at its top: the fragment brings
  // the browser back to this form and its errors. With it the page stays where it is.
  const action = hydrated ? undefined : `${defaultAction}#${form.id}`;
  return (
    <Form method="post" action={action} preventScrollReset {...getFormProps(form)} className="scroll-mt-4 space-y-3">
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="productId" value={productId} />
      <fieldset className="space-y-1" aria-describedby={fields.reviewValue.errors ? fields.reviewValue.errorId : undefined}>
        <legend className="text-sm font-medium text-gray-800">Your rating</legend>
        <div className="flex flex-wrap gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="flex cursor-pointer items-center gap-1 rounded-md border border-gray-300 px-2 py-1 text-sm has-[:checked]:border-amber-500 has-[:checked]:bg-amber-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600"
            >
              <input
                type="radio"
                name={fields.reviewValue.name}
                value={n}
                className="sr-only"
                defaultChecked={fields.reviewValue.initialValue === String(n)}
              />
              <span aria-hidden="true" className="text-amber-500">
                ★
              </span>
              {n} {n === 1 ? "star" : "stars"}
            </label>
          ))}
        </div>
        <ErrorList id={fields.reviewValue.errorId} errors={fields.reviewValue.errors} />
      </fieldset>
      <TextareaField label="Write a review" meta={fields.reviewMessage} rows={3} placeholder="Write a review..." />
      <div role="alert">
        <ErrorList id={form.errorId} errors={formErrors} />
      </div>
      <Button type="submit" disabled={hydrated && (incomplete || navigation.state === "submitting")}>
        Submit
      </Button>
    </Form>
  );
}
