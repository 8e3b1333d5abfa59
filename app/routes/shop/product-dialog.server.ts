import { data, redirect, type RouterContextProvider } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { SessionUser } from "~/lib/access";
import { reviewAnchor, type ProductDialogData } from "~/lib/product";
import { AddToCartSchema } from "~/lib/schemas/cart";
import { IdSchema } from "~/lib/schemas/fields";
import { ReviewSchema } from "~/lib/schemas/reviews";
import type { AddToCartResult } from "~/lib/cart";
import { addToCart } from "~/server/cart/cart.server";
import { cartToChange } from "~/server/cart/visitor-cart.server";
import { currentUser } from "~/server/accounts/session.server";
import { signInTo } from "~/lib/access";
import { ADDED_TO_CART } from "~/lib/messages/cart";
import { getProduct } from "~/server/catalog/catalog.server";
import { addReview, listReviews, reviewEligibility } from "~/server/catalog/reviews.server";
import { parseFormWith, readForm } from "~/server/platform/form.server";
import { REVIEW_ADDED } from "~/lib/messages/catalog";
import { UNKNOWN_ACTION } from "~/lib/messages/platform";
import { BACK_IN_STOCK_ID, type BackInStockReply, type BackInStockState } from "~/lib/back-in-stock";
import type { Product } from "~/lib/product";
import { BackInStockSchema, VisitorBackInStockSchema } from "~/lib/schemas/back-in-stock";
import { subscribeBackInStock, waitingVariantsOf } from "~/server/catalog/back-in-stock.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import { isShopOpen } from "~/server/settings/settings.server";

/** The review form's constraints (required, lengths), for its controls before its check has loaded (form-on-demand.ts). */
export const reviewConstraint = getZodConstraint(ReviewSchema);

/** The details dialog named by `?product=<id>` on home, listing and search, or null. `user` is null for a visitor of an open shop. */
export async function loadProductDialog(request: Request, user: SessionUser | null): Promise<ProductDialogData | null> {
  const id = new URL(request.url).searchParams.get("product");
  if (id === null) return null;
  const valid = IdSchema.safeParse(id);
  const product = valid.success ? await getProduct(valid.data) : null;
  if (!product) return { id, product: null, reviews: [], eligibility: "not-purchased" };
  const [reviews, eligibility, backInStock] = await Promise.all([
    listReviews(product.id),
    user ? reviewEligibility(user.id, product.id) : ("signed-out" as const),
    backInStockState(user, product),
  ]);
  return { id, product, reviews, eligibility, backInStock, reviewConstraint };
}

/**
 * The action of the pages that show the details dialog: its add to cart and review forms post
 * here, so refusals come back as messages next to the form (status 4xx) and success redirects
 * back, the dialog still open, with a toast.
 */
export async function productDialogAction(request: Request, context: Readonly<RouterContextProvider>) {
  const formData = await readForm(request);
  const url = new URL(request.url);
  if (formData.get("intent") === "add") return addFromDialog(request, context, formData, url.pathname + url.search);
  if (formData.get("intent") === "back-in-stock") return backInStockFromPage(request, context, formData);
  if (formData.get("intent") !== "review") {
    return data({ review: null, message: UNKNOWN_ACTION }, { status: 400 });
  }
  // A visitor of an open shop may read reviews; writing one takes an account (and a purchase).
  const user = currentUser(context);
  if (!user) throw redirect(signInTo(url.pathname + url.search));
  const submission = parseFormWith(formData, ReviewSchema);
  if (submission.status !== "success") {
    return data({ review: submission.reply(), message: null }, { status: 400 });
  }
  const result = await addReview(user, submission.value);
  if (!result.ok) {
    return data({ review: submission.reply({ formErrors: [result.message] }), message: null }, { status: result.status });
  }
  // The fragment brings the new review into view on the page that follows, without JavaScript too.
  return redirectWithSuccess(`${url.pathname}${url.search}#${reviewAnchor(result.review.id)}`, REVIEW_ADDED);
}

/**
 * Adds the chosen size and colour. A missing choice ("Please select a size") is a field error,
 * answered with the choices sent so the dialog shows them again; a stock refusal is a toast, as
 * everywhere else in the shop.
 */
async function addFromDialog(request: Request, context: Readonly<RouterContextProvider>, formData: FormData, back: string) {
  const parsed = AddToCartSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return redirectWithError(back, parsed.error.issues[0]!.message);
  const { productId, quantity, ...choice } = parsed.data;
  const cart = await cartToChange(request, context);
  if (!cart.ok) return redirectWithError(back, cart.message, { headers: cart.headers });
  const result = await addToCart(cart.owner, productId, quantity, choice);
  if (result.ok) return redirectWithSuccess(back, ADDED_TO_CART, { headers: cart.headers });
  if (result.fieldErrors) {
    const cart: AddToCartResult = { fieldErrors: result.fieldErrors, size: choice.size, color: choice.color };
    return data({ review: null, message: null, cart }, { status: result.status });
  }
  return redirectWithError(back, result.message);
}

/** Who asks "e-mail me when it's back" on a product's page or dialog, and the sizes they wait for already. */
export async function backInStockState(user: SessionUser | null, product: Product): Promise<BackInStockState> {
  if (!user) return { email: null, waiting: [] };
  const soldOut = product.variants.some((v) => v.stock <= 0);
  return { email: user.email, waiting: soldOut ? await waitingVariantsOf(user.id, product.id) : [] };
}

/**
 * "E-mail me when it's back" (issue 51): an address that is not one is a field error; a refusal (a
 * size in stock again, too many attempts) is said next to the form, the page staying as it was;
 * a subscription redirects back with a toast. A visitor of a closed shop is sent to sign in, as for a cart.
 */
async function backInStockFromPage(request: Request, context: Readonly<RouterContextProvider>, formData: FormData) {
  const user = currentUser(context);
  const url = new URL(request.url);
  if (!user && !(await isShopOpen())) throw redirect(signInTo(url.pathname + url.search));
  const fields = Object.fromEntries(formData);
  const variantId = typeof fields.variantId === "string" ? fields.variantId : "";
  const typed = typeof fields.email === "string" ? fields.email : undefined;
  const parsed = user ? BackInStockSchema.safeParse({ variantId }) : VisitorBackInStockSchema.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors: BackInStockReply["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === "email" ? "email" : "variantId";
      (fieldErrors[key] ??= []).push(issue.message);
    }
    const reply: BackInStockReply = { variantId, ok: false, email: typed, fieldErrors };
    return data({ review: null, message: null, backInStock: reply }, { status: 400 });
  }
  const result = await subscribeBackInStock(parsed.data, { user, ip: clientIp(request) });
  // Done: back to the same page (303, so a refresh does not post again), the promise in a toast.
  if (result.ok) return redirectWithSuccess(`${url.pathname}${url.search}#${BACK_IN_STOCK_ID}`, result.message, { status: 303 });
  const reply: BackInStockReply = { variantId, ok: false, email: typed, message: result.message };
  return data({ review: null, message: null, backInStock: reply }, { status: result.status, headers: result.headers });
}
