import { data, redirect } from "react-router";
import { ProductPage } from "~/components/shop/product-page";
import { productPath } from "~/lib/product";
import { choiceFromQuery } from "~/lib/product-choice";
import { productMeta } from "~/lib/product-seo";
import { OWN_DESCRIPTION } from "~/lib/seo";
import { largestPhotoUrl, productPhotos } from "~/lib/photos";
import { shopNameIn } from "~/lib/shop-name";
import { currentUser } from "~/server/accounts/session.server";
import { asCards, getProduct, relatedProducts } from "~/server/catalog/catalog.server";
import { catalogue } from "~/server/catalog/catalogue.server";
import { trailOf } from "~/server/catalog/storefront.server";
import { lookUpHandle } from "~/server/catalog/handles.server";
import { listReviews, reviewEligibility } from "~/server/catalog/reviews.server";
import { absoluteUrl } from "~/server/platform/image-urls.server";
import { backInStockState, productDialogAction, reviewConstraint } from "./product-dialog.server";
import type { Route } from "./+types/product";

// A product's own page (issue 40): its address is its handle; the chosen colour and size are in
// the query (`?color=navy&size=M`). Meta reads everything it needs from the loader's data.

// What search engines and link previews read (app/lib/seo.ts), built from the data the page shows.
// A product that is not there: the error page writes the one title (no second one here).
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? productMeta({
        origin: loaderData.origin,
        shopName: shopNameIn(matches),
        product: loaderData.product,
        trail: loaderData.trail,
        // Each photo's JPEG (link previews show no AVIF), absolute, with the colour it shows.
        photos: productPhotos(loaderData.product).map((photo) => {
          const url = largestPhotoUrl(photo, "jpg");
          return { url: url.startsWith("/") ? loaderData.origin + url : url, color: photo.color };
        }),
        reviews: { average: loaderData.product.averageRating, count: loaderData.reviews.length },
        selected: loaderData.choice,
      })
    : [];

// Its description is the product's: the shop-wide one is left out (root.tsx).
export const handle = OWN_DESCRIPTION;

const NOT_FOUND = "We couldn't find this product. It may no longer be in the shop.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const found = await lookUpHandle(params.handle);
  if (!found) throw data(NOT_FOUND, { status: 404 });
  // An old handle (the owner changed it): links people shared move for good to the new address.
  if ("movedTo" in found) throw redirect(`${productPath(found.movedTo)}${url.search}`, 301);
  const product = await getProduct(found.productId);
  if (!product) throw data(NOT_FOUND, { status: 404 });
  const user = currentUser(context);
  const [reviews, eligibility, related, snapshot, backInStock] = await Promise.all([
    listReviews(product.id),
    user ? reviewEligibility(user.id, product.id) : ("signed-out" as const),
    relatedProducts(product, 4, asCards()),
    catalogue(),
    backInStockState(user, product),
  ]);
  return {
    product,
    reviews,
    eligibility,
    backInStock,
    reviewConstraint,
    related,
    // Its category's place in the owner's tree: the breadcrumbs, on the page and in JSON-LD.
    trail: trailOf(snapshot, product.category),
    choice: choiceFromQuery(product.variants, url.searchParams),
    // The shop's public address (PUBLIC_URL), for absolute URLs in meta.
    origin: absoluteUrl(""),
  };
}

/** The dialog's action: the same add to cart (rules, messages) and reviews. */
export const action = ({ request, context }: Route.ActionArgs) => productDialogAction(request, context);

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  return <ProductPage {...loaderData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
