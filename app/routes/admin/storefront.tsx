import { BannerCarousel } from "~/components/shop/banner-carousel";
import { ProductGrid } from "~/components/shop/product-card";
import { pageTitle } from "~/lib/shop-name";
import { carouselSlides } from "~/server/admin/banners.server";
import { asCards, featuredProducts } from "~/server/catalog/catalog.server";
import type { Route } from "./+types/storefront";

// "View shop" (issue 38): the owner's look at the shop's home page as shoppers see it, its banners
// and featured products. A preview inside the admin area, because the specification sends an admin
// on any shop page back to the dashboard (SPEC section 2); docs/decisions/0048.

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("View shop", matches) }];

export async function loader() {
  const [slides, featured] = await Promise.all([carouselSlides(), featuredProducts(8, asCards())]);
  return { slides, featured };
}

export default function Storefront({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold">Your shop as shoppers see it</h1>
        <p className="text-sm text-gray-600">
          The top of the home page: your banners and the newest products. Shoppers open a product and add it to their cart here; in this
          preview nothing opens.
        </p>
      </div>
      <div className="overflow-hidden rounded-lg border border-gray-200 bg-white">
        <BannerCarousel slides={loaderData.slides} />
        <div className="p-4 sm:p-6">
          <h2 className="mb-4 text-xl font-bold">Featured Products</h2>
          <ProductGrid products={loaderData.featured} preview />
        </div>
      </div>
    </div>
  );
}
