import type { BackInStockState } from "./back-in-stock";
import type { Constraints } from "./form-on-demand";
import { LOW_STOCK_THRESHOLD } from "./constants";
import type { Photo, Sizes } from "./photos";
import { colorId, sizeParam, type Variant } from "./variants";

/**
 * A product as the shop works with it: money in integer cents. The /api answers the legacy
 * shape (`_id`, dollar amounts, `totalStock`): see app/routes/api/legacy-json.server.ts.
 */
export type Product = {
  id: string;
  /** Its address: /shop/products/<handle> (productPath). */
  handle: string;
  /** The cover's address (its first photo's `src`): what older clients show. */
  image: string;
  /** Its photos in the owner's order, the cover first (app/lib/photos.ts). */
  photos: Photo[];
  title: string;
  description: string;
  /** The ids of its category and brand (the demo's are words: `men`, `nike`), and their names now. */
  category: string;
  brand: string;
  categoryName: string;
  brandName: string;
  /** The owner's tags, where the page needs them (a product's page and form; not the listing's cards). */
  tags?: string[];
  priceCents: number;
  salePriceCents: number;
  /** The sum of the variants' stock. */
  stock: number;
  /** Its sizes and colours, in picker order; one "One size" variant for a product without them. */
  variants: Variant[];
  /** Mean of the review ratings, one decimal; 0 without reviews. */
  averageRating: number;
  /** What search engines show for its page (issue 50); '' = made from the title and the description. */
  seoTitle: string;
  seoDescription: string;
};

export type Review = {
  id: string;
  productId: string;
  userId: string;
  userName: string;
  message: string;
  rating: number;
  createdAt: string;
};

/**
 * A product as a grid's card shows it (listing, search, collections, home, "You may also like"):
 * only what the card needs, so a page carries no more for its cards (issue 52). Made on the server
 * (catalog's `asCards`); the whole product is read when its dialog or page opens.
 */
export type CardProduct = Pick<
  Product,
  "id" | "handle" | "title" | "brandName" | "categoryName" | "priceCents" | "salePriceCents" | "stock"
> & {
  /** The photo the card shows (the cover, or the first of a colour the listing's filter chose), at the card's widths only. */
  photo: Pick<Photo, "src" | "base" | "widths" | "width" | "height">;
  /** What the shopper picks before adding: "size" (several sizes) or "colour"; null: one variant, added from the card. */
  choose: "size" | "colour" | null;
  /** The variant the card's Add to cart adds (a product with one variant), else null. */
  variantId: string | null;
};

/** The id of a review's element in the product dialog: the fragment the page goes to after posting it. */
export const reviewAnchor = (reviewId: string) => `review-${reviewId}`;

/** SPEC: stock 0 'Out Of Stock'; below 10 'Only N items left'; otherwise a sale price shows 'Sale'. */
export function productBadge(product: Pick<Product, "stock" | "salePriceCents">): string | null {
  if (product.stock <= 0) return "Out Of Stock";
  if (product.stock < LOW_STOCK_THRESHOLD) return `Only ${product.stock} items left`;
  if (product.salePriceCents > 0) return "Sale";
  return null;
}

/** Whether a shopper may review a product: bought it (an order that still stands), and not reviewed it yet. */
export type ReviewEligibility = "allowed" | "not-purchased" | "already-reviewed" | "signed-out";

/** The details dialog of home, listing and search (`?product=<id>`): the product, its reviews and whether this shopper may add one. */
export type ProductDialogData = {
  id: string;
  product: Product | null;
  reviews: Review[];
  eligibility: ReviewEligibility;
  /** "E-mail me when it's back" (issue 51): who asks, and the sizes they wait for already. */
  backInStock?: BackInStockState;
  /** The review form's constraints (from its schema, on the server); with a product. */
  reviewConstraint?: Constraints;
};

/** A variant running out, on the dashboard's reorder list. */
export type LowStockVariant = { productId: string; title: string; size: string; color: string; stock: number };

/** A home page banner the owner uploaded. */
/** `sizes`: the widths an uploaded banner was made at (issue 42); null for one from before, or a link. */
export type Banner = { id: string; image: string; sizes: Sizes | null };

/**
 * A product's own page; `choice` (a colour, a size) makes the address of one variant, written one
 * way whatever form it comes in: `?color=navy&size=M`, `?color=heather+grey&size=EU-42`.
 */
export function productPath(handle: string, choice: { color?: string | null; size?: string | null } = {}): string {
  const query = new URLSearchParams();
  if (choice.color) query.set("color", colorId(choice.color));
  if (choice.size) query.set("size", sizeParam(choice.size));
  const search = query.toString();
  return `/shop/products/${encodeURIComponent(handle)}${search ? `?${search}` : ""}`;
}

/**
 * The owner's preview of a product's page inside the admin area (issue 48: the specification sends
 * an admin on a shop page back to the dashboard), with the same choice in its query.
 */
export function productPreviewPath(id: string, choice: { color?: string | null; size?: string | null } = {}): string {
  const search = productPath("", choice).split("?")[1];
  return `/admin/products/${encodeURIComponent(id)}/preview${search ? `?${search}` : ""}`;
}
