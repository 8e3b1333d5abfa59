import { Link, useLocation, useNavigate } from "react-router";
import { cn } from "~/lib/cn";
import { photoColorAmong, photosForColor, productPhotos } from "~/lib/photos";
import { productBadge, productPath, type Product } from "~/lib/product";
import { withParam } from "~/lib/url";
import { AddToCartForm } from "./add-to-cart-form";
import { ProductDialogOverlay } from "./overlays";
import { Price } from "./price";
import { ProductPicture } from "./product-picture";

/**
 * A product as the listing shows it: a link that opens its details (the dialog), its title a link
 * to its own page, and Add to cart. `preview` (the
 * owner's "View shop") shows the card alone, with nothing to open or add. `href`: the card is a
 * link to that address instead (a product page's "You may also like"), with nothing to add.
 * `load`: how the image loads; the first cards of a results page are the likely largest paint.
 */
export function ProductCard({
  product,
  load = "lazy",
  preview = false,
  href,
  colors = [],
  sizes = GRID_SIZES,
}: {
  product: Product;
  load?: "lazy" | "eager" | "high";
  preview?: boolean;
  href?: string;
  /** The colours a filter chose (colour ids): the card shows the first one's photo. */
  colors?: readonly string[];
  /** How wide the photo shows (`sizes`): the listing's grid by default. */
  sizes?: string;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const badge = productBadge(product);
  const photos = productPhotos(product);
  const photo = photosForColor(photos, photoColorAmong(photos, colors))[0]!;
  const picture = (
    <div className="relative">
      <ProductPicture
        photo={photo}
        alt={product.title}
        sizes={sizes}
        width={320}
        priority={load === "high"}
        eager={load === "eager"}
        className="aspect-square w-full rounded-t-lg bg-gray-100 object-cover"
      />
      {badge ? (
        <span
          className={`absolute left-2 top-2 rounded-full px-2 py-0.5 text-xs font-semibold ${badge === "Sale" ? "bg-red-600 text-white" : "bg-gray-900 text-white"}`}
        >
          {badge}
        </span>
      ) : null}
    </div>
  );
  const details = (title: React.ReactNode) => (
    <div className="flex flex-1 flex-col gap-1 p-3">
      <h3 className="font-semibold leading-snug group-hover:underline">{title}</h3>
      <p className="text-sm text-gray-600">
        {product.brandName} · {product.categoryName}
      </p>
      <Price priceCents={product.priceCents} salePriceCents={product.salePriceCents} className="mt-auto pt-1" />
    </div>
  );
  if (preview || href) {
    const face = (
      <>
        {picture}
        {details(product.title)}
      </>
    );
    return (
      // No overflow clipping on the card: it would cut the link's focus ring; the image is rounded instead.
      <article className={articleClass}>
        {preview ? (
          <div className="flex flex-1 flex-col">{face}</div>
        ) : (
          <Link to={href!} className={cn(linkClass, "rounded-b-lg")}>
            {face}
          </Link>
        )}
      </article>
    );
  }
  const dialog = withParam(location, "product", product.id);
  return (
    // The card opens the product dialog (SPEC): its picture is the dialog's link, stretched over the
    // whole card (`after:`), with or without JavaScript. The title links the product's own page, a
    // link crawlers follow (robots.txt keeps them from the dialog's `?product=`); with JavaScript
    // a plain click on it opens the dialog too, as a click anywhere on the card does.
    <article className={cn(articleClass, "group relative")}>
      <Link
        to={dialog}
        preventScrollReset
        data-product-link={product.id}
        onPointerEnter={ProductDialogOverlay.preload}
        onFocus={ProductDialogOverlay.preload}
        className="rounded-t-lg after:absolute after:inset-0 after:rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        {picture}
      </Link>
      {details(
        <Link
          to={productPath(product.handle)}
          onPointerEnter={ProductDialogOverlay.preload}
          onClick={(event) => {
            // A new tab or window (a modifier, the middle button) opens the page itself.
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            void navigate(dialog, { preventScrollReset: true });
          }}
          className="relative z-10 rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          {product.title}
        </Link>,
      )}
      <AddToCartForm product={product} className="relative z-10 p-3 pt-1" />
    </article>
  );
}

const articleClass = "flex flex-col rounded-lg border border-gray-200 bg-white shadow-xs transition-shadow hover:shadow-md";

// The grids' columns (ProductGrid) in at most 1280 px: 2 on phones (16 px sides, 12 px gaps), 3
// from md, 4 from lg (24 px sides, 16 px gaps). Exact on phones: at a 390 px phone's 1.75 device
// pixels a card needs the 320 size, where "50vw" would ask for the 640 one.
const GRID_SIZES =
  "(min-width: 1280px) 296px, (min-width: 1024px) calc(25vw - 24px), (min-width: 768px) calc(33vw - 27px), (min-width: 640px) calc(50vw - 32px), calc(50vw - 22px)";

const linkClass =
  "group flex flex-1 flex-col rounded-t-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

/**
 * Product grid: 2 columns on phones, 3 on medium screens, 4 on large ones (SPEC section 9).
 * `heading` adds a screen-reader heading where the page has none right above the cards (h3).
 * `atTop`: the grid starts near the top of the page, so its first row loads at once (the first
 * row on a phone with high priority) instead of lazily.
 */
export function ProductGrid({
  products,
  heading,
  headingId,
  atTop = false,
  preview = false,
  colors,
}: {
  products: Product[];
  /** The colours the listing's filter chose: each card shows that colour's photo. */
  colors?: readonly string[];
  /** The owner's preview: cards with nothing to open or add. */
  preview?: boolean;
  heading?: string;
  /** Makes the heading a target for a skip link: the next Tab goes to the first product. */
  headingId?: string;
  atTop?: boolean;
}) {
  return (
    <>
      {heading ? (
        <h2 id={headingId} tabIndex={headingId ? -1 : undefined} className="sr-only">
          {heading}
        </h2>
      ) : null}
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
        {products.map((p, i) => (
          <li key={p.id} className="flex [&>article]:w-full">
            <ProductCard product={p} preview={preview} colors={colors} load={!atTop || i >= 4 ? "lazy" : i < 2 ? "high" : "eager"} />
          </li>
        ))}
      </ul>
    </>
  );
}
