import { Link } from "react-router";
import { BannerCarousel } from "~/components/shop/banner-carousel";
import { ProductDialogOverlay } from "~/components/shop/overlays";
import { ProductGrid } from "~/components/shop/product-card";
import { BRANDS, CATEGORIES } from "~/lib/constants";
import { rememberFilters } from "~/lib/listing";
import { carouselSlides } from "~/server/admin/banners.server";
import { featuredProducts } from "~/server/catalog/catalog.server";
import { productDialogAction } from "./product-dialog.server";
import { useProductDialog } from "./product-dialog";
import { skipWhenOnlyProductChanges } from "~/lib/revalidate";
import { currentUser } from "~/server/accounts/session.server";
import type { Route } from "./+types/home";
import { pageTitle, shopNameIn } from "~/lib/shop-name";
import { homeMeta } from "~/lib/seo";
import { absoluteImageUrl, absoluteUrl } from "~/server/platform/image-urls.server";
import { costSettingsOf, deliveryPromise } from "~/lib/costs/totals";
import { shopSettings } from "~/server/settings/settings.server";

// The title, and for search engines and link previews the canonical address and a picture
// (app/lib/seo.ts). After an error, none: the error page writes the one title.
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? [
        { title: pageTitle("Home", matches) },
        ...homeMeta({ origin: loaderData.seo.origin, shopName: shopNameIn(matches), image: loaderData.seo.image }),
      ]
    : [];

export async function loader({ context }: Route.LoaderArgs) {
  // Null for a visitor of an open shop.
  const user = currentUser(context);
  const [slides, featured, settings] = await Promise.all([carouselSlides(), featuredProducts(8), shopSettings()]);
  // What delivery costs to the shop's own country, as the owner set it (free while no zones are set).
  const delivery = deliveryPromise(costSettingsOf(settings), settings.country);
  const first = featured[0];
  return {
    userName: user?.userName ?? null,
    slides,
    featured,
    delivery,
    // The shop's public address (PUBLIC_URL) and a featured product's photo, for meta.
    seo: { origin: absoluteUrl(""), image: first ? absoluteImageUrl(first.image) : null },
  };
}

export const action = ({ request, context }: Route.ActionArgs) => productDialogAction(request, context);

export const shouldRevalidate = skipWhenOnlyProductChanges;

const REASONS = [
  { title: "Secure payment", text: "Pay safely through PayPal: we never see your card details." },
  { title: "Brands you love", text: "Nike, Adidas, Puma, Levi's, Zara and H&M in one place." },
  { title: "Real reviews", text: "Only shoppers who bought a product can review it." },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const dialog = useProductDialog();
  return (
    <>
      <BannerCarousel slides={loaderData.slides} />
      <div className="mx-auto max-w-7xl space-y-14 px-4 py-10 sm:px-6">
        <section className="space-y-2 text-center">
          <h1 className="break-words text-3xl font-extrabold tracking-tight sm:text-4xl">
            {loaderData.userName ? `Welcome, ${loaderData.userName}` : "Welcome"}
          </h1>
          <p className="text-gray-600">Discover this season's styles for men, women and kids, from the brands you love.</p>
        </section>

        {/* Five tiles fill their rows on every screen: 3 + 2 on phones (on a six-column grid), 5 from sm. */}
        <FilterTiles
          heading="Shop by Category"
          id="categories-heading"
          filter="category"
          items={CATEGORIES}
          gridClass="grid-cols-6 sm:grid-cols-5"
          itemClass={(i) => (i < 3 ? "col-span-2 sm:col-span-1" : "col-span-3 sm:col-span-1")}
        />

        <section aria-labelledby="featured-heading">
          <h2 id="featured-heading" className="mb-5 text-center text-2xl font-bold">
            Featured Products
          </h2>
          <ProductGrid products={loaderData.featured} />
        </section>

        <FilterTiles
          heading="Shop by Brand"
          id="brands-heading"
          filter="brand"
          items={BRANDS}
          gridClass="grid-cols-2 sm:grid-cols-3 lg:grid-cols-6"
        />

        <section aria-labelledby="why-heading" className="rounded-xl bg-gray-50 p-6 sm:p-10">
          <h2 id="why-heading" className="mb-6 text-center text-2xl font-bold">
            Why Shop With Us
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {[loaderData.delivery, ...REASONS].map((r) => (
              <li key={r.title} className="space-y-1 text-center">
                <h3 className="font-semibold">{r.title}</h3>
                <p className="text-sm text-gray-600">{r.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
      {dialog ? <ProductDialogOverlay data={dialog} /> : null}
    </>
  );
}

/** Tiles that open the listing filtered by one category or brand (and, with JS, remember it). */
function FilterTiles({
  heading,
  id,
  filter,
  items,
  gridClass,
  itemClass,
}: {
  heading: string;
  id: string;
  filter: "category" | "brand";
  items: ReadonlyArray<{ id: string; label: string }>;
  gridClass: string;
  itemClass?: (index: number) => string;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-5 text-center text-2xl font-bold">
        {heading}
      </h2>
      <ul className={`grid gap-3 sm:gap-4 ${gridClass}`} data-testid={`${filter}-tiles`}>
        {items.map((item, i) => (
          <li key={item.id} className={itemClass?.(i)}>
            <Link
              to={`/shop/listing?${filter}=${encodeURIComponent(item.id)}`}
              onClick={() => rememberFilters({ category: [], brand: [], size: [], color: [], [filter]: [item.id] })}
              className="flex h-24 items-center justify-center rounded-lg border px-1 text-center text-sm sm:text-base border-gray-200 bg-white font-semibold shadow-xs hover:shadow-md focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
