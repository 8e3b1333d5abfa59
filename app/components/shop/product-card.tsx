import { Link, useLocation, useNavigate } from "react-router";
import { cn } from "~/lib/cn";
import { productBadge, productPath, type CardProduct } from "~/lib/product";
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
  sizes = GRID_SIZES,
}: {
  product: CardProduct;
  load?: "lazy" | "eager" | "high";
  preview?: boolean;
  href?: string;
  /** How wide the photo shows (`sizes`): the listing's grid by default. */
  sizes?: string;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const badge = productBadge(product);
  const picture = (
    <div className="relative">
      <ProductPicture
        photo={product.photo}
        alt={product.title}
        sizes={sizes}
        width={320}
        priority={load === "high"}
        eager={load === "eager"}
        className="card-photo"
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
    <div className="card-body">
      <h3 className="card-title">{title}</h3>
      <p className="text-sm text-gray-600">{`${product.brandName} · ${product.categoryName}`}</p>
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
        // The dialog is this page's own route; the product's page opens the dialog too (with
        // JavaScript): neither needs the route discovery React Router marks links for.
        discover="none"
        data-product-link={product.id}
        onPointerEnter={ProductDialogOverlay.preload}
        onFocus={ProductDialogOverlay.preload}
        className="card-cover"
      >
        {picture}
      </Link>
      {details(
        <Link
          to={productPath(product.handle)}
          discover="none"
          onPointerEnter={ProductDialogOverlay.preload}
          onClick={(event) => {
            // A new tab or window (a modifier, the middle button) opens the page itself.
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            void navigate(dialog, { preventScrollReset: true });
          }}
          className="focus-ring relative z-10 rounded"
        >
          {product.title}
        </Link>,
      )}
      <AddToCartForm product={product} className="card-action" />
    </article>
  );
}

const articleClass = "card";

// The grids' columns (ProductGrid) in at most 1280 px: 2 on phones (16 px sides, 12 px gaps), 3
// from md, 4 from lg (24 px sides, 16 px gaps). Exact on phones: at a 390 px phone's 1.75 device
// pixels a card needs the 320 size, where "50vw" would ask for the 640 one.
// Written without optional spaces: a grid repeats it on every card.
const GRID_SIZES =
  "(min-width:1280px) 296px,(min-width:1024px) calc(25vw - 24px),(min-width:768px) calc(33vw - 27px),(min-width:640px) calc(50vw - 32px),calc(50vw - 22px)";

const linkClass = "focus-ring group flex flex-1 flex-col rounded-t-lg";

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
}: {
  /** The cards (made on the server: catalog's asCards, whose colours pick each card's photo). */
  products: CardProduct[];
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
          <li key={p.id} className="flex">
            <ProductCard product={p} preview={preview} load={!atTop || i >= 4 ? "lazy" : i < 2 ? "high" : "eager"} />
          </li>
        ))}
      </ul>
    </>
  );
}
