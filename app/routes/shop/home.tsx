import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { BannerCarousel } from "~/components/shop/banner-carousel";
import { ProductDialogOverlay } from "~/components/shop/overlays";
import { ProductGrid } from "~/components/shop/product-card";
import { collectionPath, listingPathOf } from "~/lib/catalogue";
import { rememberFilters } from "~/lib/listing";
import type { HomeCollection, Tile } from "~/lib/storefront";
import { tileGrid } from "~/lib/tile-grid";
import { catalogue } from "~/server/catalog/catalogue.server";
import { homeCatalogue, shopWords } from "~/server/catalog/storefront.server";
import { carouselSlides } from "~/server/admin/banners.server";
import { asCards, featuredProducts } from "~/server/catalog/catalog.server";
import { productDialogAction } from "./product-dialog.server";
import { useProductDialog } from "./product-dialog";
import { skipWhenOnlyProductChanges } from "~/lib/revalidate";
import { currentUser } from "~/server/accounts/session.server";
import type { Route } from "./+types/home";
import { pageTitle, shopNameIn } from "~/lib/shop-name";
import { homeMeta, shopDescription } from "~/lib/seo";
import { absoluteImageUrl, absoluteUrl } from "~/server/platform/image-urls.server";
import { costSettingsOf, deliveryPromise } from "~/lib/costs/totals";
import { shopSettings } from "~/server/settings/settings.server";

// The title, and for search engines and link previews the canonical address and a picture
// (app/lib/seo.ts). After an error, none: the error page writes the one title.
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? [
        { title: pageTitle("Home", matches) },
        ...homeMeta({
          origin: loaderData.seo.origin,
          shopName: shopNameIn(matches),
          description: loaderData.seo.description,
          image: loaderData.seo.image,
        }),
      ]
    : [];

export async function loader({ context }: Route.LoaderArgs) {
  // Null for a visitor of an open shop.
  const user = currentUser(context);
  const [slides, featured, settings, snapshot] = await Promise.all([
    carouselSlides(),
    featuredProducts(8, asCards()),
    shopSettings(),
    catalogue(),
  ]);
  // What delivery costs to the shop's own country, as the owner set it (free while no zones are set).
  const delivery = deliveryPromise(costSettingsOf(settings), settings.country);
  const first = featured[0];
  const words = shopWords(snapshot);
  return {
    userName: user?.userName ?? null,
    slides,
    featured,
    delivery,
    // The owner's top categories, first brands and home collections: what the tiles show, no more.
    catalogue: homeCatalogue(snapshot),
    brandsYouLove: words.brands.slice(0, 6),
    // The shop's public address (PUBLIC_URL), its description and a featured product's photo, for meta.
    seo: { origin: absoluteUrl(""), description: shopDescription(words), image: first ? absoluteImageUrl(first.photo.src) : null },
  };
}

export const action = ({ request, context }: Route.ActionArgs) => productDialogAction(request, context);

export const shouldRevalidate = skipWhenOnlyProductChanges;

/** Why shop here: the brands are the owner's first ones. */
function reasons(brands: string[]) {
  const names = brands.length > 1 ? `${brands.slice(0, -1).join(", ")} and ${brands.at(-1)}` : (brands[0] ?? "Our brands");
  return [
    { title: "Secure payment", text: "Pay safely through PayPal: we never see your card details." },
    { title: "Brands you love", text: `${names} in one place.` },
    { title: "Real reviews", text: "Only shoppers who bought a product can review it." },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const dialog = useProductDialog();
  const { categories, brands, brandCount, collections } = loaderData.catalogue;
  return (
    <>
      <BannerCarousel slides={loaderData.slides} />
      <div className="mx-auto max-w-7xl space-y-14 px-4 py-10 sm:px-6">
        <section className="space-y-2 text-center">
          <h1 className="break-words text-3xl font-extrabold tracking-tight sm:text-4xl">
            {loaderData.userName ? `Welcome, ${loaderData.userName}` : "Welcome"}
          </h1>
          <p className="text-gray-600">Discover this season's styles, from the brands you love.</p>
        </section>

        {categories.length ? <FilterTiles heading="Shop by Category" id="categories-heading" filter="category" items={categories} /> : null}

        <section aria-labelledby="featured-heading">
          <h2 id="featured-heading" className="mb-5 text-center text-2xl font-bold">
            Featured Products
          </h2>
          <ProductGrid products={loaderData.featured} />
        </section>

        {collections.length ? <Collections collections={collections} /> : null}

        {brands.length ? (
          <FilterTiles heading="Shop by Brand" id="brands-heading" filter="brand" items={brands}>
            {brandCount > brands.length ? (
              <p className="mt-4 text-center">
                <Link
                  to="/shop/listing?more=brand"
                  className="font-semibold underline underline-offset-4 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-blue-600"
                >
                  All {brandCount} brands
                </Link>
              </p>
            ) : null}
          </FilterTiles>
        ) : null}

        <section aria-labelledby="why-heading" className="rounded-xl bg-gray-50 p-6 sm:p-10">
          <h2 id="why-heading" className="mb-6 text-center text-2xl font-bold">
            Why Shop With Us
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {[loaderData.delivery, ...reasons(loaderData.brandsYouLove)].map((r) => (
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

/**
 * Tiles that open the listing filtered by one category or brand (and, with JS, remember it). Every
 * row is full whatever their count (app/lib/tile-grid.ts: the demo's 5 categories are 3 + 2 on a
 * phone and one row from sm).
 */
function FilterTiles({
  heading,
  id,
  filter,
  items,
  children,
}: {
  heading: string;
  id: string;
  filter: "category" | "brand";
  items: Tile[];
  children?: React.ReactNode;
}) {
  const grid = tileGrid(items.length);
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-5 text-center text-2xl font-bold">
        {heading}
      </h2>
      <ul className={`grid gap-3 sm:gap-4 ${grid.grid}`} data-testid={`${filter}-tiles`}>
        {items.map((item, i) => (
          <li key={item.handle} className={grid.item(i)}>
            <Link
              to={listingPathOf(filter, item.handle)}
              onClick={() => rememberFilters({ category: [], brand: [], tag: [], size: [], color: [], [filter]: [item.handle] })}
              className="flex h-24 flex-col items-center justify-center gap-1 rounded-lg border border-gray-200 bg-white px-1 text-center text-sm font-semibold shadow-xs hover:shadow-md focus-visible:outline-2 focus-visible:outline-blue-600 sm:text-base"
            >
              {item.image ? (
                <img src={item.image} alt="" width={80} height={40} loading="lazy" className="h-10 w-20 object-contain" />
              ) : null}
              <span className="line-clamp-2 break-words">{item.name}</span>
            </Link>
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}

/** The collections the owner put on the home page: each with its photo (or its name on a plain card), words and a link. */
function Collections({ collections }: { collections: HomeCollection[] }) {
  const grid = tileGrid(collections.length, { base: 1, sm: 2, lg: 3 });
  const alone = collections.length === 1;
  return (
    <section aria-labelledby="collections-heading">
      <h2 id="collections-heading" className="mb-5 text-center text-2xl font-bold">
        Collections
      </h2>
      <ul className={`grid gap-4 ${grid.grid}`} data-testid="collection-tiles">
        {collections.map((c, i) => (
          <li key={c.handle} className={`flex ${grid.item(i)}`}>
            {/* Without a photo, the card is a dark panel with the words on it. */}
            <article
              className={cn(
                "group relative flex w-full flex-col overflow-hidden rounded-xl border shadow-xs hover:shadow-md",
                c.image ? "border-gray-200 bg-white" : "border-gray-900 bg-gray-900 text-white",
                // One collection alone: its photo beside its words rather than a page-wide picture.
                alone && c.image && "sm:flex-row",
              )}
            >
              {c.image ? (
                <img
                  src={c.image}
                  alt=""
                  width={640}
                  height={240}
                  loading="lazy"
                  className={cn("aspect-[8/3] w-full bg-gray-100 object-cover", alone && "sm:w-1/2")}
                />
              ) : null}
              <div
                className={cn(
                  "flex flex-1 flex-col gap-1",
                  c.image ? "p-4" : "min-h-40 justify-center p-6 text-center",
                  alone && c.image && "sm:justify-center sm:p-8",
                )}
              >
                <h3 className={cn("font-bold", c.image ? "text-lg" : "text-2xl")}>
                  <Link
                    to={collectionPath(c.handle)}
                    className="after:absolute after:inset-0 group-hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
                  >
                    {c.name}
                  </Link>
                </h3>
                {c.description ? (
                  <p className={cn("line-clamp-2 text-sm", c.image ? "text-gray-600" : "text-gray-200")}>{c.description}</p>
                ) : null}
                <p aria-hidden="true" className={cn("pt-1 text-sm font-semibold", c.image && "mt-auto")}>
                  Shop the collection ›
                </p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
