import { useEffect } from "react";
import { Form, useActionData, useFormAction, useLocation, useNavigation } from "react-router";
import { getFormProps } from "@conform-to/react";
import { Button, ButtonLink } from "~/components/ui/button";
import { ErrorList, TextareaField } from "~/components/ui/field";
import { signInTo } from "~/lib/access";
import { cn } from "~/lib/cn";
import type { FormResult } from "~/lib/form";
import { useSchemaFormOnDemand, type Constraints } from "~/lib/form-on-demand";
import { reviewAnchor, type Review, type ReviewEligibility } from "~/lib/product";
import type { ReviewSchema } from "~/lib/schemas/reviews";
import { useHydrated } from "~/lib/use-hydrated";
import { Stars } from "./stars";

// A product's reviews, as its details dialog and its own page show them: the average, the list,
// and the form for those who may add one. The form posts to the page's action (both pages use
// productDialogAction).

// The form's check (zod and the schema) loads when the shopper first reaches the form, not with the
// page (form-on-demand.ts); its constraints come from the page's loader (reviewConstraint).
const loadReviewCheck = () => import("~/lib/form-checks").then((m) => m.checkReview);

type ReviewActionData = { review: FormResult | null; message: string | null } | undefined;

/** The average rating with the number of reviews: "4.5 (2 reviews)". */
export function RatingSummary({ average, count, size = "h-5 w-5" }: { average: number; count: number; size?: string }) {
  return (
    <div className="flex items-center gap-2">
      <Stars value={average} size={size} />
      <span className="text-sm text-gray-700">
        {average.toFixed(1)} ({count} {count === 1 ? "review" : "reviews"})
      </span>
    </div>
  );
}

export function ReviewList({ reviews, className }: { reviews: Review[]; className?: string }) {
  useReviewInView();
  if (!reviews.length) return <p className="text-sm text-gray-600">No reviews yet.</p>;
  return (
    <ul className={cn("space-y-4", className)}>
      {reviews.map((review) => (
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
  );
}

/**
 * After posting a review the page comes back with `#review-<id>`: bring that review into view (in
 * the dialog, and in its list), clear of the toast at the bottom. Without JavaScript the browser
 * follows the fragment itself.
 */
function useReviewInView() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash.startsWith("#review-")) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: "center" });
  }, [hash]);
}

export function ReviewForm({
  productId,
  eligibility,
  constraint,
}: {
  productId: string;
  eligibility: ReviewEligibility;
  /** The schema's constraints (reviewConstraint, from the loader). */
  constraint: Constraints;
}) {
  const actionData = useActionData<ReviewActionData>();
  const navigation = useNavigation();
  const location = useLocation();
  const hydrated = useHydrated();
  const defaultAction = useFormAction();
  const [form, fields] = useSchemaFormOnDemand<typeof ReviewSchema>(loadReviewCheck, {
    id: `review-${productId}`,
    constraint,
    lastResult: navigation.state === "idle" ? actionData?.review : undefined,
  });

  // Shown with the form's own errors: those of the hidden product id and a refusal that is about no
  // field (an unknown intent), which would otherwise have nowhere to appear.
  const formErrors = [
    ...(form.errors ?? []),
    ...(fields.productId.errors ?? []),
    ...(navigation.state === "idle" && actionData?.message ? [actionData.message] : []),
  ];

  if (eligibility === "signed-out") {
    // A visitor of an open shop: signing in brings them back here, to this product.
    return (
      <ButtonLink to={signInTo(location.pathname + location.search)} variant="outline">
        Sign in to write a review
      </ButtonLink>
    );
  }

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
