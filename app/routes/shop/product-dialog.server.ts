import { data } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import type { SessionUser } from "~/lib/access";
import { reviewAnchor, type Product, type Review } from "~/lib/product";
import { IdSchema, ReviewSchema } from "~/lib/schemas";
import { getProduct } from "../../server/catalog/catalog.server";
import { addReview, listReviews, reviewEligibility, type ReviewEligibility } from "../../server/catalog/reviews.server";
import { requireShopper } from "../../server/accounts/session.server";
import { parseFormWith, readForm } from "../../server/platform/form.server";
import { REVIEW_ADDED } from "~/lib/messages/catalog";
import { UNKNOWN_ACTION } from "~/lib/messages/platform";

export type ProductDialogData = {
  id: string;
  product: Product | null;
  reviews: Review[];
  eligibility: ReviewEligibility;
};

/** The details dialog named by `?product=<id>` on home, listing and search, or null. */
export async function loadProductDialog(request: Request, user: SessionUser): Promise<ProductDialogData | null> {
  const id = new URL(request.url).searchParams.get("product");
  if (id === null) return null;
  const valid = IdSchema.safeParse(id);
  const product = valid.success ? await getProduct(valid.data) : null;
  if (!product) return { id, product: null, reviews: [], eligibility: "not-purchased" };
  const [reviews, eligibility] = await Promise.all([listReviews(product.id), reviewEligibility(user.id, product.id)]);
  return { id, product, reviews, eligibility };
}

/**
 * The action of the pages that show the details dialog: the review form posts here, so refusals
 * come back as messages next to the form (status 4xx) and success redirects with a toast.
 */
export async function productDialogAction(request: Request) {
  const user = await requireShopper(request);
  const formData = await readForm(request);
  if (formData.get("intent") !== "review") {
    return data({ review: null, message: UNKNOWN_ACTION }, { status: 400 });
  }
  const submission = parseFormWith(formData, ReviewSchema);
  if (submission.status !== "success") {
    return data({ review: submission.reply(), message: null }, { status: 400 });
  }
  const result = await addReview(user, submission.value);
  if (!result.ok) {
    return data({ review: submission.reply({ formErrors: [result.message] }), message: null }, { status: result.status });
  }
  const url = new URL(request.url);
  // The fragment brings the new review into view on the page that follows, without JavaScript too.
  return redirectWithSuccess(`${url.pathname}${url.search}#${reviewAnchor(result.review.id)}`, REVIEW_ADDED);
}
