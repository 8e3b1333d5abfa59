import { data, Link } from "react-router";
import { ProductPage } from "~/components/shop/product-page";
import { IdSchema } from "~/lib/schemas/fields";
import { PRODUCT_NOT_FOUND } from "~/lib/messages/catalog";
import { productPath } from "~/lib/product";
import { choiceFromQuery } from "~/lib/product-choice";
import { costNotes } from "~/lib/costs/notes";
import { pageTitle } from "~/lib/shop-name";
import { asCards, getProduct, relatedProducts } from "~/server/catalog/catalog.server";
import { catalogue } from "~/server/catalog/catalogue.server";
import { trailOf } from "~/server/catalog/storefront.server";
import { listReviews } from "~/server/catalog/reviews.server";
import { costSettings } from "~/server/settings/settings.server";
import type { Route } from "./+types/product-preview";

// A product's page as shoppers see it (issue 48), for the owner: the specification sends an admin
// on any shop page back to the dashboard, so, as "View shop" does for the home page
// (storefront.tsx), the same page is drawn inside the admin area. Its colour and size links stay
// in the preview; nothing is added to a cart or reviewed here.

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(`${loaderData?.product.title ?? "Product"} as shoppers see it · Admin`, matches) },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = IdSchema.safeParse(params.id);
  const product = id.success ? await getProduct(id.data) : null;
  if (!product) throw data(PRODUCT_NOT_FOUND, { status: 404 });
  const [reviews, related, settings, snapshot] = await Promise.all([
    listReviews(product.id),
    relatedProducts(product, 4, asCards()),
    costSettings(),
    catalogue(),
  ]);
  // What shoppers read beside the price (PriceNote), as the shop's layout gives it to them.
  const priceNote = costNotes(settings).price;
  return {
    product,
    reviews,
    related,
    trail: trailOf(snapshot, product.category),
    choice: choiceFromQuery(product.variants, new URL(request.url).searchParams),
    priceNote,
  };
}

export default function ProductPreview({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const link = "font-medium text-blue-700 hover:underline";
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm">
        <p className="min-w-0 text-blue-950">
          Preview: this product's page as shoppers see it, at <span className="break-all font-mono">{productPath(product.handle)}</span>
        </p>
        <nav aria-label="Preview" className="flex flex-wrap gap-x-4 gap-y-1">
          <Link to="/admin/products" className={link}>
            All products
          </Link>
          <Link to={`/admin/products?edit=${product.id}`} className={link}>
            Edit product
          </Link>
          <Link to={`/admin/products/${product.id}/photos`} className={link}>
            Photos
          </Link>
        </nav>
      </div>
      <div className="-mx-4 overflow-hidden border-y border-gray-200 bg-white sm:mx-0 sm:rounded-lg sm:border">
        <ProductPage {...loaderData} eligibility="signed-out" preview />
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
