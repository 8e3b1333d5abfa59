// Business constants from SPEC sections 3 and 9, shared by server and browser.
import type { OrderStatus, PaymentStatus } from "#db/values";

/** What the shop is called when SHOP_NAME is not set. */
export const DEFAULT_SHOP_NAME = "Fashion Shop";

export const SORT_OPTIONS = [
  { id: "price-lowtohigh", label: "Price: Low to High" },
  { id: "price-hightolow", label: "Price: High to Low" },
  { id: "title-atoz", label: "Title: A to Z" },
  { id: "title-ztoa", label: "Title: Z to A" },
] as const;
export type SortId = (typeof SORT_OPTIONS)[number]["id"];
export const DEFAULT_SORT: SortId = "price-lowtohigh";

export { ORDER_STATUSES, type OrderStatus, type PaymentStatus, type RefundStatus, type Role, type StatusChangeBy } from "#db/values";

/** The statuses an admin may pick, in any order (SPEC section 4). */
export const ADMIN_ORDER_STATUSES = ["pending", "inProcess", "inShipping", "delivered", "rejected"] as const;
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];

/**
 * What people and the /api see: a paid order with refunds is `partiallyRefunded` or `refunded`
 * (read from what was refunded, never stored apart from it).
 */
export type ShownPaymentStatus = PaymentStatus | "partiallyRefunded" | "refunded";

/** The order statuses from which a shopper may still cancel (nothing has shipped yet). */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ["pending", "confirmed", "inProcess"];

export const MAX_ADDRESSES = 3;
/** The most of one size and colour a cart line holds, however it got there (an add, or a visitor's cart joined). */
export const MAX_LINE_QUANTITY = 999;
export const LOW_STOCK_THRESHOLD = 10;
/** A product's page says "Only N left" of the chosen size and colour below this many (issue 40). */
export const FEW_LEFT = 5;
/** A size or colour at or below this many is "low stock" on the admin's dashboard. */
export const LOW_STOCK_VARIANT = 3;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** A form that carries one image: the image plus its other fields. Larger is "File too large". */
export const MAX_UPLOAD_FORM_BYTES = MAX_IMAGE_BYTES + 512 * 1024;
/**
 * What a route that takes an image lets in at the server's door (its `handle.maxBodyBytes`, read by
 * the root's limitBodies middleware; other routes get 256 KB). Above MAX_UPLOAD_FORM_BYTES the route itself answers with
 * SPEC's "File too large" rather than a bare 413.
 */
export const UPLOAD_ROUTE_HANDLE = { maxBodyBytes: 8 * 1024 * 1024 };
/**
 * Several photos in one request (the photo manager's "Add photos", `POST /api/admin/products/:id/photos`):
 * each at most MAX_IMAGE_BYTES, all together at most this. Larger is refused with
 * PHOTOS_TOO_LARGE, never read whole.
 */
export const MAX_PHOTOS_UPLOAD_BYTES = 25 * 1024 * 1024;
export const MAX_PHOTOS_FORM_BYTES = MAX_PHOTOS_UPLOAD_BYTES + 512 * 1024;
/** The door of the routes that take several photos: above MAX_PHOTOS_FORM_BYTES they answer PHOTOS_TOO_LARGE themselves. */
export const PHOTOS_ROUTE_HANDLE = { maxBodyBytes: 32 * 1024 * 1024 };
export const CAROUSEL_INTERVAL_MS = 5000;
export const SEARCH_MIN_LENGTH = 4; // "longer than 3 characters after trimming"
export const SEARCH_DELAY_MS = 1000;
export const TOAST_DURATION_MS = 5000;
